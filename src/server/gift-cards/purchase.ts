import type { PaymentProviderId } from '../../shared/checkout/api.js';
import {
  giftCardPurchaseErrors,
  type GiftCardPurchaseRequest,
} from '../../shared/checkout/gift-cards.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { isGiftCard } from '../../shared/product/rules.js';
import { appError } from '../errors/app-error.js';
import { sha256 } from '../cart/cart-cookie.js';
import { createCartWithLines } from '../cart/cart-with-lines.js';
import { loadCartProduct, unitPriceCents } from '../cart/catalog-port.js';
import {
  placeOrder,
  type OrderDeps,
  type PlaceContext,
  type PlaceResult,
} from '../orders/place-order.js';
import { dayIn } from './send-date.js';

/**
 * Providers the gift card checkout takes: those that decide with the order (the test card).
 * A card is issued with its order, so a bank transfer (paid later, maybe never) would hand out
 * a spendable code before the money came; Stripe's card form is tied to the visitor's cart
 * (its PaymentIntent is made for the cart's quote) and is not offered here yet.
 */
export function giftCardProviders(deps: Pick<OrderDeps, 'providers'>): PaymentProviderId[] {
  return (['test'] as const).filter((id) => deps.providers[id]?.settleWithOrder);
}

const fieldsInvalid = (fieldErrors: Record<string, string>) =>
  appError(ErrorCode.GIFT_CARD_FIELDS_INVALID, Messages.GIFT_CARD_FIELDS_INVALID, {
    fieldErrors,
  });

/**
 * POST /api/commerce/gift-card-orders, as steps: the product and its denomination → the
 * purchase's fields (send date in the website's time zone) → a private cart holding the one
 * gift card line → the orders service places it (`ctx.giftCardPurchase`: the resolver's `issue`
 * makes the card, its 'issued' transaction and the mails in the order's own statement).
 */
export async function purchaseGiftCard(
  deps: OrderDeps,
  ctx: Omit<PlaceContext, 'cartId'> & { timeZone: string },
  req: GiftCardPurchaseRequest,
): Promise<PlaceResult> {
  const siteId = ctx.site.id;
  const found = await loadCartProduct(deps.db, siteId, req.giftCardProductId);
  if (!found || !isGiftCard(found.product.productType)) throw appError(ErrorCode.NOT_FOUND);
  const variant = found.product.variants.find((v) => v.sku === req.sku);
  const fieldErrors = giftCardPurchaseErrors(req, dayIn(deps.now(), ctx.timeZone));
  if (!variant && !fieldErrors.sku) fieldErrors.sku = 'Select a denomination for the Gift Card';
  if (!giftCardProviders(deps).includes(req.payment.provider)) {
    fieldErrors['payment.provider'] = Messages.PAYMENT_METHOD_UNAVAILABLE;
  } else if (!req.payment.token) fieldErrors['payment.token'] = 'Required';
  if (Object.keys(fieldErrors).length || !variant) throw fieldsInvalid(fieldErrors);

  // A retry with the same Idempotency-Key reuses its cart, which is then found purchased.
  const cartId = ctx.idempotencyKey
    ? `gc-${sha256(`${siteId}\n${ctx.idempotencyKey}`).slice(0, 32)}`
    : undefined;
  const { id: cart } = await createCartWithLines(
    deps.db,
    siteId,
    [
      {
        itemId: found.itemId,
        variantId: variant.id,
        sku: variant.sku,
        quantity: 1,
        unitPriceCents: unitPriceCents(found.product, variant),
        title: found.title,
        attributes: variant.attributes,
        productType: found.product.productType,
      },
    ],
    new Date(deps.now()),
    cartId,
  );
  const { payment, ...details } = req;
  const purchase = {
    ...details,
    email: details.email.trim(),
    recipientEmail: details.recipientEmail.trim(),
    recipientName: details.recipientName.trim(),
    ...(details.senderName !== undefined ? { senderName: details.senderName.trim() } : {}),
    ...(details.message !== undefined ? { message: details.message.trim() } : {}),
  };
  const { timeZone, ...rest } = ctx;
  const placeCtx = {
    ...rest,
    site: { ...ctx.site, timeZone },
    cartId: cart,
    giftCardPurchase: purchase,
  };
  try {
    return await placeOrder(deps, placeCtx, { email: purchase.email, payment });
  } catch (err) {
    // A refused purchase (declined card, settings changed) leaves nothing behind: its cart
    // goes unless an order took it (a concurrent retry with the same key may have).
    await deps.db
      .deleteFrom('carts')
      .where('id', '=', cart)
      .where('is_purchased', '=', false)
      .where('order_id', 'is', null)
      .execute();
    throw err;
  }
}
