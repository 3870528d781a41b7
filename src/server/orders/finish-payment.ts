import type { Db } from '../db/database.js';
import type { Config } from '../config.js';
import type { PaymentWebhookEvent } from '../payments/provider.js';
import { orderProvider } from '../payments/registry.js';
import { storeOf } from '../cart/store.js';
import { siteBaseUrl } from '../mail/site-url.js';
import { findSiteById, type Site } from '../sites/site-queries.js';
import type { PlaceOrderRequest } from '../../shared/checkout/api.js';
import { AppError } from '../errors/app-error.js';
import { capturePayment, placeOrder, type OrderDeps } from './place-order.js';
import type { AttemptContext } from './tables.js';

const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * A provider's webhook finishing a payment the shopper confirmed with their bank: the placement
 * that waited for it (checkout_attempts) is placed now, through the same steps as the browser's.
 * When the browser gets there too, the cart's lock and its purchased flag make the second one
 * find the first order, and the shared idempotency key made both the same PaymentIntent: one
 * order, one charge. Returns what happened, for the log.
 */
/**
 * Domains whose placement is more than an order (checkout_attempts `context.finishWith`): they
 * finish it themselves, through the orders service, from the kept request.
 */
export interface PaymentFinishers {
  subscription?: (site: Site, key: string, request: PlaceOrderRequest) => Promise<string>;
}

export async function finishPayment(
  deps: OrderDeps & { db: Db },
  config: Pick<Config, 'baseDomain' | 'port' | 'secureCookies'>,
  event: PaymentWebhookEvent,
  finishers: PaymentFinishers = {},
): Promise<string> {
  if (event.kind === 'ignored') return 'ignored';
  const attempt = await deps.db
    .selectFrom('checkout_attempts')
    .selectAll()
    .where('payment_reference', '=', event.reference)
    .executeTakeFirst();
  if (event.kind === 'payment_failed') {
    if (attempt) {
      await deps.db
        .deleteFrom('checkout_attempts')
        .where('payment_reference', '=', event.reference)
        .execute();
    }
    return 'failed';
  }
  const existing = await deps.db
    .selectFrom('orders')
    .select(['id', 'site_id', 'payment_provider'])
    .where('payment_reference', '=', event.reference)
    .executeTakeFirst();
  if (existing) {
    const provider = orderProvider(deps.providers, existing.payment_provider);
    if (provider) await capturePayment(deps, provider, existing.site_id, existing.id);
    return 'order exists';
  }
  if (!attempt) return 'no checkout waits for it';
  const site = await findSiteById(deps.db, attempt.site_id);
  if (!site) return 'website gone';
  const request = parsed<PlaceOrderRequest>(attempt.request);
  // What the page's placement carried (a gift card's recipient, a subscription's customer).
  const context = parsed<AttemptContext>(attempt.context ?? {});
  try {
    const finisher = context.finishWith && finishers[context.finishWith.domain];
    if (context.finishWith && finisher)
      return await finisher(site, context.finishWith.key, request);
    const { created } = await placeOrder(
      deps,
      {
        site: {
          id: site.id,
          title: site.title,
          language: site.language,
          ...(context.timeZone ? { timeZone: context.timeZone } : {}),
        },
        store: storeOf(site),
        cartId: attempt.cart_id,
        idempotencyKey: attempt.idempotency_key ?? undefined,
        origin: siteBaseUrl(site, config),
        ...(context.giftCardPurchase ? { giftCardPurchase: context.giftCardPurchase } : {}),
        ...(context.subscriptionId ? { subscriptionId: context.subscriptionId } : {}),
        ...(context.payer ? { payer: context.payer } : {}),
      },
      request,
    );
    return created ? 'order placed' : 'order exists';
  } catch (err) {
    // Out of stock meanwhile, cart changed…: the hold was released by placeOrder; Stripe must
    // not retry a webhook that can never succeed.
    if (err instanceof AppError) return `not placed: ${err.code}`;
    throw err;
  }
}
