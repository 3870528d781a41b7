import { checkoutTexts } from '../../shared/checkout/checkout-texts.js';
import { PageType } from '../../shared/enums.js';
import type { PageRequest } from '../render/context/context-deps.js';
import { baseContext } from '../render/context/site-context.js';
import type { PageContext } from '../render/context/types.js';

/** `/checkout`'s only path segment. */
export const CHECKOUT_SEGMENT = 'checkout';

/**
 * `/checkout` (SPEC 2.1 pageType 201), in the theme's look. Like /cart, the HTML carries no
 * visitor data: the `checkout-page` island fetches the cart and the quotes. The page is still
 * sent `no-store` (render/routes.ts), as every checkout page is.
 */
export function buildCheckoutContext(req: PageRequest): PageContext {
  const title = checkoutTexts(req.base.site.language).pageTitle;
  const ctx = baseContext(req.base, {
    pageType: PageType.CHECKOUT,
    templateFile: 'pages/checkout.page',
    title,
  });
  ctx.checkoutPageTitle = title;
  ctx.checkoutPageIsland = {
    locale: ctx.website.language,
    currency: ctx.websiteSettings.storeSettings.currencyCode,
  };
  return ctx;
}
