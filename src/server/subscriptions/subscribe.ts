import type { PaymentProviderId, PlaceOrderRequest } from '../../shared/checkout/api.js';
import {
  dateOf,
  nextChargeOn,
  type SubscriptionCheckoutRequest,
  type SubscriptionCheckoutResponse,
  type SubscriptionPlan,
} from '../../shared/checkout/subscriptions.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { loadCartProduct } from '../cart/catalog-port.js';
import { sha256 } from '../cart/cart-cookie.js';
import { findCart } from '../cart/cart-queries.js';
import { cartJson, type CartJson } from '../cart/cart-json.js';
import { getCart } from '../cart/cart-service.js';
import { createCartWithLines } from '../cart/cart-with-lines.js';
import { findSubscriptionCart, type SubscriptionCartRow } from '../cart/subscription-service.js';
import { AppError, appError } from '../errors/app-error.js';
import type { SavedCard } from '../payments/provider.js';
import type { Site } from '../sites/site-queries.js';
import { storeOf } from '../cart/store.js';
import { SUBSCRIPTION_PROVIDERS, type SubscriptionDeps } from './deps.js';
import { subscriptionJson, type SubscriptionRow } from './subscription-json.js';
import { subscriptionMail } from './subscription-mail.js';

/** What a subscription cart buys: its product's line and plan (the chosen option's, else the product's). */
export async function subscriptionOffer(
  deps: Pick<SubscriptionDeps, 'db'>,
  site: Site,
  sub: SubscriptionCartRow,
) {
  const found = await loadCartProduct(deps.db, site.id, sub.item_id);
  if (!found) return undefined;
  const { product } = found;
  const option = sub.subscription_option_id
    ? product.productSubscriptionOptions.find((o) => o.id === sub.subscription_option_id)
    : undefined;
  const raw = option ?? product.subscriptionPlan;
  const unit = raw?.billingPeriod.unit;
  if (!raw || !unit || raw.billingPeriod.value <= 0) return undefined;
  const plan: SubscriptionPlan = {
    billingPeriod: { value: raw.billingPeriod.value, unit },
    numBillingCycles: Math.max(0, raw.numBillingCycles),
  };
  const variant = product.variants.find((v) => v.id === sub.variant_id);
  return { found, product, plan, attributes: variant?.attributes ?? {} };
}

/**
 * Ids derived from the checkout's cart token: submitting the same checkout twice (a double
 * click, a retried request) reaches the same private cart (one order per cart) and the same
 * subscription row (insert or nothing), so it subscribes once.
 */
export function idsOf(tokenHash: string) {
  const h = sha256(`subscription.${tokenHash}`);
  return { subscriptionId: `sub_${h.slice(0, 24)}`, cartId: `subcart_${h.slice(24, 48)}` };
}

/**
 * The checkout's private cart holding the subscription line (made once: its id comes from the
 * cart token). The page, the quote and the placement all use it. True when this call made it.
 */
export async function ensureSubscriptionCart(
  deps: Pick<SubscriptionDeps, 'db' | 'now'>,
  site: Site,
  sub: SubscriptionCartRow,
  offer: NonNullable<Awaited<ReturnType<typeof subscriptionOffer>>>,
): Promise<boolean> {
  const { cartId } = idsOf(sub.token_hash);
  if (await findCart(deps.db, site.id, cartId)) return false;
  const line = {
    itemId: sub.item_id,
    variantId: sub.variant_id,
    sku: sub.sku,
    quantity: sub.quantity,
    unitPriceCents: sub.unit_price_cents,
    title: sub.title,
    attributes: offer.attributes,
    productType: offer.product.productType,
    additionalFields: sub.additional_fields,
  };
  // Not created: another request of this checkout made it a moment ago.
  const { created } = await createCartWithLines(
    deps.db,
    site.id,
    [line],
    new Date(deps.now()),
    cartId,
  );
  return created;
}

/**
 * The subscription checkout page's cart (GET /checkout/subscribe): the private cart when a quote
 * or an intent made it, else the same line as it will be — drawn without writing anything, so
 * opening (or a crawler fetching) the page creates no cart.
 */
export async function subscriptionCartView(
  deps: Pick<SubscriptionDeps, 'db' | 'now'>,
  site: Site,
  sub: SubscriptionCartRow,
  offer: NonNullable<Awaited<ReturnType<typeof subscriptionOffer>>>,
): Promise<CartJson> {
  const store = storeOf(site);
  const { cartId } = idsOf(sub.token_hash);
  if (await findCart(deps.db, site.id, cartId)) return getCart(deps, store, cartId);
  const head = { id: cartId, created: new Date(deps.now()), is_purchased: false, order_id: null };
  return cartJson(site.id, store.currency, head, [
    {
      id: `${cartId}_line`,
      item_id: sub.item_id,
      variant_id: sub.variant_id,
      sku: sub.sku,
      attributes: offer.attributes,
      quantity: sub.quantity,
      title: sub.title,
      product_type: offer.product.productType,
      unit_price_cents: sub.unit_price_cents,
      additional_fields: sub.additional_fields,
      additional_field_answers: null,
    },
  ]);
}

