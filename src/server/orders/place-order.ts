import crypto from 'node:crypto';
import type {
  AddressInput,
  CheckoutFieldErrors,
  OrderJson,
  PaymentProviderId,
  PlaceOrderRequest,
  ShortLineJson,
} from '../../shared/checkout/api.js';
import {
  emailError,
  normalizePostalCode,
  validateAddress,
} from '../../shared/checkout/address-rules.js';
import { enabledProviders, type CheckoutSettings } from '../../shared/checkout/settings.js';
import type { Quote, TotalsLine } from '../../shared/checkout/totals.js';
import type { GiftCardPurchaseRequest } from '../../shared/checkout/gift-cards.js';
import { minimumSubtotalText } from '../../shared/cart/cart-minimum.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { formatMoney } from '../../shared/money.js';
import { isDigitalGood, isGiftCard, needsShipping } from '../../shared/product/rules.js';
import type { Db } from '../db/database.js';
import { appError, AppError } from '../errors/app-error.js';
import type { DomainEvents } from '../events.js';
import type { Mailer } from '../mail/mailer.js';
import { findCartWithEntries } from '../cart/cart-queries.js';
import type { EntryRow } from '../cart/cart-json.js';
import type { CartStore } from '../cart/store.js';
import {
  announceStockChange,
  stockShortfall,
  type StockShort,
  type StockWant,
} from '../catalog/take-stock.js';
import { variantWeights } from '../catalog/variant-weights.js';
import { purchaseEventRow } from '../analytics/server-events.js';
import type { PaymentProviders } from '../payments/registry.js';
import type {
  AuthorizeResult,
  PaymentProvider,
  PaymentRequest,
  SettleResult,
} from '../payments/provider.js';
import { followUpKey, paymentKey } from '../payments/payment-key.js';
import {
  addOrderEvent,
  findOrderRow,
  loadOrderJson,
  orderJson,
  paidStatus,
  type OrderLineRow,
  type OrderRow,
} from './order-json.js';
import { adjustedQuote, type AdjustedQuote, type Adjusters } from './adjusted-quote.js';
import { orderDownloads, type SignFileUrl } from './downloads.js';
import { managePath } from '../subscriptions/manage-token.js';
import { newOrderOwnerMail, orderConfirmationMail, type MailSite } from './order-mail.js';
import { reviewRequestPath } from '../reviews/review-token.js';
import {
  NUMBER_SLOT,
  type OrderRecorder,
  type Placement,
  type PlacementOutcome,
} from './record-order.js';
import type { AttemptContext } from './tables.js';

/** `discounts` and `giftCards` (Adjusters): the issue 15 domains, wired in routes.ts. */
export interface OrderDeps extends Adjusters {
  db: Db;
  now: () => number;
  secret: string;
  events: DomainEvents;
  mailer: Mailer;
  providers: PaymentProviders;
  /** Records placements, those arriving together in one statement (record-order.ts). */
  recorder: OrderRecorder;
  /** A website's checkout settings for its content version (cached per version in routes.ts). */
  settings: (siteId: string, contentVersion: number) => Promise<CheckoutSettings>;
  /** Signs digital products' download links (media/signed-links.ts `signedFileUrl`). */
  signFileUrl: SignFileUrl;
  /** A website's draft products for its content version (cached in routes.ts): not for sale. */
  draftItemIds: (siteId: string, contentVersion: number) => Promise<ReadonlySet<string>>;
  /** Who gets the new-order mail (cached: owners/owner-emails-cache.ts). */
  ownerEmails: (siteId: string) => Promise<string[]>;
  log?: { warn: (obj: unknown, msg?: string) => void };
}

export interface PlaceContext {
  site: MailSite & { id: string };
  store: CartStore;
  cartId: string | undefined;
  idempotencyKey?: string | undefined;
  /** The request's origin (links in mail). */
  origin: string;
  /** Who placed it, for the analytics purchase event (recorded with the order); none: no event. */
  shopper?: { sessionId: string | null; loggedIn: boolean };
  /** The gift card checkout's details (recipient, message, send date) for the cards it buys. */
  giftCardPurchase?: Omit<GiftCardPurchaseRequest, 'payment'>;
  /** The subscription this order starts or renews. */
  subscriptionId?: string;
  /** The signed-in customer placing it (issue 14): recorded with the order. */
  customerId?: string;
  /**
   * Subscriptions paying with a kept card (issue 15): the processor's customer; `saveCard` on
   * the first charge keeps the card, `offSession` renewals charge it without the shopper
   * (`attempt`: the renewal's failures so far, so a retry is a new payment, a repeat is not).
   */
  payer?: AttemptContext['payer'];
  /**
   * A placement the bank must confirm is kept for the webhook (checkout_attempts); this names
   * the domain that finishes it when it is more than an order (a subscription's row), with its
   * key. See finish-payment.ts.
   */
  finishWith?: AttemptContext['finishWith'];
}

