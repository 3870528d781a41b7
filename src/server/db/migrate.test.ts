import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import type { DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';
import { allMigrations } from './migrations.js';

describeEachBackend('migrateToLatest', (kind) => {
  let h: DatabaseHandle;
  let schema: string | undefined;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    if (kind === 'postgres') {
      const { rows } = await sql<{ s: string }>`SELECT current_schema() AS s`.execute(h.db);
      schema = rows[0]!.s;
    }
  });
  afterAll(async () => h.close());

  it('applies nothing when every migration is recorded (the quick check of every start)', async () => {
    expect(await migrateToLatest(h.db, schema)).toEqual([]);
  });

  it('runs a migration whose record is missing, through the migrator', async () => {
    // The cart function migration is CREATE OR REPLACE, so running it again is harmless.
    const name = '20261122_0420_cart_add_entry';
    expect(Object.keys(allMigrations)).toContain(name);
    await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(h.db);
    expect(await migrateToLatest(h.db, schema)).toEqual([name]);
    expect(await migrateToLatest(h.db, schema)).toEqual([]);
  });
});
