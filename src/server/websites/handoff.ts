import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';

/** A hand-off link works once, within a minute: it only has to survive one redirect. */
export const HANDOFF_TTL_MS = 60_000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Session cookies are host-only (no `Domain`), so switching to another website's host in /config
 * needs a sign-in there. The owner's current session asks for a hand-off token bound to the
 * owner and the target website; only its hash is stored.
 */
export async function issueHandoff(
  db: Db,
  ownerId: string,
  siteId: string,
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('website_handoffs')
    .values({
      id: hash(token),
      owner_id: ownerId,
      site_id: siteId,
      expires_at: new Date(now + HANDOFF_TTL_MS),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Spends a token on the website it was made for: one UPDATE that only matches an unused,
 * unexpired token of this website, so it works once even when two requests race. Returns the
 * owner, or undefined.
 */
export async function consumeHandoff(
  db: Db,
  token: string,
  siteId: string,
  now: number,
): Promise<string | undefined> {
  if (!token || token.length > 100) return undefined;
  const row = await db
    .updateTable('website_handoffs')
    .set({ used_at: new Date(now) })
    .where('id', '=', hash(token))
    .where('site_id', '=', siteId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .returning('owner_id')
    .executeTakeFirst();
  return row?.owner_id;
}

/** Spent and expired hand-offs go with the hourly purge. */
export async function purgeHandoffs(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('website_handoffs')
    .where('expires_at', '<', new Date(now - HANDOFF_TTL_MS))
    .execute();
}
