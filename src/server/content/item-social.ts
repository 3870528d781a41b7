import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ItemRow } from './content-queries.js';

/**
 * What the comments domain (src/server/comments) may read and write of items: the published
 * item visitors comment on or like, the two counts the item JSON carries (SPEC 3.7
 * publicCommentCount, likeCount), and titles and addresses for the owner's queue. The counts
 * are set in the caller's transaction, beside the change they count.
 */

/** A published item of the website, or undefined. */
export async function findLiveItem(
  db: Db,
  siteId: string,
  itemId: string,
): Promise<ItemRow | undefined> {
  return db
    .selectFrom('items')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', itemId)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

export async function setPublicCommentCount(
  db: Db,
  itemId: string,
  count: number,
): Promise<boolean> {
  const changed = await db
    .updateTable('items')
    .set({ public_comment_count: count })
    .where('id', '=', itemId)
    .where('public_comment_count', '<>', count)
    .returning('id')
    .executeTakeFirst();
  return changed !== undefined;
}

/** Adds `delta` likes (never below 0) and returns the new count. */
export async function addToLikeCount(db: Db, itemId: string, delta: number): Promise<number> {
  const row = await db
    .updateTable('items')
    .set({ like_count: sql<number>`greatest(0, like_count + ${delta})` })
    .where('id', '=', itemId)
    .returning('like_count')
    .executeTakeFirst();
  return row?.like_count ?? 0;
}

/** Titles and page paths of items (any status), for lists that name them. */
export async function itemSummaries(
  db: Db,
  siteId: string,
  ids: string[],
): Promise<Map<string, { title: string; url: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select([
      'items.id',
      'items.title',
      'items.url_id',
      'collections.url_id as base',
      'collections.kind',
    ])
    .where('items.site_id', '=', siteId)
    .where('items.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => {
      const base = r.base === '' ? '' : `/${r.base}`;
      const url = r.kind === 'products' ? `${base}/p/${r.url_id}` : `${base}/${r.url_id}`;
      return [r.id, { title: r.title, url }];
    }),
  );
}
