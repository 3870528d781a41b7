import { moneyJson } from '../../shared/money.js';
import { ErrorCode } from '../../shared/errors.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import type { DiscountResolver } from '../orders/adjustments.js';
import type { CartJson } from './cart-json.js';
import { findOpenCart, listEntries } from './cart-queries.js';
import type { CartStore } from './store.js';

/** Longer than any code an owner can make; bounds what is stored. */
export const COUPON_CODE_MAX = 100;

/**
 * The cart JSON with its discounts (issue 15): the code applied on the cart page plus the
 * automatic discounts, checked now (`discountCents`, `validCoupons`, `invalidCoupons`, grand
 * total net of the discount). Shipping and tax are the checkout's, so free shipping shows there.
 * An add's answer is built from its snapshot without this (the add is the hot path): the next
 * read of the cart shows the discount.
 */
export async function withDiscounts(
  resolver: DiscountResolver,
  store: CartStore,
  cart: CartJson,
  now: number,
): Promise<CartJson> {
  if (!cart.entries.length) return cart;
  const resolution = await resolver.resolve(
    {
      siteId: store.siteId,
      contentVersion: store.contentVersion,
      currency: store.currency,
      language: store.language,
      now,
      email: undefined,
      lines: cart.entries.map((e) => ({
        itemId: e.itemId,
        variantId: e.variantId,
        productType: e.productType,
        unitPrice: e.purchasePriceCents,
        quantity: e.quantity,
      })),
      subtotal: cart.subtotalCents,
    },
    cart.coupons[0],
  );
  const grand = Math.max(0, cart.subtotalCents - resolution.amount);
  return {
    ...cart,
    validCoupons: resolution.validCoupons,
    invalidCoupons: resolution.invalidCoupons,
    discountCents: resolution.amount,
    grandTotalCents: grand,
    grandTotal: moneyJson(grand, store.currency),
  };
}

/**
 * PUT /api/commerce/shopping-cart/coupon (code) and DELETE (null): stores the code on the
 * visitor's open cart as typed (trimmed); whether it applies is decided on every read, so a code
 * that starts tomorrow works tomorrow. 400 CART_EMPTY without a cart (or lines, to apply one).
 */
export async function setCartCoupon(
  db: Db,
  store: CartStore,
  cartId: string | undefined,
  code: string | null,
  now: number,
): Promise<void> {
  const trimmed = code?.trim() || null;
  if (code !== null && (!trimmed || trimmed.length > COUPON_CODE_MAX)) {
    throw appError(ErrorCode.VALIDATION, 'Enter a discount code.');
  }
  const cart = cartId ? await findOpenCart(db, store.siteId, cartId) : undefined;
  const entries = cart ? await listEntries(db, cart.id) : [];
  if (!cart || (trimmed && !entries.length)) throw appError(ErrorCode.CART_EMPTY);
  await db
    .updateTable('carts')
    .set({ coupon_code: trimmed, updated: new Date(now) })
    .where('id', '=', cart.id)
    .where('site_id', '=', store.siteId)
    .where('is_purchased', '=', false)
    .execute();
}
