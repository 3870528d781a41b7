/**
 * The checkout's step logic, pure (no React, no DOM): which steps a cart needs, what each step
 * checks before the shopper may go on, and the request bodies the island sends. The island
 * (checkout-page.tsx) only wires these to the page; tests run them directly.
 */
import {
  TEST_CARD_TOKENS,
  type AddressInput,
  type CheckoutFieldErrors,
  type PaymentProviderId,
  type PlaceOrderRequest,
  type QuoteRequest,
  type QuoteResponse,
} from '../../../shared/checkout/api.js';
import { emailError, validateAddress } from '../../../shared/checkout/address-rules.js';
import {
  looksLikeGiftCardCode,
  normalizeGiftCardCode,
} from '../../../shared/checkout/gift-card-code.js';
import {
  ENGLISH_CHECKOUT_TEXTS,
  type CheckoutTexts,
} from '../../../shared/checkout/checkout-texts.js';

export type StepId = 'contact' | 'address' | 'delivery' | 'payment' | 'review';

/** An address as the form holds it: every field a string, '' when empty. */
export type AddressDraft = Required<AddressInput>;

export interface CheckoutDraft {
  email: string;
  shipping: AddressDraft;
  /** Billing address is the shipping address unless the shopper unticks this. */
  billingSame: boolean;
  billing: AddressDraft;
  shippingOptionId: string | null;
  provider: PaymentProviderId | null;
  /** What the shopper typed in the test card field. */
  cardNumber: string;
  /** Issue 15: the discount code applied ('' for none) and the gift cards, in the order given. */
  couponCode: string;
  giftCardCodes: string[];
}

export function emptyAddress(country: string): AddressDraft {
  return {
    firstName: '',
    lastName: '',
    line1: '',
    line2: '',
    city: '',
    region: '',
    postalCode: '',
    country,
    phone: '',
  };
}

export function emptyDraft(country: string): CheckoutDraft {
  return {
    email: '',
    shipping: emptyAddress(country),
    billingSame: true,
    billing: emptyAddress(country),
    shippingOptionId: null,
    provider: null,
    cardNumber: '',
    couponCode: '',
    giftCardCodes: [],
  };
}

/**
 * What the one 'Discount code or gift card' field does with a text: a gift card code (its
 * shape: gift-cards.ts) is added to the cards, anything else replaces the discount code (an
 * order takes one code). Null when there is nothing to apply or the card is there already.
 */
export function applyCode(draft: CheckoutDraft, text: string): Partial<CheckoutDraft> | null {
  const code = text.trim();
  if (!code) return null;
  if (looksLikeGiftCardCode(code)) {
    const key = normalizeGiftCardCode(code);
    if (draft.giftCardCodes.some((c) => normalizeGiftCardCode(c) === key)) return null;
    return { giftCardCodes: [...draft.giftCardCodes, code] };
  }
  return { couponCode: code };
}

/**
 * The draft without the codes a quote found invalid (they would refuse the order): the discount
 * code the quote lists in `invalidCoupons`, the gift cards in `invalidGiftCards` (masked to
 * their last 4). The page shows the reasons under the field.
 */
export function dropInvalidCodes(
  draft: CheckoutDraft,
  quote: Partial<Pick<QuoteResponse, 'invalidCoupons' | 'invalidGiftCards'>>,
): CheckoutDraft {
  const badCoupon = (quote.invalidCoupons ?? []).some(
    (c) => c.code.trim().toUpperCase() === draft.couponCode.trim().toUpperCase(),
  );
  const badEndings = (quote.invalidGiftCards ?? []).map((g) =>
    normalizeGiftCardCode(g.code).slice(-4),
  );
  const cards = draft.giftCardCodes.filter(
    (c) => !badEndings.includes(normalizeGiftCardCode(c).slice(-4)),
  );
  if (!badCoupon && cards.length === draft.giftCardCodes.length) return draft;
  return { ...draft, couponCode: badCoupon ? '' : draft.couponCode, giftCardCodes: cards };
}

/**
 * True when discounts and gift cards cover the whole order: the payment step asks for nothing
 * and the order is placed without `payment` (docs/checkout-api.md).
 */
export function nothingToPay(quote: Partial<Pick<QuoteResponse, 'totals'>> | null): boolean {
  const t = quote?.totals;
  return !!t && t.grandTotal === 0 && (t.discountTotal > 0 || t.giftCardTotal > 0);
}

/** The discount code and gift cards a quote or an order carries. */
function withCodes<T extends QuoteRequest | PlaceOrderRequest>(req: T, draft: CheckoutDraft): T {
  if (draft.couponCode) req.couponCode = draft.couponCode;
  if (draft.giftCardCodes.length) req.giftCardCodes = [...draft.giftCardCodes];
  return req;
}

