import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { AssetsTable, CollectionsTable, ItemsTable } from './tables.js';

export type CollectionRow = Selectable<CollectionsTable>;
export type ItemRow = Selectable<ItemsTable>;
export type AssetRow = Selectable<AssetsTable>;

/**
 * Visitors see only published items (issue 13): drafts, scheduled, needs-review, private and
 * deprecated ones are in no list, search or summary, and their pages are 404s. The one way to
 * see another status is an owner's signed preview link (`content/items/preview-token.ts`).
 */
const LIVE = 'published';

/**
 * Every collection of a website. Sites have a handful, so the renderer loads them all once per
 * content version and answers navigation and page lookups from memory.
 */
export async function listCollections(db: Db, siteId: string): Promise<CollectionRow[]> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('nav_index')
    .orderBy('url_id')
    .execute();
}

export interface ItemListQuery {
  offset: number;
  limit: number;
  tag?: string | undefined;
  category?: string | undefined;
  /** Blogs read newest first, events soonest first; everything else in the owner's order. */
  order: 'position' | 'newest' | 'start-date';
  /** Items left out (products that are drafts or hidden: catalog `unlistedItemIds`). */
  excludeIds?: readonly string[] | undefined;
}

/** One page of a collection's items; asks for one more row than shown to know if more exist. */
export async function listItems(
  db: Db,
  siteId: string,
  collectionId: string,
  q: ItemListQuery,
): Promise<{ rows: ItemRow[]; hasMore: boolean }> {
  let query = db
    .selectFrom('items')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('collection_id', '=', collectionId)
    .where('status', '=', LIVE);
  if (q.excludeIds?.length) query = query.where('id', 'not in', [...q.excludeIds]);
  // jsonb containment works the same on PGlite and PostgreSQL.
  if (q.tag) query = query.where(sql<boolean>`tags @> ${JSON.stringify([q.tag])}::jsonb`);
  if (q.category) {
    query = query.where(sql<boolean>`categories @> ${JSON.stringify([q.category])}::jsonb`);
  }
  if (q.order === 'newest') query = query.orderBy('published_on', 'desc');
  else if (q.order === 'start-date') query = query.orderBy('start_date', 'asc');
  query = query.orderBy('position').orderBy('id');
  const rows = await query
    .limit(q.limit + 1)
    .offset(q.offset)
    .execute();
  const hasMore = rows.length > q.limit;
  return { rows: hasMore ? rows.slice(0, q.limit) : rows, hasMore };
}

/**
 * An item by its address. `previewId`: the item a valid preview link opens, found whatever its
 * status (only that one; any other unpublished item stays hidden).
 */
export async function findItem(
  db: Db,
  siteId: string,
  collectionId: string,
  urlId: string,
  previewId?: string,
): Promise<ItemRow | undefined> {
  return db
    .selectFrom('items')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('collection_id', '=', collectionId)
    .where('url_id', '=', urlId)
    .where((eb) =>
      previewId
        ? eb.or([eb('status', '=', LIVE), eb('id', '=', previewId)])
        : eb('status', '=', LIVE),
    )
    .executeTakeFirst();
}

/** Published items by id, in the order asked (ids of other websites are ignored). */
export async function findItemsByIds(db: Db, siteId: string, ids: string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .where('status', '=', LIVE)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findAssets(
  db: Db,
  siteId: string,
  ids: Iterable<string>,
): Promise<Map<string, AssetRow>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db
    .selectFrom('assets')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', 'in', list)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** `%`, `_` and `\` are wildcards in LIKE; a visitor's query must match them literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Simple site search: every word must appear in the title, excerpt or body (case-insensitive).
 * Titles that match rank first.
 */
export async function searchItems(
  db: Db,
  siteId: string,
  text: string,
  q: {
    offset: number;
    limit: number;
    excludeIds?: readonly string[] | undefined;
    /** Collections whose items are left out (members-only and password-protected ones). */
    excludeCollectionIds?: readonly string[] | undefined;
  },
): Promise<{ rows: ItemRow[]; hasMore: boolean }> {
  const words = text.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return { rows: [], hasMore: false };
  let query = db
    .selectFrom('items')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('status', '=', LIVE);
  if (q.excludeIds?.length) query = query.where('id', 'not in', [...q.excludeIds]);
  if (q.excludeCollectionIds?.length)
    query = query.where('collection_id', 'not in', [...q.excludeCollectionIds]);
  for (const w of words) {
    const p = likePattern(w);
    query = query.where((eb) =>
      eb.or([eb('title', 'ilike', p), eb('excerpt', 'ilike', p), eb('body', 'ilike', p)]),
    );
  }
  const first = likePattern(words[0]!);
  const rows = await query
    .orderBy(sql`case when title ilike ${first} then 0 else 1 end`)
    .orderBy('published_on', 'desc')
    .orderBy('id')
    .limit(q.limit + 1)
    .offset(q.offset)
    .execute();
  const hasMore = rows.length > q.limit;
  return { rows: hasMore ? rows.slice(0, q.limit) : rows, hasMore };
}
