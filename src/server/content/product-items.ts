import { sql, type Insertable } from 'kysely';
import { RecordType } from '../../shared/enums.js';
import type { Db } from '../db/database.js';
import type { CollectionRow, ItemRow } from './content-queries.js';
import type { ItemsTable } from './tables.js';

/**
 * What the catalog's owner API (catalog/owner/) does to the content half of a product: a product
 * is an item (record type 11) in a products collection, the catalog's rows add commerce data.
 * The catalog calls these instead of touching `items` itself (ARCHITECTURE: domains reach each
 * other through exported functions).
 */

/** The fields of a product item the owner edits. */
export interface ProductItemFields {
  title: string;
  urlId: string;
  body: string;
  /** Undefined on an update keeps the stored excerpt (the editor does not show it). */
  excerpt?: string;
  tags: string[];
  categories: string[];
  /** In display order; the first becomes the main image, the others `asset_ids`. */
  imageIds: string[];
}

export interface NewProductItem extends ProductItemFields {
  id: string;
  collectionId: string;
  position: number;
  publishedOn: Date;
}

/** The store's products collection (the first in navigation order when a site has several). */
export async function findStoreCollection(
  db: Db,
  siteId: string,
): Promise<CollectionRow | undefined> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('kind', '=', 'products')
    .orderBy('nav_index')
    .orderBy('url_id')
    .executeTakeFirst();
}

/** Product items by id (record type 11 only), in the order asked. */
export async function findProductItems(db: Db, siteId: string, ids: string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('record_type', '=', RecordType.STORE_ITEM)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The image ids of a product item in display order (main image first). */
export function productImageIds(row: Pick<ItemRow, 'main_image_id' | 'asset_ids'>): string[] {
  const ids = row.main_image_id ? [row.main_image_id] : [];
  for (const id of row.asset_ids) if (!ids.includes(id)) ids.push(id);
  return ids;
}

/** Every URL slug of a collection → its item id: what new slugs must avoid. */
export async function urlIdsOf(db: Db, collectionId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'url_id'])
    .where('collection_id', '=', collectionId)
    .execute();
  return new Map(rows.map((r) => [r.url_id, r.id]));
}

/** The lowest position in a collection, so new products list first (as the owner expects). */
export async function firstPosition(db: Db, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.min('position').as('p'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p);
}

function itemColumns(f: ProductItemFields) {
  return {
    title: f.title,
    url_id: f.urlId,
    body: f.body,
    ...(f.excerpt !== undefined ? { excerpt: f.excerpt } : {}),
    tags: JSON.stringify(f.tags),
    categories: JSON.stringify(f.categories),
    main_image_id: f.imageIds[0] ?? null,
    asset_ids: JSON.stringify(f.imageIds.slice(1)),
  };
}

/** Inserts product items in one statement (the CSV import passes a few hundred at a time). */
export async function insertProductItems(
  db: Db,
  siteId: string,
  items: NewProductItem[],
): Promise<void> {
  if (items.length === 0) return;
  const rows: Insertable<ItemsTable>[] = items.map((it) => ({
    id: it.id,
    site_id: siteId,
    collection_id: it.collectionId,
    record_type: RecordType.STORE_ITEM,
    ...itemColumns(it),
    author: null,
    published_on: it.publishedOn,
    start_date: null,
    end_date: null,
    location: null,
    position: it.position,
    data: '{}',
  }));
  await db.insertInto('items').values(rows).execute();
}

/**
 * Saves the owner's fields of many product items in one statement (the CSV import's chunks; a
 * single save passes one). Rows travel as one JSON parameter.
 */
export async function updateProductItems(
  db: Db,
  siteId: string,
  items: (ProductItemFields & { id: string })[],
): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map((f) => ({ id: f.id, ...itemColumnsJson(f) }));
  await sql`
    update items i set title = r.title, url_id = r.url_id, body = r.body,
      excerpt = coalesce(r.excerpt, i.excerpt), tags = r.tags, categories = r.categories,
      main_image_id = r.main_image_id, asset_ids = r.asset_ids
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, title text, url_id text,
      body text, excerpt text, tags jsonb, categories jsonb, main_image_id text, asset_ids jsonb)
    where i.site_id = ${siteId} and i.id = r.id and i.record_type = ${RecordType.STORE_ITEM}`.execute(
    db,
  );
}

function itemColumnsJson(f: ProductItemFields) {
  return {
    title: f.title,
    url_id: f.urlId,
    body: f.body,
    excerpt: f.excerpt ?? null,
    tags: f.tags,
    categories: f.categories,
    main_image_id: f.imageIds[0] ?? null,
    asset_ids: f.imageIds.slice(1),
  };
}

/**
 * Deletes product items; the catalog's rows go with them (foreign keys cascade). Returns the ids
 * deleted. Orders keep their own copies of what was bought; carts keep their lines and show them
 * as unavailable.
 */
export async function deleteProductItems(db: Db, siteId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('items')
    .where('site_id', '=', siteId)
    .where('record_type', '=', RecordType.STORE_ITEM)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export type LabelField = 'tags' | 'categories';

/** How many product items carry each tag (or category), most used first. */
export async function productLabelCounts(
  db: Db,
  siteId: string,
  field: LabelField,
): Promise<{ name: string; count: number }[]> {
  const rows = await sql<{ name: string; count: string | number }>`
    select t.name, count(*) as count
    from items i, jsonb_array_elements_text(i.${sql.ref(field)}) as t(name)
    where i.site_id = ${siteId} and i.record_type = ${RecordType.STORE_ITEM}
    group by t.name
    order by count(*) desc, t.name`.execute(db);
  return rows.rows.map((r) => ({ name: r.name, count: Number(r.count) }));
}

/**
 * Replaces every name of `from` by `to` on the site's product items (`to` undefined: removes them),
 * keeping each list's order and no duplicates. Returns the ids of the items changed.
 */
export async function replaceProductLabels(
  db: Db,
  siteId: string,
  field: LabelField,
  from: string[],
  to: string | undefined,
): Promise<string[]> {
  if (from.length === 0) return [];
  const col = sql.ref(field);
  // Arrays travel as one JSON parameter: the same on PGlite and node-postgres.
  const names = sql`array(select jsonb_array_elements_text(${JSON.stringify(from)}::jsonb))`;
  const target = to === undefined ? sql`null::text` : sql`${to}::text`;
  const result = await sql<{ id: string }>`
    update items set ${col} = (
      select coalesce(jsonb_agg(s.name order by s.ord), '[]'::jsonb) from (
        select case when e.v = any(${names}) then ${target} else e.v end as name, min(e.ord) as ord
        from jsonb_array_elements_text(items.${col}) with ordinality as e(v, ord)
        group by 1
      ) s where s.name is not null
    )
    where site_id = ${siteId} and record_type = ${RecordType.STORE_ITEM}
      and ${col} ?| ${names}
    returning id`.execute(db);
  return result.rows.map((r) => r.id);
}

/**
 * The columns of the site's product items the owner's product list reads, as a subquery the
 * catalog joins to its own rows: one statement for a page of 5,000 products, and `items` stays
 * named only here.
 */
export function productItemsView(db: Db, siteId: string) {
  return db
    .selectFrom('items')
    .select(['id', 'collection_id', 'title', 'url_id', 'tags', 'categories', 'main_image_id'])
    .where('site_id', '=', siteId)
    .where('record_type', '=', RecordType.STORE_ITEM);
}