/**
 * POST /api/commerce/subscriptions: the first period's order now (through `placeOrder`, with
 * the subscription cart's line in a private cart), then the subscription row with the kept
 * card and its schedule, and the confirmation mail with the manage link.
 */
export async function subscribe(
  deps: SubscriptionDeps,
  site: Site,
  req: SubscriptionCheckoutRequest,
  shopper?: { sessionId: string | null; loggedIn: boolean },
): Promise<SubscriptionCheckoutResponse & { created: boolean }> {
  const sub = await findSubscriptionCart(deps.db, site.id, req.cartToken, deps.now());
  if (!sub)
    throw appError(
      ErrorCode.NOT_FOUND,
      'This subscription checkout has expired. Choose the product again.',
    );
  const { cartToken: _token, ...input } = req;
  return subscribeCart(deps, site, sub, input, shopper);
}

/**
 * Stripe's webhook finishing a subscription checkout whose page went away during 3-D Secure
 * (orders/finish-payment.ts): the same steps as the page's second request, from the request
 * kept with the checkout (checkout_attempts) and the subscription cart it names (`key`: the
 * cart token's hash). Returns what happened, for the log.
 */
export async function finishSubscription(
  deps: SubscriptionDeps,
  site: Site,
  key: string,
  request: PlaceOrderRequest,
): Promise<string> {
  const sub = await deps.db
    .selectFrom('subscription_carts')
    .selectAll()
    .where('token_hash', '=', key)
    .where('site_id', '=', site.id)
    .executeTakeFirst();
  if (!sub) return 'subscription checkout gone';
  if (!request.payment) return 'no payment kept';
  const { created } = await subscribeCart(deps, site, sub, {
    ...request,
    payment: request.payment,
  });
  return created ? 'subscription started' : 'subscription exists';
}

/**
 * The customer a Stripe subscription keeps its card with: one per subscription checkout (the
 * key comes from its id, so the card form's intent and the placement find the same one). No
 * email: a repeated create must carry the same parameters as the first (Stripe's idempotency).
 */
export async function subscriptionCustomer(
  deps: Pick<SubscriptionDeps, 'providers'>,
  siteId: string,
  subscriptionId: string,
): Promise<string | undefined> {
  const stripe = deps.providers.stripe;
  if (!stripe?.createCustomer) return undefined;
  return stripe.createCustomer({
    siteId,
    idempotencyKey: `customer_${subscriptionId}`,
    metadata: { subscriptionId },
  });
}

