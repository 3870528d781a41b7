import type { ColumnType, JSONColumnType } from 'kysely';
import type { AddressInput, PaymentProviderId } from '../../shared/checkout/api.js';
import type { BillingUnit, SubscriptionStatus } from '../../shared/checkout/subscriptions.js';

/**
 * A shopper's subscription (issue 15): one product, charged every billing period with the saved
 * payment method. The schedule is `anchor_on` + `periods` billing periods (charged or skipped,
 * shared/checkout/subscriptions.ts `chargeDate`); `next_charge_on` is that date, kept for the
 * renewal job's index. Renewals only ever move `cycles_charged` forward from the value they read
 * (compare-and-set), and each cycle's charge is a `subscription_renewals` row.
 */
export interface SubscriptionsTable {
  id: string;
  site_id: string;
  email: string;
  language: string;
  item_id: string;
  variant_id: string;
  sku: string;
  title: string;
  /** The variant's options and product type when subscribed (each renewal's line repeats them). */
  attributes: JSONColumnType<Record<string, string>, string, string>;
  product_type: number;
  quantity: number;
  /** Per period, minor units (the subscription cart's price, option discount applied). */
  unit_price: number;
  currency: string;
  period_value: number;
  period_unit: BillingUnit;
  /** 0: until cancelled. */
  num_billing_cycles: number;
  status: SubscriptionStatus;
  cycles_charged: number;
  /** The schedule's first day (the checkout's date, or the day a late resume restarted it). */
  anchor_on: string;
  /** Billing periods since the anchor: charged or skipped. */
  periods: number;
  /** YYYY-MM-DD; null when nothing is due any more (cancelled, completed). */
  next_charge_on: string | null;
  payment_provider: PaymentProviderId;
  /** The saved method: `test` keeps its tok_…, Stripe a pm_… (off-session charges). */
  payment_token: string;
  /** The processor's customer the card is kept with (Stripe: cus_…); '' for the test card. */
  payment_customer: string;
  shipping_address: JSONColumnType<AddressInput | null, string | null, string | null>;
  billing_address: JSONColumnType<AddressInput | null, string | null, string | null>;
  shipping_option_id: string | null;
  additional_fields: JSONColumnType<object | null, string | null, string | null>;
  /** Failed charges of the current cycle; reset by a successful one. */
  failed_attempts: number;
  next_retry_at: Date | null;
  /** A renewal runner's claim (row lock taken in one UPDATE); others skip until it ends. */
  claimed_until: Date | null;
  first_order_id: string | null;
  created: Date;
  updated: Date;
}

/**
 * One billing cycle's charge: UNIQUE (subscription_id, cycle), so a period has one private cart
 * and so at most one order (one order per cart), whichever process and however many attempts.
 */
export interface SubscriptionRenewalsTable {
  subscription_id: string;
  cycle: number;
  site_id: string;
  cart_id: string;
  status: 'pending' | 'paid' | 'failed';
  order_id: string | null;
  attempts: number;
  last_error: string;
  created: Date;
  updated: ColumnType<Date, Date, Date>;
}

export interface SubscriptionsTables {
  subscriptions: SubscriptionsTable;
  subscription_renewals: SubscriptionRenewalsTable;
}
