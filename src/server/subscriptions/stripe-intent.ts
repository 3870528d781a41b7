import type { QuoteRequest, StripeIntentResponse } from '../../shared/checkout/api.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import type { Config } from '../config.js';
import { storeOf } from '../cart/store.js';
import type { SubscriptionCartRow } from '../cart/subscription-service.js';
import { appError } from '../errors/app-error.js';
import { quoteCart } from '../orders/quote.js';
import { paymentElementIntent } from '../payments/payment-element-intent.js';
import type { Site } from '../sites/site-queries.js';
import { SUBSCRIPTION_PROVIDERS, type SubscriptionDeps } from './deps.js';
import {
  ensureSubscriptionCart,
  idsOf,
  subscriptionCustomer,
  subscriptionOffer,
} from './subscribe.js';

/**
 * POST /api/commerce/subscriptions/stripe-intent: the PaymentIntent the subscription checkout's
 * card form confirms — the first period's quoted total, made for the subscription's Stripe
 * Customer with `setup_future_usage: 'off_session'`, so confirming it keeps the card with the
 * customer and renewals can charge it without the shopper. Same checkout and total, same intent
 * (idempotency key). Subscribing then reads the intent back from Stripe (stripe-provider.ts).
 */
export async function subscriptionStripeIntent(
  deps: Pick<SubscriptionDeps, 'db' | 'now' | 'providers'> & {
    config: Pick<Config, 'stripePublishableKey' | 'stripeJsUrl'>;
  },
  site: Site,
  sub: SubscriptionCartRow,
  input: QuoteRequest,
): Promise<StripeIntentResponse> {
  const offer = await subscriptionOffer(deps, site, sub);
  if (!offer) throw appError(ErrorCode.NOT_SUBSCRIBABLE, Messages.NOT_SUBSCRIBABLE);
  const stripe = deps.providers.stripe;
  await ensureSubscriptionCart(deps, site, sub, offer);
  const { cartId, subscriptionId } = idsOf(sub.token_hash);
  const store = storeOf(site);
  const quote = await quoteCart(
    deps.db,
    { now: deps.now() },
    store,
    cartId,
    input,
    (id) => SUBSCRIPTION_PROVIDERS.includes(id) && Boolean(deps.providers[id]),
  );
  if (!stripe?.initiate || !quote.paymentProviders.some((p) => p.id === 'stripe')) {
    throw appError(ErrorCode.CHECKOUT_FIELDS_INVALID, Messages.UPDATE_MISSING_INFO, {
      fieldErrors: { 'payment.provider': Messages.PAYMENT_METHOD_UNAVAILABLE },
    });
  }
  const customer = await subscriptionCustomer(deps, site.id, subscriptionId);
  return paymentElementIntent({ initiate: stripe.initiate }, deps.config, {
    siteId: site.id,
    cartId,
    amount: quote.totals.grandTotal,
    currency: quote.totals.currency,
    testMode: quote.testMode,
    customer,
    saveCard: true,
  });
}
