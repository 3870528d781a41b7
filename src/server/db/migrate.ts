import {
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  sql,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import type { Db } from './database.js';
import { allMigrations } from './migrations.js';

class ListProvider implements MigrationProvider {
  constructor(private readonly list: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.list;
  }
}

/**
 * Brings the schema up to date; throws with the failing migration's name on error.
 * `schema` names the PostgreSQL schema holding the migration tables: Kysely looks for them across
 * every schema, so without it tests isolated in their own schemas would see each other's.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  if (await allApplied(db, schema)) return [];
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: new ListProvider(allMigrations),
    // Domains add migrations independently; a new one may sort before one already applied.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    err.message = `migration ${failed?.migrationName ?? '?'} failed: ${err.message}`;
    throw err;
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * True when every migration is already recorded: the usual start. Two small queries, where Kysely's
 * migrator first introspects the whole catalog, takes its lock and reads its table (about a third
 * of a second of every start on PGlite). Anything else — no table yet, a migration missing — goes
 * through the migrator, which does all of that under its lock.
 */
export async function allApplied(db: Db, schema: string | undefined): Promise<boolean> {
  // to_regclass first: selecting from a missing table would work too, but log an ERROR in
  // PostgreSQL's log at every first start.
  const table = schema
    ? `"${schema.replaceAll('"', '""')}".${DEFAULT_MIGRATION_TABLE}`
    : DEFAULT_MIGRATION_TABLE;
  const { rows } = await sql<{ name: string | null }>`
    SELECT to_regclass(${table})::text AS name`.execute(db);
  if (!rows[0]?.name) return false; // a new database: no migration table yet
  const applied = await sql<{ name: string }>`SELECT name FROM ${sql.raw(rows[0].name)}`.execute(
    db,
  );
  const names = new Set(applied.rows.map((r) => r.name));
  return Object.keys(allMigrations).every((name) => names.has(name));
}