/** Digital-only and gift-card-only carts skip the address and the shipping method. */
export function stepsFor(requiresShipping: boolean): StepId[] {
  return requiresShipping
    ? ['contact', 'address', 'delivery', 'payment', 'review']
    : ['contact', 'payment', 'review'];
}

export function nextStep(steps: readonly StepId[], current: StepId): StepId {
  const i = steps.indexOf(current);
  return steps[Math.min(i + 1, steps.length - 1)] ?? current;
}

/** The step that owns a field error key (server keys are request paths, e.g. `shippingAddress.city`). */
export function stepOfField(key: string): StepId {
  if (key === 'email') return 'contact';
  if (key.startsWith('shippingAddress')) return 'address';
  if (key === 'shippingOptionId') return 'delivery';
  return 'payment';
}

/** The first step (in page order) holding one of `errors`, or null when there is none. */
export function firstStepWithError(
  steps: readonly StepId[],
  errors: CheckoutFieldErrors,
): StepId | null {
  const owners = new Set(Object.keys(errors).map(stepOfField));
  return steps.find((s) => owners.has(s)) ?? null;
}

export const CARD_MESSAGES = {
  REQUIRED: 'Enter your card number.',
  UNKNOWN_TEST_CARD: 'Test mode: use 4242 4242 4242 4242.',
  CHOOSE_PAYMENT: 'Choose how to pay.',
  CHOOSE_SHIPPING: 'Choose a shipping method.',
} as const;

