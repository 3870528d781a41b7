/**
 * Subscriptions (issue 15): the shapes of the subscription checkout, the shopper's manage page
 * and the owner API. Plans are SPEC 3.3's (billingPeriod WEEK/MONTH/YEAR every N,
 * numBillingCycles, 0 = until cancelled); phrases are SPEC 9.2's
 * (shared/product/rules-subscription.ts).
 */
import type { AddressInput, OrderJson, PaymentInput } from './api.js';

/** POST /api/commerce/subscriptions body. */
export interface SubscriptionCheckoutRequest {
  cartToken: string;
  email: string;
  shippingAddress?: AddressInput;
  billingAddress?: AddressInput;
  shippingOptionId?: string;
  payment: PaymentInput;
}

export type SubscriptionStatus = 'active' | 'paused' | 'cancelled' | 'past_due' | 'completed';

export interface SubscriptionJson {
  id: string;
  status: SubscriptionStatus;
  email: string;
  itemId: string;
  title: string;
  sku: string;
  quantity: number;
  /** Per period, minor units. */
  unitPrice: number;
  currency: string;
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  /** 0: until cancelled. */
  numBillingCycles: number;
  /** Periods charged so far (the first is the checkout's). */
  cyclesCharged: number;
  /** YYYY-MM-DD of the next charge; null when none is due (cancelled, completed). */
  nextChargeOn: string | null;
  /** SPEC 9.2's phrase, e.g. '$20.00 every 2 months for 1 year'. */
  pricePhrase: string;
  /** Signed link to the shopper's manage page (no sign-in needed). */
  manageUrl: string;
  created: number;
}

/** 201 of POST /api/commerce/subscriptions. */
export interface SubscriptionCheckoutResponse {
  subscription: Pick<SubscriptionJson, 'id' | 'status' | 'nextChargeOn' | 'manageUrl'> &
    Partial<SubscriptionJson>;
  order: OrderJson;
}

export interface SubscriptionListResponse {
  subscriptions: SubscriptionJson[];
  /** Revenue of subscription orders per month, 'YYYY-MM' → minor units. */
  revenueByMonth: { month: string; amount: number }[];
}
