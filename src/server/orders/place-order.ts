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
import { computeQuote, type Quote } from '../../shared/checkout/totals.js';
import { minimumSubtotalText } from '../../shared/cart/cart-minimum.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { formatMoney } from '../../shared/money.js';
import { isDigitalGood, needsShipping } from '../../shared/product/rules.js';
import type { Db } from '../db/database.js';
import { appError, AppError } from '../errors/app-error.js';
import type { DomainEvents } from '../events.js';
import type { Mailer } from '../mail/mailer.js';
import { findCart, listEntries, lockCart, markCartPurchased } from '../cart/cart-queries.js';
import type { EntryRow } from '../cart/cart-json.js';
import type { CartStore } from '../cart/store.js';
import {
  announceStockChange,
  stockShortfall,
  takeStock,
  type StockShort,
} from '../catalog/take-stock.js';
import { ownerEmailsOfSite } from '../owners/owner-service.js';
import type { PaymentProviders } from '../payments/registry.js';
import type { AuthorizeResult, PaymentProvider } from '../payments/provider.js';
import { followUpKey, paymentKey } from '../payments/payment-key.js';
import { loadCheckoutSettings } from './checkout-settings.js';
import { addOrderEvent, findOrderRow, loadOrderJson, paidStatus } from './order-json.js';
import { newOrderOwnerMail, orderConfirmationMail, type MailSite } from './order-mail.js';

export interface OrderDeps {
  db: Db;
  now: () => number;
  secret: string;
  events: DomainEvents;
  mailer: Mailer;
  providers: PaymentProviders;
  log?: { warn: (obj: unknown, msg?: string) => void };
  /** Called after an order is committed (analytics purchase event). */
  onPlaced?: (order: OrderJson, cartId: string) => void | Promise<void>;
}

export interface PlaceContext {
  site: MailSite & { id: string };
  store: CartStore;
  cartId: string | undefined;
  idempotencyKey?: string | undefined;
  /** The request's origin (links in mail). */
  origin: string;
}

export interface PlaceResult {
  order: OrderJson;
  /** False when an earlier placement's order was returned (replay). */
  created: boolean;
}

/**
 * POST /api/commerce/orders, as named steps: load cart → validate → quote → check stock →
 * authorize payment → record (one transaction: lock cart, take stock, number, insert, mark the
 * cart purchased, queue mail) → after commit: capture, mail, events.
 *
 * A decline leaves nothing behind: the payment is authorized (money held, not taken) before the
 * transaction, and a refused authorization throws before anything is written. When the
 * transaction then fails (stock ran out meanwhile, the cart changed) the hold is released
 * (`cancel`) and nothing was taken. Money is captured only after the order committed.
 *
 * One order per cart: the cart's row lock orders placements of one cart; the second finds the
 * cart purchased and answers with the first order (its authorization carried the same
 * idempotency key, so it is the same payment and is not released).
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
  const settings = await loadCheckoutSettings(deps.db, ctx.site.id);
  const offered = enabledProviders(settings).filter((p) => deps.providers[p]);
  const request = validate(input, settings, offered, cart.entries);
  const quote = quoteFor(ctx, settings, cart.entries, request);
  await checkStock(deps.db, ctx.site.id, cart.entries);
  const provider = deps.providers[request.payment.provider]!;
  let payment: Authorized;
  try {
    payment = await authorize(provider, ctx, cart.cartId, request, quote, settings);
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.PAYMENT_ACTION_REQUIRED) {
      await rememberAttempt(deps, ctx, cart.cartId, input, err.details.paymentReference);
    }
    throw err;
  }

  let recorded: { orderId: string; soldOut: boolean } | { existing: string };
  try {
    recorded = await record(deps, ctx, { cart, request, quote, settings, payment, requestHash });
  } catch (err) {
    await release(deps, provider, payment.reference);
    throw err;
  }
  if ('existing' in recorded) {
    // Another placement of this cart won. Its payment is ours when the idempotency key matched
    // (same reference): keep it; a different payment of ours is released.
    const row = await findOrderRow(deps.db, ctx.site.id, recorded.existing);
    if (row?.payment_reference !== payment.reference)
      await release(deps, provider, payment.reference);
    const existing = await loadOrderJson(deps.db, deps.secret, ctx.site.id, recorded.existing);
    if (!existing) throw new Error(`order ${recorded.existing} of cart ${cart.cartId} not found`);
    return { order: existing, created: false };
  }
  const order = await afterCommit(deps, ctx, provider, recorded.orderId, payment, recorded.soldOut);
  await deps.onPlaced?.(order, cart.cartId);
  return { order, created: true };
}

// --- steps -----------------------------------------------------------------------------------

function hashRequest(input: PlaceOrderRequest): string {
  return crypto.createHash('sha256').update(JSON.stringify(input)).digest('base64url');
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
    throw appError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
  }
  const order = await loadOrderJson(deps.db, deps.secret, ctx.site.id, row.id);
  return order ? { order, created: false } : undefined;
}

interface LoadedCart {
  cartId: string;
  entries: EntryRow[];
}

/** The visitor's cart with its lines; a purchased cart answers with its order. */
async function loadCart(deps: OrderDeps, ctx: PlaceContext): Promise<LoadedCart | PlaceResult> {
  const cart = ctx.cartId ? await findCart(deps.db, ctx.site.id, ctx.cartId) : undefined;
  if (!cart) throw appError(ErrorCode.CART_EMPTY);
  if (cart.is_purchased) {
    const order = cart.order_id
      ? await loadOrderJson(deps.db, deps.secret, ctx.site.id, cart.order_id)
      : undefined;
    if (!order) throw appError(ErrorCode.CART_EMPTY);
    return { order, created: false };
  }
  const entries = await listEntries(deps.db, cart.id);
  if (!entries.length) throw appError(ErrorCode.CART_EMPTY);
  return { cartId: cart.id, entries };
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
  const provider = input.payment?.provider;
  if (!provider || !offered.includes(provider)) {
    errors['payment.provider'] = Messages.PAYMENT_METHOD_UNAVAILABLE;
  } else if ((provider === 'test' || provider === 'stripe') && !input.payment.token) {
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
    payment: input.payment,
  };
}