export interface PlaceResult {
  order: OrderJson;
  /** False when an earlier placement's order was returned (replay). */
  created: boolean;
}

/**
 * POST /api/commerce/orders, as named steps: load cart → validate → quote → pay → record →
 * after commit: capture (held payments), mail, events.
 *
 * Paying comes in two kinds (docs/checkout-api.md "Payments"):
 * - settled with the order (`test`, `manual`: `PaymentProvider.settleWithOrder`): the provider
 *   decides without I/O, a decline throws before anything is written, and the ledger row is part
 *   of the order's own statement — so nothing to release if the order fails, nothing to capture.
 * - held (Stripe): the cart's stock is read first (a cart that cannot be filled never reaches
 *   the provider), the payment is authorized (money held, not taken), and a refusal throws before
 *   anything is written. When recording then fails (stock ran out meanwhile, the cart changed)
 *   the hold is released (`cancel`). Money is captured only after the order committed.
 *
 * Recording is one statement (`place_orders`, place-order-function.ts): lock cart, check lines,
 * take stock, number, insert order, lines, events, mail and purchase event, mark the cart
 * purchased. The answer is built from what was inserted, not read back.
 *
 * One order per cart: the cart's row lock orders placements of one cart; the second finds the
 * cart purchased and answers with the first order (a held payment with the same idempotency key
 * is the same payment and is not released).
 */
export async function placeOrder(
  deps: OrderDeps,
  ctx: PlaceContext,
  input: PlaceOrderRequest,
): Promise<PlaceResult> {
  const requestHash = hashRequest(input);
  const replay = await findReplay(deps, ctx, requestHash);
  if (replay) return replay;

  const cart = await loadCart(deps, ctx);
  if ('order' in cart) return cart;
  await refuseDrafts(deps, ctx, cart.entries);
  const settings = await deps.settings(ctx.site.id, ctx.store.contentVersion);
  const offered = enabledProviders(settings).filter((p) => deps.providers[p]);
  const request = validate(input, settings, offered, cart.entries);
  const lines = await quoteLines(deps.db, ctx.site.id, settings, cart.entries);
  const adjusted = await quoteFor(deps, ctx, { settings, cart, lines, request });
  const { quote } = adjusted;
  const provider = providerFor(deps, request, quote);
  const payment = await pay(deps, provider, ctx, { cart, request, quote, settings, input });

  const draft = await draftOrder(deps, ctx, {
    cart,
    request,
    adjusted,
    settings,
    payment,
    requestHash,
  });
  let outcome: PlacementOutcome;
  try {
    outcome = await deps.recorder.record(draft.placement);
  } catch (err) {
    if (payment.kind === 'held') await release(deps, provider, payment.reference);
    throw err;
  }
  if (outcome.status === 'existing') return theFirstOrder(deps, ctx, provider, payment, outcome);
  if (outcome.status !== 'placed') {
    if (payment.kind === 'held') await release(deps, provider, payment.reference);
    throw refusal(outcome, cart.entries, adjusted);
  }
  const order = { ...draft.order, orderNumber: outcome.orderNumber };
  return {
    order: await afterCommit(deps, ctx, provider, order, payment, outcome.soldOut),
    created: true,
  };
}

// --- steps -----------------------------------------------------------------------------------

/**
 * The request's fingerprint, with keys sorted: a request kept in checkout_attempts comes back
 * from jsonb with its keys reordered, and the webhook placing it must match the page's retry.
 */
function hashRequest(input: PlaceOrderRequest): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(canonical(input)))
    .digest('base64url');
}

