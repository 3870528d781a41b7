import type { CartLineImage } from '../../../shared/cart/line-image.js';
import type { CouponJson, InvalidCouponJson } from '../../../shared/checkout/api.js';
import type { MoneyJson } from '../../../shared/product/types.js';

/**
 * The cart as GET /api/commerce/shopping-cart returns it (SPEC 3.1). Only the fields the islands
 * read are typed strictly; the rest pass through untouched.
 */
export interface CartEntryJson {
  id: string;
  itemId: string;
  chosenVariant: { sku: string; attributes: Record<string, string> };
  quantity: number;
  title: string;
  /** The line total: minor units, or Money JSON (both are accepted: see entrySubtotalMinor). */
  subTotal: number | MoneyJson;
  /** The unit price in minor units. */
  purchasePriceCents: number;
  /** The custom-form answers: JSON text (SPEC 3.2) or already parsed. */
  additionalFields?: string | unknown[] | Record<string, unknown> | null;
  /** The same answers with their field titles (SPEC 3.6 type, value, values, rawTitle), if sent. */
  additionalFieldAnswers?: unknown[];
  /** The line's thumbnail (issue 14): the variant's image, else the product's first; null: none. */
  image?: CartLineImage | null;
  [key: string]: unknown;
}

export interface CartJson {
  id: string;
  websiteId?: string;
  entries: CartEntryJson[];
  subtotalCents: number;
  grandTotalCents?: number;
  totalQuantity: number;
  /** Issue 15: the discount code applied on the cart page, and whether it applies. */
  coupons?: string[];
  validCoupons?: CouponJson[];
  invalidCoupons?: InvalidCouponJson[];
  discountCents?: number;
  [key: string]: unknown;
}

/** POST /api/commerce/shopping-cart/entries (SPEC 7). */
export interface AddEntryResponse {
  shoppingCart: CartJson;
  newlyAdded: CartEntryJson | null;
}

/** The other cart mutations answer with the cart; additionalFields also with the entry. */
export interface CartResponse {
  shoppingCart: CartJson;
  updatedEntry?: CartEntryJson;
}

/** GET …/entries/{id}/additionalFields: the form a line's answers belong to (docs/cart-api.md). */
export interface EntryFormResponse {
  entryId: string;
  itemId: string;
  sku: string;
  formId: string;
  additionalFields: CartEntryJson['additionalFields'];
}
