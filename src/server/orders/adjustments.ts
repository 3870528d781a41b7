import type { Insertable } from 'kysely';
import type {
  CouponJson,
  DiscountLineJson,
  InvalidCouponJson,
  InvalidGiftCardJson,
  OrderJson,
} from '../../shared/checkout/api.js';
import type { GiftCardPurchaseRequest } from '../../shared/checkout/gift-cards.js';
import type { GiftCardsTable, GiftCardTransactionsTable } from '../gift-cards/tables.js';
import type { OutboxRow } from '../mail/mailer.js';
import type { MailSite } from './order-mail.js';

/**
 * What the quote and the placement ask of the discount and gift card domains (issue 15). The
 * orders service owns the flow (docs/checkout-api.md "Discounts and gift cards"):
 *
 * 1. discounts.resolve: the code and automatic discounts for the cart → the amount off the
 *    subtotal, free shipping, the lines, valid/invalid coupons, and the uses to record;
 * 2. totals (shared/checkout/totals.ts) with that discount and free shipping;
 * 3. giftCards.resolve: the balances of the codes given; the orders service applies them in
 *    order to the total left, each up to its balance;
 * 4. `place_order` records the uses and takes the balances under the rows' locks, refusing the
 *    placement (nothing written) when a limit was reached or a balance fell meanwhile;
 * 5. gift cards bought by the order are issued by the same statement (`giftCards.issue`).
 */
export interface AdjustmentCart {
  siteId: string;
  /** The website's content version: the automatic discounts are cached per version. */
  contentVersion: number;
  currency: string;
  /** The website's language: an automatic discount's label is worded in it. */
  language: string;
  now: number;
  /** The shopper's email when known (quote: when typed; placement: always). */
  email: string | undefined;
  lines: {
    itemId: string;
    variantId: string;
    productType: number;
    unitPrice: number;
    quantity: number;
  }[];
  subtotal: number;
}

/** One use of a discount, recorded by `place_order` (discount_redemptions, times_used + 1). */
export interface DiscountUse {
  discountId: string;
  /** Lower-cased email when the discount is once per email, else null. */
  onceKey: string | null;
  amount: number;
}

export interface DiscountResolution {
  /** Taken off the subtotal (never more than it). */
  amount: number;
  freeShipping: boolean;
  lines: DiscountLineJson[];
  validCoupons: CouponJson[];
  invalidCoupons: InvalidCouponJson[];
  uses: DiscountUse[];
}

export interface DiscountResolver {
  resolve(cart: AdjustmentCart, couponCode: string | undefined): Promise<DiscountResolution>;
}

export interface GiftCardBalance {
  giftCardId: string;
  last4: string;
  balance: number;
}

export interface GiftCardResolver {
  /** The cards the codes name that can pay in `currency` (active, balance > 0), in order. */
  resolve(
    siteId: string,
    currency: string,
    codes: readonly string[],
  ): Promise<{ cards: GiftCardBalance[]; invalid: InvalidGiftCardJson[] }>;
  /**
   * Gift cards bought by this order (its gift-card lines): the rows `place_order` inserts with
   * the order and the mails (the recipient's due on the send date: outbox `next_attempt_at`).
   */
  issue(input: {
    site: MailSite & { id: string };
    order: OrderJson;
    origin: string;
    /** The gift card checkout's details; absent for a gift card bought through the cart. */
    purchase: Omit<GiftCardPurchaseRequest, 'payment'> | undefined;
  }): {
    giftCards: Insertable<GiftCardsTable>[];
    transactions: Insertable<GiftCardTransactionsTable>[];
    mails: OutboxRow[];
  };
}
