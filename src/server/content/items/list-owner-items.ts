import {
  ItemLimits,
  type ItemListResponse,
  type ItemStatus,
} from '../../../shared/content/item-api.js';
import type { Db } from '../../db/database.js';
import type { CollectionRow } from '../content-queries.js';
import { itemSummaryOf } from './item-doc.js';

export interface OwnerItemQuery {
  status?: ItemStatus | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export const ITEM_PAGE_SIZE = 50;

/** The cursor is the offset of the next page, opaque to the editor ('o' and digits). */
function offsetOf(cursor: string | undefined): number {
  const m = cursor ? /^o(\d{1,7})$/.exec(cursor) : null;
  return m ? Number(m[1]) : 0;
}

function like(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The owner's list of a collection's items, every status: filtered by status and by words in the
 * title, excerpt or tags, newest first for blogs (scheduled ones at their time), by start date
 * for events, the owner's order for galleries. `total` counts the whole filtered list.
 */
export async function listOwnerItems(
  db: Db,
  siteId: string,
  collection: CollectionRow,
  q: OwnerItemQuery,
): Promise<ItemListResponse> {
  let base = db
    .selectFrom('items')
    .where('site_id', '=', siteId)
    .where('collection_id', '=', collection.id);
  if (q.status) base = base.where('status', '=', q.status);
  for (const word of (q.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const p = like(word);
    base = base.where((eb) => eb.or([eb('title', 'ilike', p), eb('excerpt', 'ilike', p)]));
  }
  const limit = Math.min(q.limit ?? ITEM_PAGE_SIZE, ItemLimits.listPageMax);
  const offset = offsetOf(q.cursor);
  let rows = base.selectAll();
  if (collection.kind === 'events') rows = rows.orderBy('start_date', 'desc');
  else if (collection.kind === 'gallery') rows = rows.orderBy('position');
  else rows = rows.orderBy('published_on', 'desc');
  const [list, count] = await Promise.all([
    rows
      .orderBy('id')
      .limit(limit + 1)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const more = list.length > limit;
  return {
    items: list.slice(0, limit).map((r) => itemSummaryOf(r, collection)),
    total: Number(count.n),
    nextCursor: more ? `o${offset + limit}` : null,
  };
}
