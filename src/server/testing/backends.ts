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
  await migrateToLatest(handle.db, schema);
  return {
    ...handle,
    close: async () => {
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(handle.db);
      await handle.close();
    },
  };
}

/** Runs the same `describe` body once per backend, named after it. */
export function describeEachBackend(name: string, body: (kind: BackendKind) => void): void {
  for (const kind of backends) describe(`${name} [${kind}]`, () => body(kind));
}
