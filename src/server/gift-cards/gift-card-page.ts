import type { QuoteResponse } from '../../shared/checkout/api.js';
import { enabledProviders, type CheckoutSettings } from '../../shared/checkout/settings.js';
import { giftCardPageTexts } from '../../shared/checkout/gift-card-page-texts.js';
import { PageType } from '../../shared/enums.js';
import type { ProductJson } from '../../shared/product/types.js';
import { unitPriceCents } from '../cart/catalog-port.js';
import type { PageRequest } from '../render/context/context-deps.js';
import { baseContext } from '../render/context/site-context.js';
import type { PageContext } from '../render/context/types.js';
import type { PaymentProviders } from '../payments/registry.js';
import { giftCardProviders } from './purchase.js';

const PROVIDER_LABELS = { test: 'Test card', manual: 'Bank transfer', stripe: 'Card' } as const;

/** A denomination's name: its attributes ('$50'), else its sku. */
function denominationLabel(attributes: Record<string, string>, sku: string): string {
  return Object.values(attributes).join(' / ') || sku;
}

/**
 * /checkout/giftcard in the theme's look (template `pages/giftcard.page`, pageType 201 like the
 * checkout): the `gift-card-checkout` island gets the product's denominations, the payment
 * providers the gift card checkout takes, and today in the website's time zone. No visitor data:
 * the page is still sent `no-store`, as every checkout page is.
 */
export function buildGiftCardContext(
  req: PageRequest,
  input: {
    itemId: string;
    title: string;
    product: ProductJson;
    sku: string | null;
    currency: string;
    settings: CheckoutSettings;
    providers: PaymentProviders;
    today: string;
  },
): { status: number; ctx: PageContext } {
  const t = giftCardPageTexts(req.base.site.language);
  const ctx = baseContext(req.base, {
    pageType: PageType.CHECKOUT,
    templateFile: 'pages/giftcard.page',
    title: `${t.pageTitle} — ${input.title}`,
  });
  const takes = new Set(giftCardProviders({ providers: input.providers }));
  const paymentProviders: QuoteResponse['paymentProviders'] = enabledProviders(input.settings)
    .filter((id) => takes.has(id))
    .map((id) => ({ id, label: PROVIDER_LABELS[id], instructions: '' }));
  ctx.giftCardPageTitle = input.title;
  ctx.giftCardPageIsland = {
    locale: ctx.website.language,
    currency: input.currency,
    productId: input.itemId,
    title: input.title,
    denominations: input.product.variants.map((v) => ({
      sku: v.sku,
      label: denominationLabel(v.attributes, v.sku),
      amount: unitPriceCents(input.product, v),
    })),
    sku: input.sku,
    providers: paymentProviders,
    testMode: input.settings.testMode,
    today: input.today,
  };
  return { status: 200, ctx };
}
