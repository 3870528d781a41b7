import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode, OwnerMessages } from '../../shared/errors.js';
import type { RateLimit } from '../platform/rate-limits.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { CHALLENGE_TTL_MS, openChallenge, sealChallenge } from './sign-in-challenge.js';
import { checkSecondFactor } from './two-step-service.js';

export interface SignInInput {
  email?: string | undefined;
  password?: string | undefined;
  /** The authenticator (or recovery) code of a two-step sign-in. */
  code?: string | undefined;
  /** The sealed first step (TOTP_REQUIRED's `challenge`), instead of email and password. */
  challenge?: string | undefined;
}

export interface SignInDeps {
  db: Db;
  secret: string;
  now: () => number;
  /** Code attempts per account (a wrong password's code step counts too). */
  codeAttempts: RateLimit;
}

// Verifying against a real hash when the email is unknown keeps response times equal, so the
// sign-in form does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;

/**
 * Checks a sign-in and returns the owner to start a session for (issue 16).
 *
 * - Wrong email or password: INVALID_CREDENTIALS, the same for both.
 * - An account with two-step sign-in, without a code: TOTP_REQUIRED with a sealed `challenge`,
 *   whether or not the password was right, so the code step does not reveal it. With the code
 *   (and the challenge, or the email and password again): signed in only when both are right;
 *   otherwise TOTP_INVALID saying "the password or the code", and the sign-in starts over.
 * - Right credentials of an unverified account: EMAIL_NOT_VERIFIED (only after the password was
 *   right, so it reveals nothing to a guesser).
 */
export async function signInOwner(deps: SignInDeps, input: SignInInput): Promise<string> {
  if (input.challenge !== undefined) {
    const c = openChallenge(deps.secret, input.challenge, deps.now());
    if (!c) throw appError(ErrorCode.TOTP_INVALID, OwnerMessages.SIGN_IN_EXPIRED);
    return secondStep(deps, c.ownerId, c.email, c.passwordOk, input.code);
  }
  const email = (input.email ?? '').trim().toLowerCase();
  const row = await deps.db
    .selectFrom('owners')
    .select(['id', 'password_hash', 'email_verified_at', 'totp_enabled_at'])
    .where('email', '=', email)
    .executeTakeFirst();
  let passwordOk: boolean;
  if (row) passwordOk = await verifyPassword(row.password_hash, input.password ?? '');
  else {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
    await verifyPassword(await dummyHash, input.password ?? '');
    throw appError(ErrorCode.INVALID_CREDENTIALS);
  }
  if (row.totp_enabled_at !== null) return secondStep(deps, row.id, email, passwordOk, input.code);
  if (!passwordOk) throw appError(ErrorCode.INVALID_CREDENTIALS);
  if (!row.email_verified_at) throw appError(ErrorCode.EMAIL_NOT_VERIFIED, undefined, { email });
  return row.id;
}

async function secondStep(
  deps: SignInDeps,
  ownerId: string,
  email: string,
  passwordOk: boolean,
  code: string | undefined,
): Promise<string> {
  if (!code?.trim()) {
    const challenge = sealChallenge(deps.secret, {
      ownerId,
      email,
      passwordOk,
      expiresAt: deps.now() + CHALLENGE_TTL_MS,
    });
    throw appError(ErrorCode.TOTP_REQUIRED, undefined, { challenge, email });
  }
  const wait = await deps.codeAttempts.hit(ownerId);
  if (wait) throw appError(ErrorCode.RATE_LIMITED, undefined, {}, { 'retry-after': String(wait) });
  // A code is only checked (and used up) behind the right password.
  const ok = passwordOk && (await checkSecondFactor(deps.db, ownerId, code, deps.now()));
  // `email` is what the person typed in step one, for the form to start over with.
  if (!ok) throw appError(ErrorCode.TOTP_INVALID, OwnerMessages.SIGN_IN_CODE_FAILED, { email });
  const row = await deps.db
    .selectFrom('owners')
    .select('email_verified_at')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.INVALID_CREDENTIALS);
  if (!row.email_verified_at) throw appError(ErrorCode.EMAIL_NOT_VERIFIED, undefined, { email });
  return ownerId;
}
