import type { StripeIntentResponse } from '../../shared/checkout/api.js';
import type { GiftCardIntentRequest } from '../../shared/checkout/gift-cards.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { isGiftCard } from '../../shared/product/rules.js';
import { loadCartProduct, unitPriceCents } from '../cart/catalog-port.js';
import type { CartStore } from '../cart/store.js';
import type { Config } from '../config.js';
import { appError } from '../errors/app-error.js';
import { enabledProviders } from '../../shared/checkout/settings.js';
import type { OrderDeps } from '../orders/place-order.js';
import { paymentElementIntent } from '../payments/payment-element-intent.js';
import { giftCardCart, giftCardProviders } from './purchase.js';

/**
 * POST /api/commerce/gift-card-orders/stripe-intent: the PaymentIntent the gift card checkout's
 * card form confirms, for the checkout's private cart (made here, named by the page's
 * Idempotency-Key and the denomination) and the denomination's price. Buying then sends the
 * intent's id with the same key: the placement finds the same cart, keeps the recipient's
 * details with the checkout (checkout_attempts) while the card is with the bank, and reads the
 * intent back from Stripe before anything is issued. Same key and denomination, same intent.
 */
export async function giftCardStripeIntent(
  deps: OrderDeps & { config: Pick<Config, 'stripePublishableKey' | 'stripeJsUrl'> },
  store: CartStore,
  idempotencyKey: string | undefined,
  req: GiftCardIntentRequest,
): Promise<StripeIntentResponse> {
  const siteId = store.siteId;
  const found = await loadCartProduct(deps.db, siteId, req.giftCardProductId);
  if (!found || !isGiftCard(found.product.productType)) throw appError(ErrorCode.NOT_FOUND);
  const variant = found.product.variants.find((v) => v.sku === req.sku);
  const settings = await deps.settings(siteId, store.contentVersion);
  const stripe = deps.providers.stripe;
  const fieldErrors: Record<string, string> = {};
  if (!variant) fieldErrors.sku = 'Select a denomination for the Gift Card';
  if (
    !stripe?.initiate ||
    !giftCardProviders(deps).includes('stripe') ||
    !enabledProviders(settings).includes('stripe')
  ) {
    fieldErrors['payment.provider'] = Messages.PAYMENT_METHOD_UNAVAILABLE;
  } else if (!idempotencyKey) {
    fieldErrors['payment.token'] = 'Send the Idempotency-Key the purchase will be sent with.';
  }
  if (Object.keys(fieldErrors).length || !variant || !stripe?.initiate) {
    throw appError(ErrorCode.GIFT_CARD_FIELDS_INVALID, Messages.GIFT_CARD_FIELDS_INVALID, {
      fieldErrors,
    });
  }
  const { cartId } = await giftCardCart(deps, siteId, found, variant, idempotencyKey);
  return paymentElementIntent({ initiate: stripe.initiate }, deps.config, {
    siteId,
    cartId,
    amount: unitPriceCents(found.product, variant),
    currency: store.currency,
    testMode: settings.testMode,
  });
}