/** Idempotency-Key replay: the order the key placed, or 409 when the key came with other details. */
async function findReplay(
  deps: OrderDeps,
  ctx: PlaceContext,
  requestHash: string,
): Promise<PlaceResult | undefined> {
  if (!ctx.idempotencyKey) return undefined;
  const row = await deps.db
    .selectFrom('orders')
    .select(['id', 'cart_id'])
    .where('site_id', '=', ctx.site.id)
    .where('idempotency_key', '=', ctx.idempotencyKey)
    .executeTakeFirst();
  if (!row) return undefined;
  const hash = await deps.db
    .selectFrom('order_events')
    .select('data')
    .where('order_id', '=', row.id)
    .where('kind', '=', 'placed')
    .executeTakeFirst();
  const data = (typeof hash?.data === 'string' ? JSON.parse(hash.data) : hash?.data) as
    { requestHash?: string } | undefined;
  if (data?.requestHash && data.requestHash !== requestHash) {
    throw appError(ErrorCode.IDEMPOTENCY_KEY_REUSED, Messages.IDEMPOTENCY_KEY_REUSED);
  }
  const order = await loadOrderJson(deps.db, deps.secret, ctx.site.id, row.id);
  return order ? { order, created: false } : undefined;
}

interface LoadedCart {
  cartId: string;
  entries: EntryRow[];
}

/** The visitor's cart with its lines (one statement); a purchased cart answers with its order. */
async function loadCart(deps: OrderDeps, ctx: PlaceContext): Promise<LoadedCart | PlaceResult> {
  const found = ctx.cartId
    ? await findCartWithEntries(deps.db, ctx.site.id, ctx.cartId)
    : undefined;
  if (!found) throw appError(ErrorCode.CART_EMPTY, Messages.CART_EMPTY);
  if (found.cart.is_purchased) {
    const order = found.cart.order_id
      ? await loadOrderJson(deps.db, deps.secret, ctx.site.id, found.cart.order_id)
      : undefined;
    if (!order) throw appError(ErrorCode.CART_EMPTY, Messages.CART_EMPTY);
    return { order, created: false };
  }
  if (!found.entries.length) throw appError(ErrorCode.CART_EMPTY, Messages.CART_EMPTY);
  return { cartId: found.cart.id, entries: found.entries };
}

/**
 * A product the owner turned back into a draft after it was added is no longer for sale
 * (shared/product/owner-api.ts visibility): the shopper is told which and removes it.
 */
async function refuseDrafts(deps: OrderDeps, ctx: PlaceContext, entries: EntryRow[]) {
  const drafts = await deps.draftItemIds(ctx.site.id, ctx.store.contentVersion);
  const gone = entries.find((e) => drafts.has(e.item_id));
  if (gone) {
    throw appError(
      ErrorCode.CHECKOUT_CART_CHANGED,
      `${gone.title} is no longer available. Remove it from your cart to check out.`,
    );
  }
}

function cleanAddress(a: Partial<AddressInput>): AddressInput {
  const t = (s: string | undefined) => (s ?? '').trim();
  return {
    firstName: t(a.firstName),
    lastName: t(a.lastName),
    line1: t(a.line1),
    line2: t(a.line2),
    city: t(a.city),
    region: t(a.region),
    postalCode: normalizePostalCode(a.postalCode ?? ''),
    country: t(a.country).toUpperCase(),
    phone: t(a.phone),
  };
}

/** The request checked field by field (SPEC 5.7 postal texts); 400 with every error at once. */
function validate(
  input: PlaceOrderRequest,
  settings: CheckoutSettings,
  offered: readonly PaymentProviderId[],
  entries: readonly EntryRow[],
): PlaceOrderRequest {
  const errors: CheckoutFieldErrors = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  const ships = entries.some((e) => needsShipping(e.product_type));
  if (ships) {
    Object.assign(
      errors,
      validateAddress(input.shippingAddress, 'shippingAddress', settings.shipsTo),
    );
  }
  // A cart that ships nothing skips the address step: a billing address is checked when sent
  // (or a shipping address standing for it) and may be absent.
  const billing = input.billingAddress ?? (ships ? undefined : input.shippingAddress);
  if (billing) {
    const prefix = input.billingAddress ? 'billingAddress' : 'shippingAddress';
    Object.assign(errors, validateAddress(billing, prefix));
  }
  // No payment is fine when gift cards and discounts cover the total (checked after the quote).
  const provider = input.payment?.provider;
  if (input.payment && (!provider || !offered.includes(provider))) {
    errors['payment.provider'] = Messages.PAYMENT_METHOD_UNAVAILABLE;
  } else if ((provider === 'test' || provider === 'stripe') && !input.payment?.token) {
    errors['payment.token'] = 'Required';
  }
  if (Object.keys(errors).length) {
    throw appError(ErrorCode.CHECKOUT_FIELDS_INVALID, Messages.UPDATE_MISSING_INFO, {
      fieldErrors: errors,
    });
  }
  const shippingAddress =
    ships && input.shippingAddress ? cleanAddress(input.shippingAddress) : undefined;
  const billingAddress = billing ? cleanAddress(billing) : shippingAddress;
  return {
    email: (input.email ?? '').trim(),
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    ...(input.shippingOptionId ? { shippingOptionId: input.shippingOptionId } : {}),
    ...(input.payment ? { payment: input.payment } : {}),
    ...(input.couponCode?.trim() ? { couponCode: input.couponCode.trim() } : {}),
    ...(input.giftCardCodes?.length ? { giftCardCodes: input.giftCardCodes } : {}),
  };
}

