import type { QuoteRequest, StripeIntentResponse } from '../../shared/checkout/api.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import type { Config } from '../config.js';
import type { CartStore } from '../cart/store.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { paymentElementIntent } from '../payments/payment-element-intent.js';
import type { PaymentProviders } from '../payments/registry.js';
import type { Adjusters } from './adjusted-quote.js';
import { quoteCart } from './quote.js';

/**
 * POST /api/commerce/checkout/stripe-intent: the PaymentIntent the checkout's card form (Stripe's
 * Payment Element) is made for, for the total of the cart as quoted with what the page knows
 * (the shipping address and option decide shipping and tax). The shopper confirms it in the
 * browser; placing the order then reads it back from Stripe (stripe-provider.ts), so nothing the
 * browser says about it is trusted. The same cart and total get the same intent (idempotency
 * key), so reloading the page or going back and forth makes no new ones.
 */
export async function stripeIntent(
  deps: Adjusters & {
    db: Db;
    now: number;
    providers: PaymentProviders;
    config: Pick<Config, 'stripePublishableKey' | 'stripeJsUrl'>;
  },
  store: CartStore,
  cartId: string | undefined,
  input: QuoteRequest,
): Promise<StripeIntentResponse> {
  const stripe = deps.providers.stripe;
  const quote = await quoteCart(deps.db, deps, store, cartId, input, (id) => !!deps.providers[id]);
  if (!stripe?.initiate || !quote.paymentProviders.some((p) => p.id === 'stripe')) {
    throw appError(ErrorCode.CHECKOUT_FIELDS_INVALID, Messages.UPDATE_MISSING_INFO, {
      fieldErrors: { 'payment.provider': Messages.PAYMENT_METHOD_UNAVAILABLE },
    });
  }
  const { grandTotal: amount, currency } = quote.totals;
  return paymentElementIntent({ initiate: stripe.initiate }, deps.config, {
    siteId: store.siteId,
    cartId: quote.cartId,
    amount,
    currency,
    testMode: quote.testMode,
  });
}
