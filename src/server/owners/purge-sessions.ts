import type { Db } from '../db/database.js';

/** Deletes sign-in sessions past their expiry (they open nothing already); returns how many. */
export async function purgeExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('expires_at', '<', new Date(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
