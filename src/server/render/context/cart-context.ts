import { themeTexts } from '../../../shared/i18n/storefront-texts.js';
import { PageType } from '../../../shared/enums.js';
import type { PageRequest } from './context-deps.js';
import { collectionUrl } from './item-json.js';
import { baseContext } from './site-context.js';
import type { PageContext } from './types.js';

/**
 * `/cart` (pageType 200 "show cart"). The cart itself is never in the HTML (pages stay
 * cacheable); the `cart-page` island fetches it.
 */
export function buildCartContext(req: PageRequest): PageContext {
  const ctx = baseContext(req.base, {
    pageType: PageType.SHOW_CART,
    templateFile: 'pages/cart.page',
    title: themeTexts(req.base.site.language).cartText,
  });
  const store = ctx.websiteSettings.storeSettings;
  ctx.cartPageIsland = {
    locale: ctx.website.language,
    currency: store.currencyCode,
    minimumOrderSubtotal: store.minimumOrderSubtotal,
  };
  // 'Continue shopping' goes back to the store's list page (a site may call it anything).
  const shop = req.base.collections.find((c) => c.kind === 'products');
  if (shop) ctx.continueShoppingUrl = collectionUrl(shop.url_id);
  return ctx;
}