/**
 * The cart's lines for the totals, each with its variant's weight per unit when the website
 * prices shipping by weight (the weights are read only then: no other quote pays for them).
 */
export async function quoteLines(
  db: Db,
  siteId: string,
  settings: CheckoutSettings,
  entries: readonly EntryRow[],
): Promise<TotalsLine[]> {
  const byWeight = settings.shippingOptions.some((o) => o.kind === 'weight_tiers');
  const weights = byWeight
    ? await variantWeights(
        db,
        siteId,
        entries.filter((e) => needsShipping(e.product_type)).map((e) => e.variant_id),
      )
    : undefined;
  return entries.map((e) => ({
    productType: e.product_type,
    unitPrice: e.unit_price_cents,
    quantity: e.quantity,
    ...(weights ? { weightGrams: weights.get(e.variant_id) ?? 0 } : {}),
  }));
}

/**
 * Totals for the request with its discounts and gift cards (adjusted-quote.ts): the shipping
 * option must be one offered, SPEC 8.3's minimum is met, and every code given applies — a code
 * that stopped applying since the page's quote refuses the order rather than charging more.
 */
async function quoteFor(
  deps: OrderDeps,
  ctx: PlaceContext,
  {
    settings,
    cart,
    lines,
    request,
  }: {
    settings: CheckoutSettings;
    cart: LoadedCart;
    lines: readonly TotalsLine[];
    request: PlaceOrderRequest;
  },
): Promise<AdjustedQuote> {
  const adjusted = await adjustedQuote(deps, {
    siteId: ctx.site.id,
    contentVersion: ctx.store.contentVersion,
    currency: ctx.store.currency,
    language: ctx.store.language,
    now: deps.now(),
    email: request.email,
    entries: cart.entries,
    lines,
    settings,
    address: request.shippingAddress ?? request.billingAddress,
    shippingOptionId: request.shippingOptionId,
    couponCode: request.couponCode,
    giftCardCodes: request.giftCardCodes,
  });
  const { quote } = adjusted;
  if (quote.requiresShipping && (!quote.selected || quote.requestedOptionUnavailable)) {
    throw appError(ErrorCode.CHECKOUT_FIELDS_INVALID, Messages.UPDATE_MISSING_INFO, {
      fieldErrors: quote.selected
        ? { shippingOptionId: 'Please choose one of the shipping options offered.' }
        : { 'shippingAddress.country': 'We do not ship to this country.' },
    });
  }
  const minimum = ctx.store.minimumOrderSubtotalCents;
  if (minimum > 0 && quote.totals.subtotal < minimum) {
    throw appError(
      ErrorCode.CHECKOUT_MINIMUM_SUBTOTAL,
      minimumSubtotalText(formatMoney(minimum, ctx.store.currency, ctx.site.language)),
    );
  }
  const badCoupon = adjusted.discount.invalidCoupons[0];
  if (badCoupon) {
    throw appError(
      ErrorCode.DISCOUNT_UNAVAILABLE,
      Messages.DISCOUNT_UNAVAILABLE.replace('{code}', badCoupon.code),
      // Not `code`: the details spread into the error body beside its `code` (the error code).
      { couponCode: badCoupon.code, reason: badCoupon.reason },
    );
  }
  if (adjusted.invalidGiftCards.length) {
    throw appError(ErrorCode.GIFT_CARD_INVALID, Messages.GIFT_CARD_INVALID, {
      invalidGiftCards: adjusted.invalidGiftCards,
    });
  }
  return adjusted;
}

