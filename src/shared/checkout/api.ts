/**
 * The checkout and orders wire contract (issue 10, docs/checkout-api.md): request and response
 * shapes both the server and the browser import, so a field renamed on one side fails to compile
 * on the other. Amounts are integers in minor units of `currency` (JPY has 0 digits).
 */

/** Payment providers behind one interface (DESIGN 3: Medusa's shape). */
export const PAYMENT_PROVIDERS = ['test', 'manual', 'stripe'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** Tokens the `test` provider understands; the card field maps the well-known numbers to them. */
export const TEST_CARD_TOKENS = {
  '4242424242424242': 'tok_visa',
  '4000000000000002': 'tok_chargeDeclined',
  '4000000000009995': 'tok_insufficientFunds',
} as const;
export type TestCardToken = (typeof TEST_CARD_TOKENS)[keyof typeof TEST_CARD_TOKENS];

/** The `Idempotency-Key` header name used by order placement (same as cart adds). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export interface AddressInput {
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string;
  city: string;
  /** State / province / county / region code or name, as the country uses it; '' when none. */
  region?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  phone?: string;
}

export interface PaymentInput {
  provider: PaymentProviderId;
  /**
   * `test`: a TestCardToken; `stripe`: the PaymentIntent the page's card form confirmed (pi_…,
   * from STRIPE_INTENT_PATH) or a PaymentMethod id (pm_…); `manual`: none.
   */
  token?: string;
}

/** POST /api/commerce/orders body (crumb, cart cookie, optional Idempotency-Key). */
export interface PlaceOrderRequest {
  email: string;
  /** Required when the cart requires shipping (SPEC 3.1 requiresShipping). */
  shippingAddress?: AddressInput;
  /** Defaults to the shipping address; required for a purely digital cart only if none. */
  billingAddress?: AddressInput;
  shippingOptionId?: string;
  /**
   * How the rest is paid. May be left out only when discounts and gift cards cover the whole
   * total (the order is then recorded with `paymentProvider: 'none'`).
   */
  payment?: PaymentInput;
  /** A discount code (issue 15); automatic discounts apply without one. */
  couponCode?: string;
  /** Gift card codes, applied in the order given (issue 15). */
  giftCardCodes?: string[];
}

/** POST /api/commerce/checkout/quote body: what is known so far; nothing is written. */
export interface QuoteRequest {
  shippingAddress?: Partial<AddressInput> & { country: string };
  shippingOptionId?: string;
  /** Known once the shopper typed it: 'once per email' discounts are checked against it. */
  email?: string;
  couponCode?: string;
  giftCardCodes?: string[];
}

