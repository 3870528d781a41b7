/** SPEC 4.1 / 5.1 add-to-cart validation, in the SPEC's flow order. */
import { ProductType } from '../enums.js';
import { Messages } from '../errors.js';
import type { ProductJson, VariantJson } from './types.js';
import {
  findVariant,
  isDigitalGood,
  isGiftCard,
  unselectedOptions,
  unselectedOptionsMessage,
  type OptionSelection,
} from './rules-product.js';
import { QUANTITY_MAX, QUANTITY_MIN } from '../quantity-range.js';

export { QUANTITY_MAX, QUANTITY_MIN };

/** SPEC 8.1 recorded error kinds that validation can produce (plus the range check of 9.1). */
export type AddToCartFailureKind =
  | 'NO_VARIANT_SELECTED'
  | 'VARIANT_UNAVAILABLE'
  | 'OUT_OF_STOCK'
  | 'QUANTITY_NOT_A_NUMBER'
  | 'QUANTITY_NOT_WHOLE'
  | 'SUB_QUANTITY_NOT_A_WHOLE_NUMBER'
  | 'QUANTITY_OUT_OF_RANGE';

export interface AddToCartFailure {
  kind: AddToCartFailureKind;
  /** The SPEC 5.1 text shown in the 'Unable to Add Item' alert. */
  message: string;
  /** Options still to choose (list grids flag the button instead of showing the message). */
  unselectedOptions?: string[];
}

export type ParsedQuantity =
  | { ok: true; quantity: number }
  | { ok: false; reason: 'not-a-number' | 'not-whole' | 'out-of-range' };

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Reads the quantity input's value (a string from the DOM, or a number from JSON). */
export function parseQuantity(input: unknown): ParsedQuantity {
  let n: number;
  if (typeof input === 'number') n = input;
  else if (typeof input === 'string' && NUMERIC.test(input.trim())) n = Number(input.trim());
  else return { ok: false, reason: 'not-a-number' };
  if (!Number.isFinite(n)) return { ok: false, reason: 'not-a-number' };
  if (!Number.isInteger(n)) return { ok: false, reason: 'not-whole' };
  if (n < QUANTITY_MIN || n > QUANTITY_MAX) return { ok: false, reason: 'out-of-range' };
  return { ok: true, quantity: n };
}

/**
 * Units of the variant a shopper can still add given what is already in the cart. Digital
 * products and gift cards are never sold out (SPEC 4.7), so they have no limit.
 */
export function availableToAdd(
  variant: Pick<VariantJson, 'unlimited' | 'qtyInStock'>,
  qtyAlreadyInCart: number,
  productType: number = ProductType.PHYSICAL,
): number {
  if (variant.unlimited) return Number.POSITIVE_INFINITY;
  if (isDigitalGood(productType)) return Number.POSITIVE_INFINITY;
  return Math.max(0, variant.qtyInStock - Math.max(0, qtyAlreadyInCart));
}

/**
 * SPEC 5.1: before a custom form opens, stock is sufficient when any stock result is unlimited or
 * has more in stock than the cart already holds of that item/variant.
 */
export function stockSufficientForForm(
  results: { unlimited: boolean; qtyInStock: number }[],
  qtyAlreadyInCart: number,
): boolean {
  return results.some((r) => r.unlimited || r.qtyInStock > qtyAlreadyInCart);
}

export interface AddToCartOptions {
  /** Buying as a subscription: a fractional quantity is recorded as SUB_QUANTITY_NOT_A_WHOLE_NUMBER. */
  subscription?: boolean;
}

/**
 * The first failure in SPEC 4.1's flow order (selection, variant exists, stock, quantity), or
 * null when the product can be added. The stock check counts the requested quantity when it is a
 * valid one and a single unit otherwise, so a bad quantity on a sold-out variant reports stock.
 */
export function validateAddToCart(
  product: Pick<ProductJson, 'productType' | 'variants' | 'variantOptionOrdering'>,
  selection: OptionSelection,
  quantity: unknown,
  qtyAlreadyInCart = 0,
  opts: AddToCartOptions = {},
): AddToCartFailure | null {
  const missing = unselectedOptions(product, selection);
  if (missing.length > 0) {
    const message = isGiftCard(product.productType)
      ? Messages.GIFT_CARD_DENOMINATION
      : unselectedOptionsMessage(missing);
    return { kind: 'NO_VARIANT_SELECTED', message, unselectedOptions: missing };
  }
  const variant = findVariant(product, selection);
  if (!variant) return { kind: 'VARIANT_UNAVAILABLE', message: Messages.VARIANT_UNAVAILABLE };

  const parsed = parseQuantity(quantity);
  const wanted = parsed.ok ? parsed.quantity : 1;
  if (availableToAdd(variant, qtyAlreadyInCart, product.productType) < wanted) {
    return { kind: 'OUT_OF_STOCK', message: Messages.OUT_OF_STOCK };
  }
  if (parsed.ok) return null;
  switch (parsed.reason) {
    case 'not-a-number':
      return { kind: 'QUANTITY_NOT_A_NUMBER', message: Messages.QUANTITY_NOT_A_NUMBER };
    case 'not-whole':
      return opts.subscription
        ? { kind: 'SUB_QUANTITY_NOT_A_WHOLE_NUMBER', message: Messages.QUANTITY_NOT_WHOLE }
        : { kind: 'QUANTITY_NOT_WHOLE', message: Messages.QUANTITY_NOT_WHOLE };
    default:
      return { kind: 'QUANTITY_OUT_OF_RANGE', message: Messages.QUANTITY_OUT_OF_RANGE };
  }
}