/** The provider that takes what is left; none when gift cards and discounts cover it all. */
function providerFor(
  deps: OrderDeps,
  request: PlaceOrderRequest,
  quote: Quote,
): PaymentProvider | undefined {
  if (quote.totals.grandTotal === 0) return undefined;
  const chosen = request.payment ? deps.providers[request.payment.provider] : undefined;
  if (!chosen) {
    throw appError(ErrorCode.CHECKOUT_FIELDS_INVALID, Messages.UPDATE_MISSING_INFO, {
      fieldErrors: { 'payment.provider': Messages.PAYMENT_METHOD_UNAVAILABLE },
    });
  }
  return chosen;
}

function stockWants(entries: readonly EntryRow[]) {
  return entries
    .filter((e) => !isDigitalGood(e.product_type))
    .map((e) => ({ variantId: e.variant_id, quantity: e.quantity }));
}

function outOfStock(entries: readonly EntryRow[], short: readonly StockShort[]): AppError {
  const lines: ShortLineJson[] = short.map((s) => {
    const e = entries.find((x) => x.variant_id === s.variantId);
    return {
      variantId: s.variantId,
      sku: e?.sku ?? '',
      title: e?.title ?? '',
      requested: s.requested,
      available: s.available,
    };
  });
  return appError(ErrorCode.OUT_OF_STOCK, Messages.OUT_OF_STOCK, { lines });
}

/** A read before a held payment: a cart that cannot be filled never reaches the provider. */
async function checkStock(db: Db, siteId: string, entries: readonly EntryRow[]): Promise<void> {
  const short = await stockShortfall(db, siteId, stockWants(entries));
  if (short.length) throw outOfStock(entries, short);
}

type Authorized = Extract<AuthorizeResult, { ok: true }>;
type Settled = Extract<SettleResult, { ok: true }>;

/** How the order is paid: settled by its own statement, or held before it and captured after. */
type Payment = ({ kind: 'settled' } & Settled) | ({ kind: 'held' } & Authorized);

interface PayInput {
  cart: LoadedCart;
  request: PlaceOrderRequest;
  quote: Quote;
  settings: CheckoutSettings;
  input: PlaceOrderRequest;
}

/**
 * Settles with the order when the provider can (no I/O), else checks stock and authorizes.
 * Nothing left to pay (no provider): settled, paid by the gift cards' debits in the statement.
 */
async function pay(
  deps: OrderDeps,
  provider: PaymentProvider | undefined,
  ctx: PlaceContext,
  { cart, request, quote, settings, input }: PayInput,
): Promise<Payment> {
  if (!provider) return { kind: 'settled', ok: true, status: 'paid', reference: '' };
  const amount = quote.totals.grandTotal;
  const payment: PaymentRequest = {
    siteId: ctx.site.id,
    cartId: cart.cartId,
    idempotencyKey: paymentKey(
      ctx.site.id,
      cart.cartId,
      amount,
      provider.id,
      ctx.payer?.offSession
        ? `${request.payment?.token ?? ''}#${ctx.payer.attempt ?? 0}`
        : request.payment?.token,
    ),
    amount,
    currency: ctx.store.currency,
    email: request.email,
    token: request.payment?.token,
    testMode: settings.testMode,
    ...(ctx.payer
      ? {
          customer: ctx.payer.customer,
          saveCard: ctx.payer.saveCard,
          offSession: ctx.payer.offSession,
        }
      : {}),
  };
  if (provider.settleWithOrder) {
    const settled = provider.settleWithOrder(payment);
    if (!settled.ok) throw appError(ErrorCode.PAYMENT_DECLINED, settled.message);
    return { kind: 'settled', ...settled };
  }
  await checkStock(deps.db, ctx.site.id, cart.entries);
  try {
    return { kind: 'held', ...(await authorize(provider, payment)) };
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.PAYMENT_ACTION_REQUIRED) {
      await rememberAttempt(deps, ctx, cart.cartId, input, err.details.paymentReference);
    }
    throw err;
  }
}

async function authorize(provider: PaymentProvider, req: PaymentRequest): Promise<Authorized> {
  const result = await provider.authorize(req);
  if (result.ok) return result;
  if (result.reason === 'action_required') {
    throw appError(ErrorCode.PAYMENT_ACTION_REQUIRED, Messages.PAYMENT_ACTION_REQUIRED, {
      clientSecret: result.clientSecret ?? null,
      paymentReference: result.reference ?? null,
    });
  }
  throw appError(ErrorCode.PAYMENT_DECLINED, result.message);
}

