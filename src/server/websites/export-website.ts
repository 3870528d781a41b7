import { strToU8, zipSync, type Zippable } from 'fflate';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ObjectStorage } from '../media/storage/index.js';
import { assetKeys } from '../content/asset-files.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { EXPORT_FORMAT, EXPORT_TABLES, EXPORT_VERSION, SITE_COLUMNS } from './export-tables.js';

async function readAll(storage: ObjectStorage, key: string): Promise<Uint8Array | undefined> {
  const obj = await storage.get(key);
  if (!obj) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of obj.body)
    chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The rows of one export table that belong to the website, only its exported columns. */
async function rowsOf(db: Db, siteId: string, t: (typeof EXPORT_TABLES)[number]) {
  const cols = sql.join(t.columns.map((c) => sql.ref(`t.${c}`)));
  const from = sql.id(t.table);
  const q =
    'site' in t.by
      ? sql<Record<string, unknown>>`SELECT ${cols} FROM ${from} t WHERE t.site_id = ${siteId}`
      : sql<
          Record<string, unknown>
        >`SELECT ${cols} FROM ${from} t WHERE t.${sql.id(t.by.column)} IN (
          SELECT ${sql.id(t.by.parentKey)} FROM ${sql.id(t.by.parent)} WHERE site_id = ${siteId})`;
  return (await q.execute(db)).rows;
}

/**
 * A website as a zip (docs/websites.md "Export format"): `manifest.json` (format, version, the
 * site row's settings and styles), `data/{table}.json` for pages, collections, items, products,
 * variants, forms and their submissions, orders and their lines, and `media/{storage key}` for
 * every stored image width and file. Images are stored, not compressed (they already are).
 */
export async function exportWebsite(
  db: Db,
  storage: ObjectStorage,
  siteId: string,
  now: number,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const site = await db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirst();
  if (!site) throw appError(ErrorCode.NOT_FOUND);
  const files: Zippable = {};
  const counts: Record<string, number> = {};
  let assets: Record<string, unknown>[] = [];
  for (const t of EXPORT_TABLES) {
    const rows = await rowsOf(db, siteId, t);
    if (t.table === 'assets') assets = rows;
    counts[t.table] = rows.length;
    files[`data/${t.table}.json`] = strToU8(JSON.stringify(rows));
  }
  const siteFields: Record<string, unknown> = { slug: site.slug };
  for (const c of SITE_COLUMNS) siteFields[c] = site[c];
  files['manifest.json'] = strToU8(
    JSON.stringify(
      {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: new Date(now).toISOString(),
        site: siteFields,
        counts,
      },
      null,
      2,
    ),
  );
  for (const a of assets) {
    const keys = assetKeys({
      id: String(a.id),
      kind: a.kind === 'file' ? 'file' : 'image',
      revision: Number(a.revision) || 1,
      widths: Array.isArray(a.widths) ? (a.widths as number[]) : [],
    });
    for (const key of keys) {
      const bytes = await readAll(storage, key);
      // A seeded image whose files this server never rendered is carried by its SVG source.
      if (bytes) files[`media/${key}`] = [bytes, { level: 0 }];
    }
  }
  const bytes = zipSync(files, { level: 6 });
  const date = new Date(now).toISOString().slice(0, 10);
  return { bytes, filename: `${site.slug}-export-${date}.zip` };
}
