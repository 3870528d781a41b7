import { PageType } from '../../../shared/enums.js';
import type { CollectionRow, ItemRow } from '../../content/content-queries.js';
import { splitEvents } from '../../../shared/content/events.js';
import { PAGE_SIZES, type ContextDeps, type PageRequest } from './context-deps.js';
import { assetIdsOf, itemJson } from './item-json.js';
import { paginationJson } from './pagination.js';
import { attachProducts, unlistedIds } from './products-json.js';
import { baseContext, collectionJson } from './site-context.js';
import type { PageContext } from './types.js';

/**
 * A collection's list page (pageType 1): products grid, blog, events, gallery. Three queries at
 * most: the items, their images, and the catalog's products for a shop.
 */
export async function buildListContext(
  deps: ContextDeps,
  req: PageRequest,
  collection: CollectionRow,
): Promise<PageContext> {
  const { site } = req.base;
  const pageSize = PAGE_SIZES[collection.kind] ?? 20;
  const isBlog = collection.kind === 'blog';
  const tag = isBlog ? req.query.tag : undefined;
  const category = isBlog ? req.query.category : undefined;
  // Draft and hidden products are not listed (shared/product/owner-api.ts visibility).
  const unlisted = collection.kind === 'products' ? await unlistedIds(deps, site.id) : undefined;
  const isEvents = collection.kind === 'events';
  const { rows, hasMore, upcomingIds } = isEvents
    ? await eventsPage(deps, site.id, collection.id, req, pageSize)
    : {
        ...(await deps.content.listItems(deps.db, site.id, collection.id, {
          offset: req.query.offset,
          limit: pageSize,
          tag,
          category,
          order: isBlog ? 'newest' : 'position',
          excludeIds: unlisted,
        })),
        upcomingIds: undefined,
      };
  const assets = await deps.content.findAssets(deps.db, site.id, assetIdsOf(rows));
  const ctx = baseContext(req.base, {
    pageType: PageType.COLLECTION,
    templateFile: `collections/${collection.kind}.list`,
    title: collection.title,
    description: collection.description,
  });
  const items = rows.map((r) => itemJson(r, collection, assets, ctx.websiteSettings));
  if (collection.kind === 'products') {
    await attachProducts(deps.db, deps.catalog, site, ctx, items, 'plp');
    for (const load of Object.values(deps.listExtras ?? {}))
      await load({ db: deps.db, site, items });
  }
  ctx.collection = collectionJson(collection);
  ctx.items = items;
  if (upcomingIds) {
    ctx.upcoming = items.filter((i) => upcomingIds.has(i.id));
    ctx.past = items.filter((i) => !upcomingIds.has(i.id));
  }
  ctx.pagination = paginationJson(
    req.base.path,
    { tag, category },
    req.query.offset,
    pageSize,
    hasMore,
  );
  if (tag || category) ctx.filter = { ...(tag ? { tag } : {}), ...(category ? { category } : {}) };
  return ctx;
}

/** Events read for one list page; a site's events page lists far fewer. */
export const EVENTS_SCAN = 500;

/**
 * One page of an events list (issue 14): upcoming events first, soonest first, then past ones,
 * most recent first (shared/content/events.ts), paged over that order. The split is by the
 * render's clock.
 */
async function eventsPage(
  deps: ContextDeps,
  siteId: string,
  collectionId: string,
  req: PageRequest,
  pageSize: number,
): Promise<{ rows: ItemRow[]; hasMore: boolean; upcomingIds: Set<string> }> {
  const { rows: all } = await deps.content.listItems(deps.db, siteId, collectionId, {
    offset: 0,
    limit: EVENTS_SCAN,
    order: 'start-date',
  });
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const { upcoming, past } = splitEvents(
    all,
    (r) => ({ start: num(r.start_date), end: num(r.end_date) }),
    req.now ?? Date.now(),
  );
  const ordered = [...upcoming, ...past];
  const offset = req.query.offset;
  return {
    rows: ordered.slice(offset, offset + pageSize),
    hasMore: ordered.length > offset + pageSize,
    upcomingIds: new Set(upcoming.map((r) => r.id)),
  };
}