/** Keeps a placement the bank must confirm, so the webhook can finish it (finish-payment.ts). */
async function rememberAttempt(
  deps: OrderDeps,
  ctx: PlaceContext,
  cartId: string,
  input: PlaceOrderRequest,
  reference: unknown,
): Promise<void> {
  if (typeof reference !== 'string' || !reference) return;
  const request = JSON.stringify(input);
  const kept: AttemptContext = {
    ...(ctx.giftCardPurchase ? { giftCardPurchase: ctx.giftCardPurchase } : {}),
    ...(ctx.site.timeZone ? { timeZone: ctx.site.timeZone } : {}),
    ...(ctx.subscriptionId ? { subscriptionId: ctx.subscriptionId } : {}),
    ...(ctx.payer ? { payer: ctx.payer } : {}),
    ...(ctx.finishWith ? { finishWith: ctx.finishWith } : {}),
  };
  const context = JSON.stringify(kept);
  await deps.db
    .insertInto('checkout_attempts')
    .values({
      payment_reference: reference,
      site_id: ctx.site.id,
      cart_id: cartId,
      request,
      context,
      idempotency_key: ctx.idempotencyKey ?? null,
      created: new Date(deps.now()),
    })
    // The latest details win (a gift card's recipient corrected before the card was confirmed).
    .onConflict((oc) => oc.column('payment_reference').doUpdateSet({ request, context }))
    .execute();
}

async function release(deps: OrderDeps, provider: PaymentProvider | undefined, reference: string) {
  if (!provider) return;
  try {
    const r = await provider.cancel(reference, followUpKey(reference, 'cancel'));
    if (!r.ok) deps.log?.warn({ reference, message: r.message }, 'payment hold not released');
  } catch (err) {
    deps.log?.warn({ err, reference }, 'payment hold not released');
  }
}

interface DraftInput {
  cart: LoadedCart;
  request: PlaceOrderRequest;
  adjusted: AdjustedQuote;
  settings: CheckoutSettings;
  payment: Payment;
  requestHash: string;
}

/**
 * Everything the order is, built before it is recorded: its rows (for `place_order`), its JSON
 * (the answer: what is inserted is what is answered, no read-back) and its mail, rendered with
 * the placeholder number the function replaces (record-order.ts NUMBER_SLOT).
 */
