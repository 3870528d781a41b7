import crypto from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** How long a challenge may be solved and submitted. */
export const ALTCHA_TTL_MS = 10 * 60_000;
/**
 * Work per challenge: the solver tries on average half this many SHA-256 hashes (well under a
 * second in a browser). ALTCHA_MAX_NUMBER tunes it.
 */
export const ALTCHA_MAX_NUMBER = Number(process.env.ALTCHA_MAX_NUMBER ?? 20_000);

/** The HMAC key challenges are signed with, derived from the server SECRET. */
export function altchaHmacKey(secret: string): string {
  return crypto.createHmac('sha256', secret).update('altcha-hmac-key').digest('hex');
}

/** A signed proof-of-work challenge bound to the website, expiring after ALTCHA_TTL_MS. */
export async function createAltchaChallenge(opts: {
  secret: string;
  siteId: string;
  now: number;
  maxNumber?: number;
}): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(Math.max(1, opts.maxNumber ?? ALTCHA_MAX_NUMBER)),
    deriveKey,
    hmacSignatureSecret: altchaHmacKey(opts.secret),
    expiresAt: Math.floor((opts.now + ALTCHA_TTL_MS) / 1000),
    data: { site: opts.siteId },
  });
}

export type AltchaFailure = 'malformed' | 'expired' | 'wrong-site' | 'invalid' | 'replayed';

/**
 * Verifies a solution (the widget's base64 JSON `{ challenge, solution }`): signed with our key,
 * for this website, not expired (by the injected clock too), solved, and never used before —
 * the signature is recorded so a solution works once.
 */
export async function verifyAltcha(
  db: DbOrTrx,
  opts: { secret: string; siteId: string; now: number; payload: string },
): Promise<{ ok: true } | { ok: false; reason: AltchaFailure }> {
  let parsed: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
  try {
    parsed = JSON.parse(Buffer.from(opts.payload, 'base64').toString('utf8')) as typeof parsed;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { challenge, solution } = parsed;
  if (!challenge?.parameters || !challenge.signature || !solution) {
    return { ok: false, reason: 'malformed' };
  }
  const expiresAt = challenge.parameters.expiresAt;
  if (!expiresAt || expiresAt * 1000 < opts.now) return { ok: false, reason: 'expired' };
  if (challenge.parameters.data?.site !== opts.siteId) return { ok: false, reason: 'wrong-site' };
  let result;
  try {
    result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: altchaHmacKey(opts.secret),
    });
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (result.expired) return { ok: false, reason: 'expired' };
  if (!result.verified) return { ok: false, reason: 'invalid' };
  const used = await db
    .insertInto('captcha_used')
    .values({ signature: challenge.signature, expires_at: expiresAt * 1000 })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  if (!used) return { ok: false, reason: 'replayed' };
  return { ok: true };
}

/** Drops records of challenges that expired anyway (called now and then). */
export async function pruneUsedChallenges(db: DbOrTrx, now: number): Promise<void> {
  await db.deleteFrom('captcha_used').where('expires_at', '<', now).execute();
}
