import { ProductType } from '../../../shared/enums.js';
import { moneyToMinor } from '../../../shared/money.js';
import {
  currentPrice,
  fromPrice,
  hasMultiplePrices,
  isSoldOut,
  statusMark,
  type StatusMark,
} from '../../../shared/product/rules.js';
import type { ProductJson, VariantJson } from '../../../shared/product/types.js';
import type { PriceView } from './price-display.js';

/**
 * SPEC 4.7 applied to one variant: physical and service variants that are limited with nothing
 * left are sold out; digital products and gift cards never are.
 */
export function variantSoldOut(product: ProductJson, variant: VariantJson): boolean {
  if (product.productType === ProductType.DIGITAL || product.productType === ProductType.GIFT_CARD)
    return false;
  return isSoldOut({ productType: product.productType, variants: [variant] });
}

/** The sold-out state the button and restock slot follow: the chosen variant's, else the product's. */
export function soldOutFor(product: ProductJson, variant: VariantJson | undefined): boolean {
  return variant ? variantSoldOut(product, variant) : isSoldOut(product);
}

/**
 * What the price area shows: the chosen variant's price (with its sale price), else — while
 * nothing is chosen — 'from' the lowest price when prices differ, else the common price.
 * Digital products carry their price on the product itself.
 */
export function priceView(product: ProductJson, variant: VariantJson | undefined): PriceView {
  const currency = product.priceMoney.currency || 'USD';
  if (product.productType === ProductType.DIGITAL || product.variants.length === 0) {
    const price = moneyToMinor(product.priceMoney);
    const onSale = product.onSale && product.productType === ProductType.DIGITAL;
    return {
      price: onSale ? moneyToMinor(product.salePriceMoney) : price,
      originalPrice: onSale ? price : null,
      from: false,
      currency,
      mark: statusMark(product),
    };
  }
  const shown = variant ?? (hasMultiplePrices(product) ? undefined : product.variants[0]);
  if (!shown) {
    return {
      price: fromPrice(product),
      originalPrice: null,
      from: true,
      currency,
      mark: statusMark(product),
    };
  }
  const onSale = shown.onSale && product.productType !== ProductType.GIFT_CARD;
  let mark: StatusMark;
  if (variant) mark = variantSoldOut(product, variant) ? 'sold-out' : onSale ? 'sale' : null;
  else mark = statusMark(product);
  return {
    price: onSale ? currentPrice(shown) : shown.price,
    originalPrice: onSale ? shown.price : null,
    from: false,
    currency,
    mark,
  };
}
