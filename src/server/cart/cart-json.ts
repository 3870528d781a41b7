import type { Selectable } from 'kysely';
import { moneyJson } from '../../shared/money.js';
import { isDigitalGood, needsShipping } from '../../shared/product/rules.js';
import type { MoneyJson } from '../../shared/product/types.js';
import type { CouponJson, InvalidCouponJson } from '../../shared/checkout/api.js';
import type { FieldAnswer } from '../../shared/forms/values.js';
import type { CartLineImage } from '../../shared/cart/line-image.js';
import type { AdditionalFields, CartEntriesTable, CartsTable } from './tables.js';

export type CartRow = Selectable<CartsTable>;
export type EntryRow = Selectable<CartEntriesTable>;

/** The columns of a cart line its JSON is made of (a row, or a line of a `CartSnapshot`). */
export type EntryLine = Pick<
  EntryRow,
  | 'id'
  | 'item_id'
  | 'variant_id'
  | 'sku'
  | 'attributes'
  | 'quantity'
  | 'title'
  | 'product_type'
  | 'unit_price_cents'
  | 'additional_fields'
  | 'additional_field_answers'
>;

/** The columns of a cart its JSON is made of; `created` is ISO text when it comes as JSON. */
export interface CartHead {
  id: string;
  created: Date | string;
  is_purchased: boolean;
  order_id: string | null;
  /** The code applied on the cart page (absent in an add's snapshot: see `withDiscounts`). */
  coupon_code?: string | null;
}

/**
 * What `cart_add_entry` returns after an add and stores under its Idempotency-Key: the cart,
 * its lines in insertion order, the added line's id and the currency. The add's response is
 * built from it (`addEntryBody`), the same way for the first answer and for every replay.
 */
export interface CartSnapshot {
  cart: CartHead;
  entries: EntryLine[];
  entryId: string;
  currency: string;
}

/** SPEC 3.1 cart entry, plus the variant id, product type and unit price for the cart page. */
export interface CartEntryJson {
  id: string;
  itemId: string;
  variantId: string;
  chosenVariant: { sku: string; attributes: Record<string, string> };
  quantity: number;
  title: string;
  productType: number;
  /** Line total (unit price × quantity). */
  subTotal: MoneyJson;
  unitPrice: MoneyJson;
  /** Unit price in minor units, fixed when the line was added. */
  purchasePriceCents: number;
  additionalFields: AdditionalFields | null;
  /** The answers with their field labels, as the form read when the line was added (SPEC 3.6). */
  additionalFieldAnswers: FieldAnswer[] | null;
  /**
   * The line's thumbnail (issue 14): the variant's image, else the product's first; null for
   * none. Added to every cart answer of the routes (cart-images.ts), absent elsewhere.
   */
  image?: CartLineImage | null;
}

/**
 * SPEC 3.1 shopping cart. Shipping and tax belong to checkout; coupons and discountCents are the
 * discount code and automatic discounts for the cart (cart-discounts.ts).
 */
export interface CartJson {
  /** '' when the visitor has no cart yet. */
  id: string;
  websiteId: string;
  orderId: string | null;
  /** Epoch milliseconds; null when the visitor has no cart yet. */
  created: number | null;
  isPurchased: boolean;
  entries: CartEntryJson[];
  shippingOptions: unknown[];
  selectedShippingOption: unknown;
  shippingLocation: unknown;
  applicableTaxRules: unknown[];
  /** The code the shopper applied (issue 15), as typed; [] for none. */
  coupons: string[];
  validCoupons: CouponJson[];
  invalidCoupons: InvalidCouponJson[];
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  currencyCode: string;
  subtotal: MoneyJson;
  grandTotal: MoneyJson;
}

export function entryJson(e: EntryLine, currency: string): CartEntryJson {
  return {
    id: e.id,
    itemId: e.item_id,
    variantId: e.variant_id,
    chosenVariant: { sku: e.sku, attributes: e.attributes },
    quantity: e.quantity,
    title: e.title,
    productType: e.product_type,
    subTotal: moneyJson(e.unit_price_cents * e.quantity, currency),
    unitPrice: moneyJson(e.unit_price_cents, currency),
    purchasePriceCents: e.unit_price_cents,
    additionalFields: e.additional_fields,
    additionalFieldAnswers: e.additional_field_answers ?? null,
  };
}

/** The cart JSON of a cart row (or of no cart) and its entries in insertion order. */
export function cartJson(
  siteId: string,
  currency: string,
  cart: CartHead | undefined,
  entries: readonly EntryLine[],
): CartJson {
  const lines = entries.map((e) => entryJson(e, currency));
  let subtotal = 0;
  let totalQuantity = 0;
  for (const e of entries) {
    subtotal += e.unit_price_cents * e.quantity;
    totalQuantity += e.quantity;
  }
  const hasDigital = entries.some((e) => isDigitalGood(e.product_type));
  const purelyDigital = entries.length > 0 && entries.every((e) => isDigitalGood(e.product_type));
  const requiresShipping = entries.some((e) => needsShipping(e.product_type));
  return {
    id: cart?.id ?? '',
    websiteId: siteId,
    orderId: cart?.order_id ?? null,
    created: cart ? new Date(cart.created).getTime() : null,
    isPurchased: cart?.is_purchased ?? false,
    entries: lines,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: cart?.coupon_code ? [cart.coupon_code] : [],
    validCoupons: [],
    invalidCoupons: [],
    subtotalCents: subtotal,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: subtotal,
    totalQuantity,
    hasDigital,
    purelyDigital,
    requiresShipping,
    currencyCode: currency,
    subtotal: moneyJson(subtotal, currency),
    grandTotal: moneyJson(subtotal, currency),
  };
}

/** POST …/entries answers `{ shoppingCart, newlyAdded }` (docs/cart-api.md). */
export interface AddEntryBody {
  shoppingCart: CartJson;
  newlyAdded: CartEntryJson;
}

/** The add's response from its snapshot. */
export function addEntryBody(siteId: string, snapshot: CartSnapshot): AddEntryBody {
  const added = snapshot.entries.find((e) => e.id === snapshot.entryId);
  if (!added) throw new Error(`cart snapshot without its added line ${snapshot.entryId}`);
  return {
    shoppingCart: cartJson(siteId, snapshot.currency, snapshot.cart, snapshot.entries),
    newlyAdded: entryJson(added, snapshot.currency),
  };
}
