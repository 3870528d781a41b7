import { PageType } from '../../../shared/enums.js';
import type { CollectionRow } from '../../content/content-queries.js';
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
  const { rows, hasMore } = await deps.content.listItems(deps.db, site.id, collection.id, {
    offset: req.query.offset,
    limit: pageSize,
    tag,
    category,
    order: isBlog ? 'newest' : collection.kind === 'events' ? 'start-date' : 'position',
    excludeIds: unlisted,
  });
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