/** Digits only: what the card number is, however the shopper spaced it. */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** Groups of four as the shopper types (`4242 4242 4242 4242`), at most 19 digits. */
export function formatCardNumber(input: string): string {
  return cardDigits(input)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The `test` provider's token for a well-known number, or null for any other number. */
export function testCardToken(input: string): string | null {
  const digits = cardDigits(input);
  return Object.prototype.hasOwnProperty.call(TEST_CARD_TOKENS, digits)
    ? TEST_CARD_TOKENS[digits as keyof typeof TEST_CARD_TOKENS]
    : null;
}

/**
 * The billing address the order will carry: null for the shipping one (or, with nothing to
 * ship, none: a digital cart asks for nothing but the email and the payment, and the server
 * needs no address for it), else the other one the shopper gave.
 */
export function billingOf(draft: CheckoutDraft, requiresShipping: boolean): AddressDraft | null {
  if (!requiresShipping) return null;
  return draft.billingSame ? null : draft.billing;
}

/**
 * What stops the shopper leaving `step`, keyed like the server's field errors. `shipsTo` limits
 * the shipping country (empty: any country the checkout knows).
 */
export function validateStep(
  step: StepId,
  draft: CheckoutDraft,
  quote: Pick<QuoteResponse, 'shipsTo' | 'requiresShipping' | 'shippingOptions'> &
    Partial<Pick<QuoteResponse, 'totals'>>,
): CheckoutFieldErrors {
  switch (step) {
    case 'contact': {
      const e = emailError(draft.email);
      return e ? { email: e } : {};
    }
    case 'address':
      return validateAddress(draft.shipping, 'shippingAddress', quote.shipsTo);
    case 'delivery':
      return draft.shippingOptionId &&
        quote.shippingOptions.some((o) => o.id === draft.shippingOptionId)
        ? {}
        : { shippingOptionId: CARD_MESSAGES.CHOOSE_SHIPPING };
    case 'payment': {
      const errors: CheckoutFieldErrors = {};
      const billing = billingOf(draft, quote.requiresShipping);
      if (billing) Object.assign(errors, validateAddress(billing, 'billingAddress'));
      if (nothingToPay(quote)) return errors;
      if (!draft.provider) errors['payment.provider'] = CARD_MESSAGES.CHOOSE_PAYMENT;
      // Stripe's card form checks the card itself (it answers when the payment is confirmed).
      else if (draft.provider === 'test') {
        if (!cardDigits(draft.cardNumber)) errors['payment.token'] = CARD_MESSAGES.REQUIRED;
        else if (!testCardToken(draft.cardNumber)) {
          errors['payment.token'] = CARD_MESSAGES.UNKNOWN_TEST_CARD;
        }
      }
      return errors;
    }
    case 'review':
      return {};
  }
}

/** Every step's errors at once: what 'Place Order' checks before it sends anything. */
export function validateAll(
  steps: readonly StepId[],
  draft: CheckoutDraft,
  quote: Pick<QuoteResponse, 'shipsTo' | 'requiresShipping' | 'shippingOptions'> &
    Partial<Pick<QuoteResponse, 'totals'>>,
): CheckoutFieldErrors {
  return Object.assign({}, ...steps.map((s) => validateStep(s, draft, quote)));
}

function trimAddress(a: AddressDraft): AddressInput {
  const out: AddressInput = {
    firstName: a.firstName.trim(),
    lastName: a.lastName.trim(),
    line1: a.line1.trim(),
    city: a.city.trim(),
    country: a.country,
  };
  if (a.line2.trim()) out.line2 = a.line2.trim();
  if (a.region.trim()) out.region = a.region.trim();
  if (a.postalCode.trim()) out.postalCode = a.postalCode.trim();
  if (a.phone.trim()) out.phone = a.phone.trim();
  return out;
}

/**
 * The quote for what is known so far: the address once its step is done (before that only the
 * country, which is enough to list shipping options), the chosen option, the codes, and the
 * email once it looks like one (a code once per email is checked against it).
 */
export function quoteRequestFor(
  draft: CheckoutDraft,
  requiresShipping: boolean,
  addressDone: boolean,
): QuoteRequest {
  const req: QuoteRequest = {};
  const email = draft.email.trim();
  if (email && !emailError(email)) req.email = email;
  withCodes(req, draft);
  if (!requiresShipping) return req;
  req.shippingAddress = addressDone
    ? trimAddress(draft.shipping)
    : { country: draft.shipping.country };
  if (draft.shippingOptionId) req.shippingOptionId = draft.shippingOptionId;
  return req;
}

/** POST /api/commerce/orders body; `payment` is left out when there is nothing to pay. */
export type PlaceOrderBody = Omit<PlaceOrderRequest, 'payment'> & {
  payment?: PlaceOrderRequest['payment'];
};

/**
 * The body of POST /api/commerce/orders. `stripePayment`: the PaymentIntent the card form was
 * made for (pi_…), which the server reads back from Stripe before it records anything.
 * `free`: discounts and gift cards cover the total (`nothingToPay`), so no payment is sent.
 */
export function placeOrderRequest(
  draft: CheckoutDraft,
  requiresShipping: boolean,
  stripePayment?: string,
  free = false,
): PlaceOrderBody {
  const provider = draft.provider ?? 'test';
  const req: PlaceOrderBody = { email: draft.email.trim() };
  if (!free) {
    req.payment =
      provider === 'test'
        ? { provider, token: testCardToken(draft.cardNumber) ?? '' }
        : provider === 'stripe'
          ? { provider, token: stripePayment ?? '' }
          : { provider };
  }
  withCodes(req, draft);
  if (requiresShipping) {
    req.shippingAddress = trimAddress(draft.shipping);
    if (draft.shippingOptionId) req.shippingOptionId = draft.shippingOptionId;
  }
  const billing = billingOf(draft, requiresShipping);
  if (billing) req.billingAddress = trimAddress(billing);
  return req;
}

/** The shipping country a new checkout starts with: the first the owner ships to, else the US. */
export function defaultCountry(shipsTo: readonly string[]): string {
  return shipsTo.includes('US') || shipsTo.length === 0 ? 'US' : shipsTo[0]!;
}

/** The 400 body's field errors (`error.fieldErrors`), or {} when the body has none. */
export function fieldErrorsOf(body: unknown): CheckoutFieldErrors {
  const fe = (body as { error?: { fieldErrors?: unknown } } | null)?.error?.fieldErrors;
  if (!fe || typeof fe !== 'object') return {};
  const out: CheckoutFieldErrors = {};
  for (const [k, v] of Object.entries(fe)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The 409 body's short lines (`error.lines`), or [] when the body has none. */
export function shortLinesOf(
  body: unknown,
): { title: string; sku: string; requested: number; available: number }[] {
  const lines = (body as { error?: { lines?: unknown } } | null)?.error?.lines;
  return Array.isArray(lines)
    ? lines.filter(
        (l): l is { title: string; sku: string; requested: number; available: number } =>
          !!l && typeof l === 'object' && typeof (l as { title?: unknown }).title === 'string',
      )
    : [];
}

/** 'Mug (S): only 1 left' / 'Mug (S): sold out' — a 409 line as the page lists it. */
export function shortLineText(
  l: { title: string; sku: string; available: number },
  texts: Pick<CheckoutTexts, 'onlyLeft' | 'soldOut'> = ENGLISH_CHECKOUT_TEXTS,
): string {
  const what = l.sku ? `${l.title} (${l.sku})` : l.title;
  return l.available > 0 ? texts.onlyLeft(what, l.available) : texts.soldOut(what);
}

/**
 * Where the shopper goes after placing: the order confirmed page (pageType 202) the server names
 * (`order.confirmationUrl`); from a server without it, the same page signed with the token of
 * the status link (`/orders/status/{token}`), else the status page itself.
 */
export function confirmationUrl(order: {
  id: string;
  statusUrl: string;
  confirmationUrl?: string;
}): string {
  if (order.confirmationUrl) return order.confirmationUrl;
  const m = /^\/orders\/status\/([^/?#]+)$/.exec(order.statusUrl);
  return m
    ? `/checkout/order-confirmed/${encodeURIComponent(order.id)}?t=${m[1]}`
    : order.statusUrl;
}