async function draftOrder(
  deps: OrderDeps,
  ctx: PlaceContext,
  { cart, request, adjusted, settings, payment, requestHash }: DraftInput,
): Promise<{ placement: Placement; order: OrderJson }> {
  const siteId = ctx.site.id;
  const now = new Date(deps.now());
  const orderId = crypto.randomUUID();
  const { quote } = adjusted;
  const { totals, selected } = quote;
  // Nothing left to pay: no provider took part (the gift cards' debits are the payment).
  const provider = totals.grandTotal > 0 && request.payment ? request.payment.provider : 'none';
  const paid = payment.status === 'paid';
  const fulfillment = quote.requiresShipping ? 'unfulfilled' : 'not_required';
  const row: Omit<OrderRow, 'order_number'> = {
    id: orderId,
    site_id: siteId,
    cart_id: cart.cartId,
    idempotency_key: ctx.idempotencyKey ?? null,
    customer_id: ctx.customerId ?? null,
    email: request.email,
    currency: totals.currency,
    language: ctx.site.language,
    subtotal: totals.subtotal,
    shipping_total: totals.shippingTotal,
    tax_total: totals.taxTotal,
    discount_total: totals.discountTotal,
    gift_card_total: totals.giftCardTotal,
    grand_total: totals.grandTotal,
    paid_total: paid ? totals.grandTotal : 0,
    refunded_total: 0,
    tax_lines: totals.taxLines,
    discount_lines: adjusted.discount.lines,
    gift_card_lines: adjusted.giftCardLines,
    subscription_id: ctx.subscriptionId ?? null,
    shipping_address: request.shippingAddress ?? null,
    billing_address: request.billingAddress ?? null,
    shipping_option: selected ? { id: selected.id, name: selected.name } : null,
    status: paid ? paidStatus({ status: 'open', fulfillment_status: fulfillment }) : 'open',
    payment_status: payment.status,
    fulfillment_status: fulfillment,
    payment_provider: provider,
    payment_reference: payment.reference || `none_${orderId}`,
    payment_instructions: provider === 'manual' ? settings.payments.manual.instructions : '',
    test_mode: settings.testMode,
    created: now,
    updated: now,
  };
  const lines: OrderLineRow[] = cart.entries.map((e, i) => ({
    id: crypto.randomUUID(),
    order_id: orderId,
    position: i,
    item_id: e.item_id,
    variant_id: e.variant_id,
    sku: e.sku,
    title: e.title,
    attributes: parseJson(e.attributes) ?? {},
    product_type: e.product_type,
    quantity: e.quantity,
    unit_price: e.unit_price_cents,
    line_total: e.unit_price_cents * e.quantity,
    additional_field_answers: (parseJson(e.additional_field_answers) ?? []).map((a) => ({
      label: a.rawTitle,
      value: a.value,
    })),
  }));
  const events = [
    {
      order_id: orderId,
      at: now,
      kind: 'placed',
      message: `Order placed by ${request.email}.`,
      data: { requestHash },
    },
    // A payment settled with the order is taken as it commits (the timeline says when).
    ...(paid && payment.kind === 'settled'
      ? [
          {
            order_id: orderId,
            at: now,
            kind: 'paid',
            message:
              provider === 'none'
                ? 'Paid in full by gift cards and discounts.'
                : 'Payment captured.',
            data: {},
          },
        ]
      : []),
  ];
  const order = orderJson(
    deps.secret,
    { ...row, order_number: NUMBER_SLOT },
    { lines, events: events.map((e, seq) => ({ ...e, seq })), fulfillments: [] },
  );
  const [owners, downloads] = await Promise.all([
    deps.ownerEmails(siteId),
    orderDownloads(
      { db: deps.db, sign: deps.signFileUrl, now: deps.now },
      ctx.site,
      order,
      ctx.origin,
    ),
  ]);
  const issued = issueGiftCards(deps, ctx, order);
  const mails = [
    ...deps.mailer.outboxRows([
      orderConfirmationMail(
        ctx.site,
        order,
        ctx.origin,
        downloads,
        ctx.subscriptionId
          ? ctx.origin + managePath(deps.secret, siteId, ctx.subscriptionId)
          : undefined,
        ctx.site.reviewsEnabled
          ? ctx.origin + reviewRequestPath(deps.secret, siteId, orderId, now.getTime())
          : undefined,
      ),
      ...owners.map((to) => newOrderOwnerMail(ctx.site, order, to, ctx.origin)),
    ]),
    ...issued.mails,
  ];
  const placement: Placement = {
    siteId,
    cartId: cart.cartId,
    now,
    idempotencyKey: ctx.idempotencyKey ?? null,
    lines: cart.entries.map((e) => ({
      id: e.id,
      quantity: e.quantity,
      unitPrice: e.unit_price_cents,
      variantId: e.variant_id,
    })),
    stock: summed(stockWants(cart.entries)),
    order: row,
    orderLines: lines,
    events,
    testPayment: payment.kind === 'settled' ? (payment.ledger ?? null) : null,
    discountUses: adjusted.discount.uses,
    giftCardDebits: adjusted.debits,
    giftCards: issued.giftCards,
    giftCardTransactions: issued.transactions,
    mails,
    purchase: ctx.shopper
      ? purchaseEventRow({
          siteId,
          order,
          cartId: cart.cartId,
          sessionId: ctx.shopper.sessionId,
          loggedIn: ctx.shopper.loggedIn,
          at: now.getTime(),
        })
      : null,
  };
  return { placement, order };
}

/**
 * Gift cards the order buys (its gift-card lines), issued by the order's own statement. Not
 * while its money has not come (a bank transfer, 'pending'): a code is spendable at once, so
 * such cards are issued when the owner marks the order paid (owner-actions.ts `markPaid`), and
 * never for an order cancelled unpaid.
 */
function issueGiftCards(deps: OrderDeps, ctx: PlaceContext, order: OrderJson) {
  if (
    !deps.giftCards ||
    order.paymentStatus === 'pending' ||
    !order.lines.some((l) => isGiftCard(l.productType))
  ) {
    return { giftCards: [], transactions: [], mails: [] };
  }
  return deps.giftCards.issue({
    site: ctx.site,
    order,
    origin: ctx.origin,
    purchase: ctx.giftCardPurchase,
  });
}

const parseJson = <T>(v: T | string | null): T | null =>
  typeof v === 'string' ? (JSON.parse(v) as T) : v;

/** Quantities of one variant summed, variants in id order (the order locks are taken in). */
function summed(wants: readonly StockWant[]): StockWant[] {
  const by = new Map<string, number>();
  for (const w of wants) by.set(w.variantId, (by.get(w.variantId) ?? 0) + w.quantity);
  return [...by]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([variantId, quantity]) => ({ variantId, quantity }));
}