async function subscribeCart(
  deps: SubscriptionDeps,
  site: Site,
  sub: SubscriptionCartRow,
  req: Omit<SubscriptionCheckoutRequest, 'cartToken'>,
  shopper?: { sessionId: string | null; loggedIn: boolean },
): Promise<SubscriptionCheckoutResponse & { created: boolean }> {
  const offer = await subscriptionOffer(deps, site, sub);
  if (!offer) throw appError(ErrorCode.NOT_SUBSCRIBABLE, Messages.NOT_SUBSCRIBABLE);
  if (!SUBSCRIPTION_PROVIDERS.includes(req.payment.provider)) {
    throw appError(ErrorCode.CHECKOUT_FIELDS_INVALID, Messages.UPDATE_MISSING_INFO, {
      fieldErrors: { 'payment.provider': 'Subscriptions are paid by card.' },
    });
  }
  const { subscriptionId, cartId } = idsOf(sub.token_hash);
  const now = new Date(deps.now());
  const fresh = await ensureSubscriptionCart(deps, site, sub, offer);
  const input: PlaceOrderRequest = {
    email: req.email,
    ...(req.shippingAddress ? { shippingAddress: req.shippingAddress } : {}),
    ...(req.billingAddress ? { billingAddress: req.billingAddress } : {}),
    ...(req.shippingOptionId ? { shippingOptionId: req.shippingOptionId } : {}),
    payment: req.payment,
  };
  let placed;
  try {
    const customer =
      req.payment.provider === 'stripe'
        ? await subscriptionCustomer(deps, site.id, subscriptionId)
        : undefined;
    placed = await deps.place(
      site,
      {
        cartId,
        subscriptionId,
        ...(shopper ? { shopper } : {}),
        ...(customer ? { payer: { customer, saveCard: true } } : {}),
        finishWith: { domain: 'subscription', key: sub.token_hash },
      },
      input,
    );
  } catch (err) {
    // Refused (fields, card, stock): the private cart goes, so a refused checkout writes nothing.
    // Not while the bank is asked (3-D Secure): the webhook may still finish it with this cart.
    const waiting = err instanceof AppError && err.code === ErrorCode.PAYMENT_ACTION_REQUIRED;
    if (fresh && !waiting) await dropCart(deps, cartId);
    throw err;
  }
  // The order is placed (money taken): from here on nothing may undo it. A card that cannot be
  // read back is a warning, and the subscription is still recorded (renewals then follow the
  // retry schedule), never a charged shopper without one.
  const kept = await keptCard(deps, site.id, placed.order.id, req.payment.provider).catch(
    (err: unknown) => {
      deps.log?.warn({ err, orderId: placed.order.id }, 'subscription card not read back');
      return undefined;
    },
  );
  const order = placed.order;
  const anchor = dateOf(order.createdOn);
  const row: SubscriptionRow = {
    id: subscriptionId,
    site_id: site.id,
    email: order.email,
    language: site.language,
    item_id: sub.item_id,
    variant_id: sub.variant_id,
    sku: sub.sku,
    title: sub.title,
    attributes: offer.attributes,
    product_type: offer.product.productType,
    quantity: sub.quantity,
    unit_price: sub.unit_price_cents,
    currency: storeOf(site).currency,
    period_value: offer.plan.billingPeriod.value,
    period_unit: offer.plan.billingPeriod.unit,
    num_billing_cycles: offer.plan.numBillingCycles,
    status: offer.plan.numBillingCycles === 1 ? 'completed' : 'active',
    cycles_charged: 1,
    anchor_on: anchor,
    periods: 1,
    next_charge_on: nextChargeOn(anchor, offer.plan, 1, 1),
    payment_provider: req.payment.provider,
    payment_token: kept?.token ?? req.payment.token ?? '',
    payment_customer: kept?.customer ?? '',
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    shipping_option_id: order.shippingOption?.id ?? null,
    additional_fields: sub.additional_fields,
    failed_attempts: 0,
    next_retry_at: null,
    claimed_until: null,
    first_order_id: order.id,
    created: now,
    updated: now,
  };
  const mail = subscriptionMail(deps.secret, site, row, 'confirmed', deps.origin(site));
  const inserted = await deps.db.transaction().execute(async (trx) => {
    const ins = await trx
      .insertInto('subscriptions')
      .values({
        ...row,
        attributes: JSON.stringify(row.attributes),
        shipping_address: row.shipping_address ? JSON.stringify(row.shipping_address) : null,
        billing_address: row.billing_address ? JSON.stringify(row.billing_address) : null,
        additional_fields: row.additional_fields ? JSON.stringify(row.additional_fields) : null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!ins) return false;
    await trx
      .insertInto('subscription_renewals')
      .values({
        subscription_id: subscriptionId,
        cycle: 1,
        site_id: site.id,
        cart_id: cartId,
        status: 'paid',
        order_id: order.id,
        attempts: 1,
        last_error: '',
        created: now,
        updated: now,
      })
      .execute();
    await deps.mailer.enqueue(trx, [mail]);
    return true;
  });
  if (inserted) deps.mailer.kick();
  const saved = await deps.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow();
  return { subscription: subscriptionJson(deps.secret, saved), order, created: inserted };
}

/**
 * The card renewals charge: Stripe's kept PaymentMethod and Customer, read back from the first
 * charge's PaymentIntent (the browser's pi_… is not a card). `test` keeps its token as it is.
 */
async function keptCard(
  deps: SubscriptionDeps,
  siteId: string,
  orderId: string,
  provider: PaymentProviderId,
): Promise<SavedCard | undefined> {
  const savedCard = deps.providers[provider]?.savedCard;
  if (!savedCard) return undefined;
  const row = await deps.db
    .selectFrom('orders')
    .select('payment_reference')
    .where('id', '=', orderId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  const card = row?.payment_reference ? await savedCard(row.payment_reference) : undefined;
  // Charged but nothing kept (an intent made without the subscription's customer): renewals
  // will be refused and follow the retry schedule; the owner sees it in the log.
  if (!card) deps.log?.warn({ orderId }, 'subscription card not kept');
  return card;
}

async function dropCart(deps: SubscriptionDeps, cartId: string) {
  // Entries go with the cart (ON DELETE CASCADE); a cart an order was placed through stays.
  await deps.db
    .deleteFrom('carts')
    .where('id', '=', cartId)
    .where('is_purchased', '=', false)
    .where('order_id', 'is', null)
    .execute();
}
