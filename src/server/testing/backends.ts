import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

export type BackendKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (DESIGN 5: one suite, every backend). */
export const backends: BackendKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A migrated, empty database. PGlite runs in memory; PostgreSQL gets a fresh schema per call so
 * test files never see each other's rows. `close()` drops that schema.
 */
export async function openTestDatabase(kind: BackendKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const handle = await openDatabase({});
    await migrateToLatest(handle.db);
    return handle;
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    schema,
    poolSize: 10,
  });
  await withSchemaLock(handle.db, 'shared', () => migrateToLatest(handle.db, schema));
  return {
    ...handle,
    close: async () => {
      await withSchemaLock(handle.db, 'exclusive', () =>
        sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(handle.db),
      );
      await handle.close();
    },
  };
}

/** Advisory-lock key shared by every test process on the database (any constant would do). */
const SCHEMA_LOCK = 0x7465_7374;

/**
 * Kysely's migrator introspects every schema in the database, resolving each by name
 * (`pg_get_serial_sequence`); a schema another test file drops meanwhile makes it fail with
 * 'schema "t_…" does not exist'. Migrations hold the lock shared (they may run together); a
 * drop holds it exclusively, so it waits for running migrations and they wait for it.
 */
async function withSchemaLock<T>(
  db: DatabaseHandle['db'],
  mode: 'shared' | 'exclusive',
  work: () => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    const suffix = mode === 'shared' ? '_shared' : '';
    await sql`SELECT ${sql.raw(`pg_advisory_lock${suffix}`)}(${SCHEMA_LOCK})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`SELECT ${sql.raw(`pg_advisory_unlock${suffix}`)}(${SCHEMA_LOCK})`.execute(conn);
    }
  });
}

/** Runs the same `describe` body once per backend, named after it. */
export function describeEachBackend(name: string, body: (kind: BackendKind) => void): void {
  for (const kind of backends) describe(`${name} [${kind}]`, () => body(kind));
}
