import type { StripeIntentResponse } from '../../shared/checkout/api.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import type { Config } from '../config.js';
import { appError } from '../errors/app-error.js';
import { paymentKey } from './payment-key.js';
import type { PaymentProvider } from './provider.js';

/** What every Payment Element intent is made for: one checkout cart and its total. */
export interface PaymentElementIntent {
  siteId: string;
  cartId: string;
  amount: number;
  currency: string;
  testMode: boolean;
  /** Subscriptions: the Stripe Customer the confirmed card is kept with. */
  customer?: string | undefined;
  saveCard?: boolean;
}

/**
 * The one way the three Stripe checkouts (cart, gift card, subscription) make the PaymentIntent
 * their card form confirms: refuses a total of 0 with the checkout's field error (Stripe refuses
 * 0 and would answer a 500), keys the intent by cart and total (the same cart and total get the
 * same intent, so reloads make no new ones) and answers what the page needs to mount the form.
 * `stripe` is already known to be enabled for the checkout: each caller checks that its own way.
 */
export async function paymentElementIntent(
  stripe: Required<Pick<PaymentProvider, 'initiate'>>,
  config: Pick<Config, 'stripePublishableKey' | 'stripeJsUrl'>,
  intent: PaymentElementIntent,
): Promise<StripeIntentResponse> {
  const { siteId, cartId, amount, currency } = intent;
  if (amount <= 0) {
    throw appError(ErrorCode.CHECKOUT_FIELDS_INVALID, Messages.UPDATE_MISSING_INFO, {
      fieldErrors: { 'payment.provider': Messages.NOTHING_LEFT_TO_PAY },
    });
  }
  const { reference, clientSecret } = await stripe.initiate({
    siteId,
    cartId,
    idempotencyKey: paymentKey(siteId, cartId, amount, 'stripe', 'payment-element'),
    amount,
    currency,
    email: '',
    testMode: intent.testMode,
    ...(intent.customer ? { customer: intent.customer } : {}),
    ...(intent.saveCard ? { saveCard: true } : {}),
  });
  return {
    paymentIntentId: reference,
    clientSecret,
    amount,
    currency,
    publishableKey: config.stripePublishableKey ?? '',
    jsUrl: config.stripeJsUrl,
  };
}