/** Why a placement was refused, as the shopper's error. */
function refusal(
  outcome: PlacementOutcome,
  entries: readonly EntryRow[],
  adjusted: AdjustedQuote,
): AppError {
  switch (outcome.status) {
    case 'discount_unavailable': {
      const line = adjusted.discount.lines.find((l) => l.discountId === outcome.discountId);
      const code = line?.code ?? line?.label ?? '';
      return appError(
        ErrorCode.DISCOUNT_UNAVAILABLE,
        Messages.DISCOUNT_UNAVAILABLE.replace('{code}', code),
        { couponCode: code },
      );
    }
    case 'gift_card_short':
      return appError(ErrorCode.GIFT_CARD_BALANCE_CHANGED, Messages.GIFT_CARD_BALANCE_CHANGED);
    case 'short':
      return outOfStock(entries, outcome.short);
    case 'changed':
      return appError(ErrorCode.CHECKOUT_CART_CHANGED, Messages.CHECKOUT_CART_CHANGED);
    case 'key_used':
      return appError(ErrorCode.IDEMPOTENCY_KEY_REUSED, Messages.IDEMPOTENCY_KEY_REUSED);
    default:
      return appError(ErrorCode.CART_EMPTY, Messages.CART_EMPTY);
  }
}

/**
 * Another placement of this cart won. A held payment is ours to keep when the idempotency key
 * matched (same reference); a different hold of ours is released. A settled payment wrote
 * nothing (its ledger row went with the order that was not recorded).
 */
async function theFirstOrder(
  deps: OrderDeps,
  ctx: PlaceContext,
  provider: PaymentProvider | undefined,
  payment: Payment,
  outcome: { orderId: string | null },
): Promise<PlaceResult> {
  if (!outcome.orderId) throw appError(ErrorCode.CART_EMPTY, Messages.CART_EMPTY);
  if (payment.kind === 'held') {
    const row = await findOrderRow(deps.db, ctx.site.id, outcome.orderId);
    if (row?.payment_reference !== payment.reference)
      await release(deps, provider, payment.reference);
  }
  const existing = await loadOrderJson(deps.db, deps.secret, ctx.site.id, outcome.orderId);
  if (!existing) throw new Error(`order ${outcome.orderId} of a purchased cart not found`);
  return { order: existing, created: false };
}

/** After commit: wake the mailer, tell the catalog's listeners, capture a held payment. */
async function afterCommit(
  deps: OrderDeps,
  ctx: PlaceContext,
  provider: PaymentProvider | undefined,
  order: OrderJson,
  payment: Payment,
  soldOut: boolean,
): Promise<OrderJson> {
  deps.mailer.kick();
  if (soldOut) announceStockChange(deps.events, ctx.site.id, []);
  if (!provider || payment.kind === 'settled' || payment.status !== 'authorized') return order;
  await capturePayment(deps, provider, ctx.site.id, order.id);
  const captured = await loadOrderJson(deps.db, deps.secret, ctx.site.id, order.id);
  if (!captured) throw new Error(`order ${order.id} not found after commit`);
  return captured;
}

/**
 * Takes the held money of an order and records it; a repeat (webhook and browser both
 * finishing) changes nothing: only an order still 'authorized' moves to 'paid'.
 */
export async function capturePayment(
  deps: Pick<OrderDeps, 'db' | 'now' | 'log'>,
  provider: PaymentProvider,
  siteId: string,
  orderId: string,
): Promise<void> {
  const row = await findOrderRow(deps.db, siteId, orderId);
  if (!row || row.payment_status !== 'authorized') return;
  const result = await provider.capture(
    row.payment_reference,
    row.grand_total,
    followUpKey(row.payment_reference, 'capture'),
  );
  const now = new Date(deps.now());
  if (!result.ok) {
    deps.log?.warn({ orderId, message: result.message }, 'capture failed');
    await addOrderEvent(deps.db, orderId, now, 'capture_failed', result.message);
    return;
  }
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set({
        payment_status: 'paid',
        paid_total: row.grand_total,
        status: paidStatus(row),
        updated: now,
      })
      .where('id', '=', orderId)
      .where('payment_status', '=', 'authorized')
      .returning('id')
      .executeTakeFirst();
    if (moved) await addOrderEvent(trx, orderId, now, 'paid', 'Payment captured.');
  });
}
