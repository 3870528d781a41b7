import { themeTexts } from '../../../shared/i18n/storefront-texts.js';
import { PageType } from '../../../shared/enums.js';
import {
  hiddenCollectionIds,
  PAGE_SIZES,
  type ContextDeps,
  type PageRequest,
} from './context-deps.js';
import { assetIdsOf, itemJson } from './item-json.js';
import { paginationJson } from './pagination.js';
import { unlistedIds } from './products-json.js';
import { baseContext } from './site-context.js';
import type { PageContext } from './types.js';

/** Longest search text considered; the rest is ignored. */
export const SEARCH_MAX_LENGTH = 200;

/** `/search?q=` (pageType 102): items whose title, excerpt or body hold every word. */
export async function buildSearchContext(
  deps: ContextDeps,
  req: PageRequest,
): Promise<PageContext> {
  const { site, collections } = req.base;
  const query = (req.query.q ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const pageSize = PAGE_SIZES.search ?? 20;
  const { rows, hasMore } = query
    ? await deps.content.searchItems(deps.db, site.id, query, {
        offset: req.query.offset,
        limit: pageSize,
        excludeIds: await unlistedIds(deps, site.id),
        excludeCollectionIds: hiddenCollectionIds(req),
      })
    : { rows: [], hasMore: false };
  const assets = await deps.content.findAssets(deps.db, site.id, assetIdsOf(rows));
  const ctx = baseContext(req.base, {
    pageType: PageType.SEARCH,
    templateFile: 'pages/search.page',
    title: themeTexts(req.base.site.language).searchText,
  });
  ctx.items = rows.flatMap((r) => {
    const c = collections.find((x) => x.id === r.collection_id);
    return c ? [itemJson(r, c, assets, ctx.websiteSettings)] : [];
  });
  ctx.search = { query, resultCount: ctx.items.length };
  ctx.pagination = paginationJson(req.base.path, { q: query }, req.query.offset, pageSize, hasMore);
  return ctx;
}
