import { Migrator, type Migration, type MigrationProvider } from 'kysely';
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
