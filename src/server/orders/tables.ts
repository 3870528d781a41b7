import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  AddressInput,
  FulfillmentStatus,
  OrderStatus,
  DiscountLineJson,
  GiftCardLineJson,
  OrderPaymentProvider,
  PaymentStatus,
  PlaceOrderRequest,
  TaxLineJson,
} from '../../shared/checkout/api.js';
import type { CheckoutSettings } from '../../shared/checkout/settings.js';
import type { GiftCardPurchaseRequest } from '../../shared/checkout/gift-cards.js';

/**
 * An order: its own copy of what was bought and what it cost, so catalog edits never change it.
 * Order, payment and fulfilment statuses are separate columns (one can move without the others).
 */
export interface OrdersTable {
  id: string;
  site_id: string;
  /** Sequential per website (order_counters), from 1. */
  order_number: number;
  /** One order per cart (UNIQUE): a second placement for the cart finds this one. */
  cart_id: string;
  /** The placement's Idempotency-Key, when it sent one (UNIQUE per website). */
  idempotency_key: string | null;
  email: string;
  currency: string;
  language: string;
  subtotal: number;
  shipping_total: number;
  tax_total: number;
  discount_total: number;
  gift_card_total: number;
  grand_total: number;
  /** What was paid (captured or marked paid); refunds never exceed it (CHECK). */
  paid_total: number;
  refunded_total: number;
  tax_lines: JSONColumnType<TaxLineJson[]>;
  /** Issue 15: the discounts applied and the gift cards that paid, as the order shows them. */
  discount_lines: JSONColumnType<DiscountLineJson[]>;
  gift_card_lines: JSONColumnType<GiftCardLineJson[]>;
  /** The subscription this order started or renewed; null for one-off orders. */
  subscription_id: string | null;
  /** Issue 14: the signed-in customer who placed it (null: a guest, or placed by a webhook). */
  customer_id: Generated<string | null>;
  shipping_address: JSONColumnType<AddressInput | null, string | null, string | null>;
  billing_address: JSONColumnType<AddressInput | null, string | null, string | null>;
  shipping_option: JSONColumnType<
    { id: string; name: string } | null,
    string | null,
    string | null
  >;
  status: OrderStatus;
  payment_status: PaymentStatus;
  fulfillment_status: FulfillmentStatus;
  payment_provider: OrderPaymentProvider;
  /** The provider's id of the payment (test_…, pi_…, manual_…). */
  payment_reference: string;
  payment_instructions: string;
  test_mode: boolean;
  created: Date;
  updated: Date;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  position: number;
  item_id: string;
  variant_id: string;
  sku: string;
  title: string;
  attributes: JSONColumnType<Record<string, string>>;
  product_type: number;
  quantity: number;
  unit_price: number;
  line_total: number;
  /** The custom-form answers with their labels, as bought. */
  additional_field_answers: JSONColumnType<{ label: string; value: string }[]>;
}

/** The timeline: placed, paid, fulfilled, cancelled, refunded…, in order. */
export interface OrderEventsTable {
  seq: Generated<number>;
  order_id: string;
  at: Date;
  kind: string;
  message: string;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface OrderFulfillmentsTable {
  id: string;
  order_id: string;
  carrier: string;
  tracking_number: string;
  created: Date;
}

/** The last order number of each website; incremented under its row lock. */
export interface OrderCountersTable {
  site_id: string;
  last_number: number;
}

/** A website's checkout settings (shared/checkout/settings.ts); no row: the defaults. */
export interface CheckoutSettingsTable {
  site_id: string;
  settings: JSONColumnType<CheckoutSettings>;
  updated: Date;
}

/**
 * A placement waiting for the shopper's bank (Stripe's 3-D Secure): what was asked, so whichever
 * finishes it — the browser placing again or Stripe's webhook — places the same order.
 */
/** What a kept placement carries besides its request, to be placed the same way later. */
export interface AttemptContext {
  giftCardPurchase?: Omit<GiftCardPurchaseRequest, 'payment'>;
  timeZone?: string;
  subscriptionId?: string;
  payer?: { customer: string; saveCard?: boolean; offSession?: boolean; attempt?: number };
  finishWith?: { domain: 'subscription'; key: string };
}

export interface CheckoutAttemptsTable {
  payment_reference: string;
  site_id: string;
  cart_id: string;
  request: JSONColumnType<PlaceOrderRequest>;
  /** What the placement carried besides its request (place-order.ts `AttemptContext`). */
  context: JSONColumnType<AttemptContext>;
  idempotency_key: string | null;
  created: Date;
}

export interface OrdersTables {
  checkout_attempts: CheckoutAttemptsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  order_fulfillments: OrderFulfillmentsTable;
  order_counters: OrderCountersTable;
  checkout_settings: CheckoutSettingsTable;
}