/** Issue 15: how a discount takes money off. */
export const DISCOUNT_KINDS = ['percentage', 'fixed', 'free-shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** SPEC 3.1 validCoupons entry: a code that applies to this cart. */
export interface CouponJson {
  code: string;
  kind: DiscountKind;
  /** What it takes off this cart (minor units); free shipping: the shipping it saves. */
  amount: number;
  /** What the shopper reads, e.g. '10% off' or 'Free shipping'. */
  description: string;
}

/** SPEC 3.1 invalidCoupons entry: a code that does not apply, and why (shown beside the field). */
export interface InvalidCouponJson {
  code: string;
  reason: string;
}

/** A discount applied to the order: one line of the summary (code, or automatic: code null). */
export interface DiscountLineJson {
  discountId: string;
  code: string | null;
  /** free-shipping lines carry the shipping they saved (not part of `discountTotal`). */
  kind: DiscountKind;
  /** The code or the automatic discount's title, e.g. 'WELCOME10' or 'Spring sale'. */
  label: string;
  amount: number;
}

/** A gift card paying part or all of the order: one payment line of the summary. */
export interface GiftCardLineJson {
  giftCardId: string;
  /** The last 4 characters of the code; the rest is never shown again. */
  last4: string;
  amount: number;
  /** Its balance after this order. */
  remaining: number;
}

/** A gift card code that cannot pay, and why (unknown, disabled, empty, other currency). */
export interface InvalidGiftCardJson {
  /** As typed, masked to its last 4. */
  code: string;
  reason: string;
}

export type ShippingKind = 'flat' | 'free_over' | 'weight_tiers' | 'price_tiers' | 'pickup';

export interface ShippingOptionJson {
  id: string;
  name: string;
  kind: ShippingKind;
  /** What this option costs for the quoted cart. */
  amount: number;
  /** Owner's note, e.g. pickup address and hours; '' when none. */
  description: string;
}

/** SPEC 3.1 applicableTaxRules entry, shown as a line of its own. */
export interface TaxLineJson {
  id: string;
  name: string;
  /** Percent, e.g. 8.875. */
  rate: number;
  amount: number;
  /** True when the site's prices already include this tax (shown, not added). */
  included: boolean;
}

export interface TotalsJson {
  currency: string;
  subtotal: number;
  shippingTotal: number;
  taxTotal: number;
  discountTotal: number;
  /** Gift cards and other non-card payments applied (issue 15); 0 until then. */
  giftCardTotal: number;
  grandTotal: number;
  taxLines: TaxLineJson[];
}

export interface QuoteResponse {
  totals: TotalsJson;
  shippingOptions: ShippingOptionJson[];
  selectedShippingOptionId: string | null;
  requiresShipping: boolean;
  purelyDigital: boolean;
  /** Countries the owner ships to (ISO alpha-2); empty when the cart needs no shipping. */
  shipsTo: string[];
  /** Providers this website offers, in display order, with what the page says about each. */
  paymentProviders: { id: PaymentProviderId; label: string; instructions: string }[];
  testMode: boolean;
  /** SPEC 8.3 minimum; 0 for none. */
  minimumSubtotal: number;
  /** Issue 15: the discounts applied (from the code and automatic ones). */
  discountLines: DiscountLineJson[];
  /** SPEC 3.1: the code given, when it applies / when it does not (with the reason). */
  validCoupons: CouponJson[];
  invalidCoupons: InvalidCouponJson[];
  /** Gift cards paying part or all of the total, and the codes that cannot. */
  giftCardLines: GiftCardLineJson[];
  invalidGiftCards: InvalidGiftCardJson[];
}

/** What an order records as its provider: 'none' when discounts and gift cards covered it all. */
export type OrderPaymentProvider = PaymentProviderId | 'none';

export type PaymentStatus =
  'pending' | 'authorized' | 'paid' | 'partially_refunded' | 'refunded' | 'voided' | 'failed';
export type FulfillmentStatus = 'unfulfilled' | 'fulfilled' | 'not_required';
export type OrderStatus = 'open' | 'cancelled' | 'completed';

export interface OrderLineJson {
  id: string;
  itemId: string;
  variantId: string;
  sku: string;
  title: string;
  attributes: Record<string, string>;
  productType: number;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** The custom-form answers with their labels, as bought. */
  additionalFieldAnswers: { label: string; value: string }[];
}

export interface OrderEventJson {
  at: number;
  kind: string;
  message: string;
}

/** The order as the shopper and the owner see it. */
export interface OrderJson {
  id: string;
  orderNumber: number;
  email: string;
  currency: string;
  lines: OrderLineJson[];
  subtotal: number;
  shippingTotal: number;
  taxTotal: number;
  discountTotal: number;
  /** Paid by gift cards (issue 15); `grandTotal` is what is left for the provider. */
  giftCardTotal: number;
  grandTotal: number;
  refundedTotal: number;
  taxLines: TaxLineJson[];
  discountLines: DiscountLineJson[];
  giftCardLines: GiftCardLineJson[];
  /** The subscription this order started or renewed (issue 15); null for one-off orders. */
  subscriptionId: string | null;
  shippingAddress: AddressInput | null;
  billingAddress: AddressInput | null;
  shippingOption: { id: string; name: string } | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  paymentProvider: OrderPaymentProvider;
  /** Owner's instructions for `manual`; '' otherwise. */
  paymentInstructions: string;
  testMode: boolean;
  /** Signed link to the order status page (pageType 211), no sign-in needed. */
  statusUrl: string;
  /** Signed link to the order confirmed page (pageType 202): where the checkout page goes after 201. */
  confirmationUrl: string;
  createdOn: number;
  /** Shipments with carrier and tracking; the timeline of what happened. */
  fulfillments: { carrier: string; trackingNumber: string; at: number }[];
  events: OrderEventJson[];
}

/** Where the checkout asks for the PaymentIntent its Stripe card form confirms. */
export const STRIPE_INTENT_PATH = '/api/commerce/checkout/stripe-intent';

/**
 * POST /api/commerce/checkout/stripe-intent (body: QuoteRequest) → the PaymentIntent for the
 * cart's quoted total, and what the page needs to show Stripe's card form. The order is then
 * placed with `payment: { provider: 'stripe', token: paymentIntentId }`.
 */
export interface StripeIntentResponse {
  paymentIntentId: string;
  clientSecret: string;
  /** The total the intent is for (minor units of `currency`). */
  amount: number;
  currency: string;
  publishableKey: string;
  /** Stripe.js (STRIPE_JS_URL). */
  jsUrl: string;
}

/** 201 from POST /api/commerce/orders, and the replay of it. */
export interface PlaceOrderResponse {
  order: OrderJson;
}

/** 409 OUT_OF_STOCK detail: the lines short and how many are left. */
export interface ShortLineJson {
  variantId: string;
  sku: string;
  title: string;
  requested: number;
  available: number;
}

/** Owner list: GET /api/commerce/orders?status=&q=&cursor= */
export interface OrderListResponse {
  orders: OrderJson[];
  nextCursor: string | null;
  total: number;
}

/**
 * 400 detail of a refused placement or quote: `{ error: { code: 'CHECKOUT_FIELDS_INVALID',
 * message, fieldErrors } }`, keyed by the field's path in the request, e.g. `email`,
 * `shippingAddress.postalCode`, `billingAddress.country`; values are the texts shown beside the
 * field (SPEC 5.7's for postal codes).
 */
export type CheckoutFieldErrors = Record<string, string>;