export function quoteLines(entries: readonly EntryRow[]) {
  return entries.map((e) => ({
    productType: e.product_type,
    unitPrice: e.unit_price_cents,
    quantity: e.quantity,
  }));
}

/** Totals for the request; the shipping option must be one offered; SPEC 8.3 minimum. */
function quoteFor(
  ctx: PlaceContext,
  settings: CheckoutSettings,
  entries: readonly EntryRow[],
  request: PlaceOrderRequest,
): Quote {
  const quote = computeQuote({
    currency: ctx.store.currency,
    lines: quoteLines(entries),
    settings,
    address: request.shippingAddress ?? request.billingAddress,
    shippingOptionId: request.shippingOptionId,
  });
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
  return quote;
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

/** A read before any payment: a cart that cannot be filled never reaches the provider. */
async function checkStock(db: Db, siteId: string, entries: readonly EntryRow[]): Promise<void> {
  const short = await stockShortfall(db, siteId, stockWants(entries));
  if (short.length) throw outOfStock(entries, short);
}

type Authorized = Extract<AuthorizeResult, { ok: true }>;

async function authorize(
  provider: PaymentProvider,
  ctx: PlaceContext,
  cartId: string,
  request: PlaceOrderRequest,
  quote: Quote,
  settings: CheckoutSettings,
): Promise<Authorized> {
  const amount = quote.totals.grandTotal;
  const result = await provider.authorize({
    siteId: ctx.site.id,
    cartId,
    idempotencyKey: paymentKey(ctx.site.id, cartId, amount, provider.id, request.payment.token),
    amount,
    currency: ctx.store.currency,
    email: request.email,
    token: request.payment.token,
    testMode: settings.testMode,
  });
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
  await deps.db
    .insertInto('checkout_attempts')
    .values({
      payment_reference: reference,
      site_id: ctx.site.id,
      cart_id: cartId,
      request,
      idempotency_key: ctx.idempotencyKey ?? null,
      created: new Date(deps.now()),
    })
    .onConflict((oc) => oc.column('payment_reference').doUpdateSet({ request }))
    .execute();
}

async function release(deps: OrderDeps, provider: PaymentProvider, reference: string) {
  try {
    const r = await provider.cancel(reference, followUpKey(reference, 'cancel'));
    if (!r.ok) deps.log?.warn({ reference, message: r.message }, 'payment hold not released');
  } catch (err) {
    deps.log?.warn({ err, reference }, 'payment hold not released');
  }
}

interface RecordInput {
  cart: LoadedCart;
  request: PlaceOrderRequest;
  quote: Quote;
  settings: CheckoutSettings;
  payment: Authorized;
  requestHash: string;
}

/** The one transaction: everything the order is, or nothing. */
async function record(
  deps: OrderDeps,
  ctx: PlaceContext,
  input: RecordInput,
): Promise<{ orderId: string; soldOut: boolean } | { existing: string }> {
  const { db } = deps;
  const siteId = ctx.site.id;
  const now = new Date(deps.now());
  const orderId = crypto.randomUUID();
  const owners = await ownerEmailsOfSite(db, siteId);
  return db.transaction().execute(async (trx) => {
    const locked = await lockCart(trx, siteId, input.cart.cartId, now);
    if (!locked) {
      const cart = await findCart(trx, siteId, input.cart.cartId);
      if (cart?.order_id) return { existing: cart.order_id };
      throw appError(ErrorCode.CART_EMPTY);
    }
    const entries = await listEntries(trx, locked.id);
    if (!sameLines(entries, input.cart.entries)) {
      throw appError(ErrorCode.CHECKOUT_CART_CHANGED);
    }
    const { short, soldOut } = await takeStock(trx, siteId, stockWants(entries));
    if (short.length) throw outOfStock(entries, short);

    const counter = await trx
      .insertInto('order_counters')
      .values({ site_id: siteId, last_number: 1 })
      .onConflict((oc) =>
        oc.column('site_id').doUpdateSet((eb) => ({
          last_number: eb('order_counters.last_number', '+', 1),
        })),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    const { totals, selected } = input.quote;
    const { request, payment, settings } = input;
    const provider = request.payment.provider;
    await trx
      .insertInto('orders')
      .values({
        id: orderId,
        site_id: siteId,
        order_number: counter.last_number,
        cart_id: locked.id,
        idempotency_key: ctx.idempotencyKey ?? null,
        email: request.email,
        currency: totals.currency,
        language: ctx.site.language,
        subtotal: totals.subtotal,
        shipping_total: totals.shippingTotal,
        tax_total: totals.taxTotal,
        discount_total: totals.discountTotal,
        gift_card_total: totals.giftCardTotal,
        grand_total: totals.grandTotal,
        paid_total: payment.status === 'paid' ? totals.grandTotal : 0,
        refunded_total: 0,
        tax_lines: JSON.stringify(totals.taxLines),
        shipping_address: request.shippingAddress ? JSON.stringify(request.shippingAddress) : null,
        billing_address: request.billingAddress ? JSON.stringify(request.billingAddress) : null,
        shipping_option: selected ? JSON.stringify({ id: selected.id, name: selected.name }) : null,
        status: 'open',
        payment_status: payment.status,
        fulfillment_status: input.quote.requiresShipping ? 'unfulfilled' : 'not_required',
        payment_provider: provider,
        payment_reference: payment.reference,
        payment_instructions: provider === 'manual' ? settings.payments.manual.instructions : '',
        test_mode: settings.testMode,
        created: now,
        updated: now,
      })
      .execute();
    await trx
      .insertInto('order_lines')
      .values(
        entries.map((e, i) => ({
          id: crypto.randomUUID(),
          order_id: orderId,
          position: i,
          item_id: e.item_id,
          variant_id: e.variant_id,
          sku: e.sku,
          title: e.title,
          attributes: JSON.stringify(e.attributes ?? {}),
          product_type: e.product_type,
          quantity: e.quantity,
          unit_price: e.unit_price_cents,
          line_total: e.unit_price_cents * e.quantity,
          additional_field_answers: JSON.stringify(
            (e.additional_field_answers ?? []).map((a) => ({ label: a.rawTitle, value: a.value })),
          ),
        })),
      )
      .execute();
    await addOrderEvent(trx, orderId, now, 'placed', `Order placed by ${request.email}.`, {
      requestHash: input.requestHash,
    });
    await markCartPurchased(trx, locked.id, orderId, now);

    // Mail is queued in the transaction (outbox): it goes out only if the order commits.
    const order = await loadOrderJson(trx, deps.secret, siteId, orderId);
    if (!order) throw new Error('order vanished inside its transaction');
    await deps.mailer.enqueue(trx, [
      orderConfirmationMail(ctx.site, order, ctx.origin),
      ...owners.map((to) => newOrderOwnerMail(ctx.site, order, to, ctx.origin)),
    ]);
    return { orderId, soldOut };
  });
}

/** The lines placed are the lines quoted (an edit in another tab between the two is refused). */
function sameLines(a: readonly EntryRow[], b: readonly EntryRow[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((e, i) => {
    const o = b[i]!;
    return (
      e.id === o.id &&
      e.quantity === o.quantity &&
      e.unit_price_cents === o.unit_price_cents &&
      e.variant_id === o.variant_id
    );
  });
}

/** After commit: capture held money, wake the mailer, tell the catalog's listeners. */
async function afterCommit(
  deps: OrderDeps,
  ctx: PlaceContext,
  provider: PaymentProvider,
  orderId: string,
  payment: Authorized,
  soldOut: boolean,
): Promise<OrderJson> {
  deps.mailer.kick();
  if (soldOut) announceStockChange(deps.events, ctx.site.id, []);
  if (payment.status === 'authorized') await capturePayment(deps, provider, ctx.site.id, orderId);
  const order = await loadOrderJson(deps.db, deps.secret, ctx.site.id, orderId);
  if (!order) throw new Error(`order ${orderId} not found after commit`);
  return order;
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
