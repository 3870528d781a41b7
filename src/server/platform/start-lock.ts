import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';

/** Advisory-lock key of start-up preparation (any constant: 'site' 'prep'). */
const PREPARE_LOCK = 0x5349_5445;

/**
 * Runs `work` (migrations and the first-start seed) while holding a PostgreSQL advisory lock,
 * so that servers on several machines starting at once prepare the database one after the other:
 * the first migrates and seeds, the others then find nothing to do. PGlite has one process.
 */
export async function whilePreparing<T>(
  database: DatabaseHandle,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres') return work();
  return database.db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${PREPARE_LOCK})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${PREPARE_LOCK})`.execute(conn);
    }
  });
}
