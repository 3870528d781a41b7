import type { Selectable } from 'kysely';
import { ProductType } from '../../shared/enums.js';
import { moneyJson } from '../../shared/money.js';
import type { MoneyJson } from '../../shared/product/types.js';
import type { FieldAnswer } from '../../shared/forms/values.js';
import type { AdditionalFields, CartEntriesTable, CartsTable } from './tables.js';

export type CartRow = Selectable<CartsTable>;
export type EntryRow = Selectable<CartEntriesTable>;

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
}

/** SPEC 3.1 shopping cart. Shipping, tax and coupons belong to checkout: empty until it exists. */
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
  coupons: unknown[];
  validCoupons: unknown[];
  invalidCoupons: unknown[];
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

const DIGITAL_TYPES: readonly number[] = [ProductType.DIGITAL, ProductType.GIFT_CARD];

export function entryJson(e: EntryRow, currency: string): CartEntryJson {
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
  cart: Pick<CartRow, 'id' | 'created' | 'is_purchased' | 'order_id'> | undefined,
  entries: readonly EntryRow[],
): CartJson {
  const lines = entries.map((e) => entryJson(e, currency));
  let subtotal = 0;
  let totalQuantity = 0;
  for (const e of entries) {
    subtotal += e.unit_price_cents * e.quantity;
    totalQuantity += e.quantity;
  }
  const hasDigital = entries.some((e) => DIGITAL_TYPES.includes(e.product_type));
  const purelyDigital =
    entries.length > 0 && entries.every((e) => DIGITAL_TYPES.includes(e.product_type));
  const requiresShipping = entries.some((e) => e.product_type === ProductType.PHYSICAL);
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
    coupons: [],
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
