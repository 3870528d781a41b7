import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ObjectStorage } from '../media/storage/index.js';
import { assetKeys } from '../content/asset-files.js';

/**
 * Rows that belong to a website through a parent rather than a `site_id` column: deleted
 * before their parents. Every other table with a `site_id` column is found in the catalog, so a
 * domain added later is purged too without a change here.
 */
const CHILDREN: { table: string; column: string; parent: string; parentKey: string }[] = [
  { table: 'order_lines', column: 'order_id', parent: 'orders', parentKey: 'id' },
  { table: 'order_events', column: 'order_id', parent: 'orders', parentKey: 'id' },
  { table: 'order_fulfillments', column: 'order_id', parent: 'orders', parentKey: 'id' },
  { table: 'asset_sources', column: 'asset_id', parent: 'assets', parentKey: 'id' },
  { table: 'cart_entries', column: 'cart_id', parent: 'carts', parentKey: 'id' },
  {
    table: 'test_payment_refunds',
    column: 'reference',
    parent: 'test_payments',
    parentKey: 'reference',
  },
];

async function siteTables(db: Db): Promise<string[]> {
  const r = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'site_id'
    ORDER BY table_name`.execute(db);
  return r.rows.map((x) => x.table_name);
}

/**
 * Removes a website and everything of it: its rows in every table (one transaction) and then its
 * media files. Idempotent: a second run finds nothing (the job may run again after a crash).
 */
export async function purgeWebsite(db: Db, storage: ObjectStorage, siteId: string): Promise<void> {
  const assets = await db
    .selectFrom('assets')
    .select(['id', 'kind', 'revision', 'widths'])
    .where('site_id', '=', siteId)
    .execute();
  const tables = await siteTables(db);
  await db.transaction().execute(async (trx) => {
    for (const c of CHILDREN) {
      if (!tables.includes(c.parent)) continue;
      await sql`DELETE FROM ${sql.id(c.table)} WHERE ${sql.id(c.column)} IN (
        SELECT ${sql.id(c.parentKey)} FROM ${sql.id(c.parent)} WHERE site_id = ${siteId})`.execute(
        trx,
      );
    }
    for (const t of tables)
      await sql`DELETE FROM ${sql.id(t)} WHERE site_id = ${siteId}`.execute(trx);
    await trx.deleteFrom('sites').where('id', '=', siteId).execute();
  });
  const keys = assets.flatMap((a) =>
    a.revision >= 1
      ? Array.from({ length: a.revision }, (_, i) =>
          assetKeys({
            id: a.id,
            kind: a.kind === 'file' ? 'file' : 'image',
            revision: i + 1,
            widths: Array.isArray(a.widths) ? (a.widths as number[]) : [],
          }),
        ).flat()
      : [],
  );
  for (let i = 0; i < keys.length; i += 500) await storage.delete(keys.slice(i, i + 500));
}

/** Every website whose grace period has ended is purged; the job runs this hourly. */
export async function purgeDueWebsites(
  db: Db,
  storage: ObjectStorage,
  now: number,
): Promise<string[]> {
  const due = await db
    .selectFrom('sites')
    .select('id')
    .where('deleting_on', 'is not', null)
    .where('deleting_on', '<=', new Date(now))
    .execute();
  for (const s of due) await purgeWebsite(db, storage, s.id);
  return due.map((s) => s.id);
}
