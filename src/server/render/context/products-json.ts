import { swatchColours } from '../../../shared/product/colour-names.js';
import { isColourOption } from '../../../shared/product/option-display.js';
import { orderedOptions } from '../../../shared/product/rules.js';
import type { Db } from '../../db/database.js';
import type { ContextDeps } from './context-deps.js';
import type { Site } from '../../sites/site-queries.js';
import type { CatalogReader } from './catalog-reader.js';
import type { ItemJson, PageContext, ProductIslandProps } from './types.js';

/**
 * Products visitors never find by browsing: drafts and hidden ones (catalog `unlistedItemIds`,
 * memoized per content version). Lists, search, blocks, related products and add-ons skip them.
 */
export async function unlistedIds(deps: ContextDeps, siteId: string): Promise<string[]> {
  const { draft, hidden } = await deps.catalog.unlistedItemIds(deps.db, siteId);
  return [...draft, ...hidden];
}

/**
 * Adds `structuredContent`, the merchandising context and the product islands' props to product
 * items (SPEC 3.3/3.4, contracts.md "Island props"). One catalog round trip for the whole list.
 * List items (plp) get `plpIsland`; every other tracking page type (pdp, add-on, product_block)
 * renders the product form and gets `productIsland`, carrying that page type for analytics.
 */
export async function attachProducts(
  db: Db,
  catalog: CatalogReader,
  site: Site,
  ctx: PageContext,
  items: ItemJson[],
  pageType: ProductIslandProps['pageType'],
): Promise<void> {
  const ids = items.map((i) => i.id);
  if (ids.length === 0) return;
  const [products, merch] = await Promise.all([
    catalog.loadProducts(db, site.id, ids),
    catalog.loadMerchandising(db, site, ids),
  ]);
  const store = ctx.websiteSettings.storeSettings;
  const captcha = ctx.websiteSettings.captchaSettings;
  for (const item of items) {
    const product = products.get(item.id);
    if (!product) continue;
    item.structuredContent = product;
    const merchandising = merch.get(item.id);
    if (!merchandising) continue;
    ctx.productMerchandisingContext[item.id] = merchandising;
    const props: ProductIslandProps = {
      item: {
        id: item.id,
        collectionId: item.collectionId,
        title: item.title,
        fullUrl: item.fullUrl,
        ...(item.assetUrl ? { assetUrl: item.assetUrl } : {}),
        structuredContent: product,
      },
      merchandising,
      store,
      locale: site.language,
      pageType,
      captcha,
      // The gift-card checkout link names the website (SPEC 2).
      websiteId: site.id,
    };
    const swatches = swatchColours(orderedOptions(product), isColourOption);
    if (Object.keys(swatches).length > 0) props.swatches = swatches;
    if (pageType === 'plp') item.plpIsland = props;
    else item.productIsland = props;
  }
}
