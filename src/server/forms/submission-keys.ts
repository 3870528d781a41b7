import crypto from 'node:crypto';
import type { Db } from '../db/database.js';

/** A key is good for one submission within this time (SPEC 7 FormSubmissionKey). */
export const SUBMISSION_KEY_TTL_MS = 60 * 60_000;

/** What is stored of a key: its hash, so a database leak gives no usable keys. */
export function submissionKeyHash(key: string): string {
  return crypto.createHash('sha256').update(key).digest('base64url');
}

/** Keys are 32 characters; anything empty or far longer is refused without a query. */
export function isPlausibleSubmissionKey(key: string): boolean {
  return key.length > 0 && key.length <= 200;
}

/** A fresh single-use key bound to the website; only its hash is stored. */
export async function issueSubmissionKey(db: Db, siteId: string, now: number): Promise<string> {
  const key = crypto.randomBytes(24).toString('base64url');
  await db
    .insertInto('form_submission_keys')
    .values({
      key_hash: submissionKeyHash(key),
      site_id: siteId,
      expires_at: now + SUBMISSION_KEY_TTL_MS,
    })
    .execute();
  // Now and then, forget keys nobody used.
  if (Math.random() < 0.01) {
    await db.deleteFrom('form_submission_keys').where('expires_at', '<', now).execute();
  }
  return key;
}

/**
 * Uses up a key: true only for a key issued to this website, not yet used and not expired.
 * Deleting it in the same statement makes a second use (a replay, a double submit) fail.
 */
export async function consumeSubmissionKey(
  db: Db,
  siteId: string,
  key: string,
  now: number,
): Promise<boolean> {
  if (!isPlausibleSubmissionKey(key)) return false;
  const row = await db
    .deleteFrom('form_submission_keys')
    .where('key_hash', '=', submissionKeyHash(key))
    .where('site_id', '=', siteId)
    .returning('expires_at')
    .executeTakeFirst();
  return row !== undefined && row.expires_at > now;
}
