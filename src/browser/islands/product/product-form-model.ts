import {
  displayPrice,
  hasNoVariantPrices,
  isSoldOut,
  isVariantSoldOut,
  restockFormEnabled,
  statusMark,
  type StatusMark,
} from '../../../shared/product/rules.js';
import type {
  MerchandisingContextJson,
  ProductJson,
  VariantJson,
} from '../../../shared/product/types.js';
import type { PriceView } from './price-display.js';

/** The sold-out state the button and restock slot follow: the chosen variant's, else the product's. */
export function soldOutFor(product: ProductJson, variant: VariantJson | undefined): boolean {
  return variant ? isVariantSoldOut(product, variant) : isSoldOut(product);
}

/**
 * What the price area shows: the shared display price (the chosen variant's, else 'from' the
 * lowest when prices differ, else the common price) with the mark of the chosen variant, or of
 * the product while none is chosen.
 */
export function priceView(product: ProductJson, variant: VariantJson | undefined): PriceView {
  const currency = product.priceMoney.currency || 'USD';
  const shown = displayPrice(product, variant);
  const perVariant = variant !== undefined && !hasNoVariantPrices(product);
  let mark: StatusMark;
  if (perVariant) {
    mark = isVariantSoldOut(product, variant)
      ? 'sold-out'
      : shown.originalPrice !== null
        ? 'sale'
        : null;
  } else mark = statusMark(product);
  return { ...shown, currency, mark };
}

/**
 * The variant the restock sign-up (SPEC 3.4) is for, when the form shows one: sold out (as the
 * button says), one variant known (the chosen one, or the only one) and the view enabled.
 */
export function restockVariantFor(
  product: ProductJson,
  variant: VariantJson | undefined,
  merchandising: Pick<MerchandisingContextJson, 'restockNotificationViews'>,
  view: string,
): VariantJson | undefined {
  const target = variant ?? (product.variants.length === 1 ? product.variants[0] : undefined);
  if (!target || !soldOutFor(product, variant)) return undefined;
  return restockFormEnabled(merchandising, view) ? target : undefined;
}
