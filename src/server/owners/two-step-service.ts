import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import {
  RECOVERY_CODE_COUNT,
  type SecurityStatus,
  type TotpConfirmed,
  type TotpEnrolment,
} from '../../shared/accounts/api.js';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp.js';

/** The name authenticator apps list the account under. */
export const TOTP_ISSUER = 'Website Builder';

const hashCode = (code: string) =>
  createHash('sha256').update(normalRecoveryCode(code)).digest('hex');

/** Recovery codes are typed loosely: case, spaces and dashes do not matter. */
function normalRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** Ten codes of 10 base32 characters (50 bits each), shown as `xxxxx-xxxxx`. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

export async function securityStatus(db: Db, ownerId: string): Promise<SecurityStatus> {
  const row = await db
    .selectFrom('owners')
    .select(['email', 'totp_enabled_at', 'recovery_code_hashes'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const enabled = row.totp_enabled_at !== null;
  return {
    email: row.email,
    totpEnabled: enabled,
    recoveryCodesLeft: enabled ? row.recovery_code_hashes.length : 0,
  };
}

/**
 * Starts turning on two-step sign-in: a new secret is kept (not yet live) and returned with the
 * QR code. Starting again replaces the secret, so only the newest QR code can be confirmed.
 */
export async function startEnrolment(db: Db, ownerId: string): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const row = await db
    .updateTable('owners')
    .set({ totp_secret: secret })
    .where('id', '=', ownerId)
    .where('totp_enabled_at', 'is', null)
    .returning('email')
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.VALIDATION, 'Two-step sign-in is already on.');
  const uri = otpauthUri({ secret, account: row.email, issuer: TOTP_ISSUER });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri: uri, qrSvg };
}

/**
 * Confirms enrolment with a code from the app: two-step sign-in is on, and ten recovery codes
 * are returned this once (only their hashes are kept). The code's step counts as used.
 */
export async function confirmEnrolment(
  db: Db,
  ownerId: string,
  code: string,
  nowMs: number,
): Promise<TotpConfirmed> {
  const row = await db
    .selectFrom('owners')
    .select(['totp_secret', 'totp_enabled_at', 'last_totp_step'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  if (row.totp_enabled_at !== null)
    throw appError(ErrorCode.VALIDATION, 'Two-step sign-in is already on.');
  if (!row.totp_secret)
    throw appError(ErrorCode.VALIDATION, 'Start setting up two-step sign-in first.');
  const step = matchTotp(row.totp_secret, code, nowMs, lastStepOf(row.last_totp_step));
  if (step === undefined) throw appError(ErrorCode.TOTP_INVALID, TOTP_CODE_WRONG);
  const codes = newRecoveryCodes();
  const done = await db
    .updateTable('owners')
    .set({
      totp_enabled_at: new Date(nowMs),
      last_totp_step: step,
      recovery_code_hashes: JSON.stringify(codes.map(hashCode)),
    })
    .where('id', '=', ownerId)
    .where('totp_enabled_at', 'is', null)
    // The secret the code was checked against: a second enrolment started meanwhile wins.
    .where('totp_secret', '=', row.totp_secret)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw appError(ErrorCode.TOTP_INVALID, TOTP_CODE_WRONG);
  return { recoveryCodes: codes };
}

/** Turns two-step sign-in off, with a current code or a recovery code. */
export async function disableTwoStep(
  db: Db,
  ownerId: string,
  code: string,
  nowMs: number,
): Promise<void> {
  if (!(await checkSecondFactor(db, ownerId, code, nowMs))) throw appError(ErrorCode.TOTP_INVALID);
  await db
    .updateTable('owners')
    .set({
      totp_enabled_at: null,
      totp_secret: null,
      recovery_code_hashes: '[]',
      last_totp_step: null,
    })
    .where('id', '=', ownerId)
    .execute();
}

/** TOTP_INVALID's text where only a code from the app is asked for (no recovery code). */
export const TOTP_CODE_WRONG = 'That code is not right. Enter the current code from your app.';

const lastStepOf = (v: string | number | null): number | null => (v === null ? null : Number(v));

/**
 * The second factor of an owner with two-step sign-in on: a TOTP code (each time step good
 * once, claimed with one conditional UPDATE so two requests cannot both use it) or an unused
 * recovery code (removed as it is used, the same way). False when neither matches.
 */
export async function checkSecondFactor(
  db: Db,
  ownerId: string,
  code: string,
  nowMs: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('owners')
    .select(['totp_secret', 'totp_enabled_at', 'last_totp_step'])
    .where('id', '=', ownerId)
    .executeTakeFirst();
  if (!row?.totp_secret || row.totp_enabled_at === null) return false;
  const trimmed = code.trim();
  if (/^\d[\d\s]*$/.test(trimmed)) {
    const step = matchTotp(row.totp_secret, trimmed, nowMs, lastStepOf(row.last_totp_step));
    if (step === undefined) return false;
    const claimed = await db
      .updateTable('owners')
      .set({ last_totp_step: step })
      .where('id', '=', ownerId)
      .where((eb) => eb.or([eb('last_totp_step', 'is', null), eb('last_totp_step', '<', step)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }
  const hashed = hashCode(trimmed);
  const used = await db
    .updateTable('owners')
    .set({ recovery_code_hashes: sql`recovery_code_hashes - ${hashed}::text` })
    .where('id', '=', ownerId)
    .where(sql<boolean>`recovery_code_hashes @> jsonb_build_array(${hashed}::text)`)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Whether the owner has two-step sign-in on (sign-in asks for a code then). */
export async function hasTwoStep(db: Db, ownerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('owners')
    .select('totp_enabled_at')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  return row?.totp_enabled_at != null;
}
