import type { OrderPaymentProvider, PaymentProviderId } from '../../shared/checkout/api.js';
import type { AppDeps } from '../deps.js';
import { manualProvider } from './manual-provider.js';
import type { PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe-provider.js';
import { testProvider } from './test-provider.js';

export type PaymentProviders = Partial<Record<PaymentProviderId, PaymentProvider>>;

const made = new WeakMap<AppDeps, PaymentProviders>();

/**
 * The app's payment providers: `test` and `manual` always; `stripe` only when STRIPE_SECRET_KEY
 * and STRIPE_PUBLISHABLE_KEY are configured (the checkout's card form needs the second; a
 * website that turns Stripe on without them offers only its other providers).
 */
export function paymentProvidersFor(deps: AppDeps): PaymentProviders {
  let set = made.get(deps);
  if (!set) {
    set = { test: testProvider(deps.db, deps.now), manual: manualProvider() };
    const { stripeSecretKey, stripePublishableKey, stripeWebhookSecret, stripeApiUrl } =
      deps.config;
    if (stripeSecretKey && stripePublishableKey) {
      set.stripe = stripeProvider({
        secretKey: stripeSecretKey,
        webhookSecret: stripeWebhookSecret,
        apiUrl: stripeApiUrl,
      });
    }
    made.set(deps, set);
  }
  return set;
}

/** The provider an order was paid with; none for 'none' (gift cards or discounts covered it). */
export function orderProvider(
  providers: PaymentProviders,
  id: OrderPaymentProvider,
): PaymentProvider | undefined {
  return id === 'none' ? undefined : providers[id];
}
