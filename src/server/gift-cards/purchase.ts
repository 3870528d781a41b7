import type { PaymentProviderId } from '../../shared/checkout/api.js';
import {
  giftCardPurchaseErrors,
  type GiftCardPurchaseRequest,
} from '../../shared/checkout/gift-cards.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { isGiftCard } from '../../shared/product/rules.js';
import { AppError, appError } from '../errors/app-error.js';
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
 * Providers the gift card checkout takes: the test card (decided with the order) and Stripe's
 * card form (the PaymentIntent is made for the checkout's private cart: gift-card-stripe-intent.ts).
 * Not a bank transfer: a card is issued with its order, so it would hand out a spendable code
 * before the money came (the cart's bank transfer issues at 'Mark as paid' instead).
 */
export function giftCardProviders(deps: Pick<OrderDeps, 'providers'>): PaymentProviderId[] {
  return (['test', 'stripe'] as const).filter((id) =>
    id === 'test' ? deps.providers.test?.settleWithOrder : deps.providers.stripe?.initiate,
  );
}

/**
 * The gift card checkout's private cart, holding the one gift card line: its id comes from the
 * website, the page's Idempotency-Key and the denomination, so a retry — and, with Stripe, the
 * card form's PaymentIntent and the placement — all reach the same cart.
 */
export async function giftCardCart(
  deps: Pick<OrderDeps, 'db' | 'now'>,
  siteId: string,
  found: NonNullable<Awaited<ReturnType<typeof loadCartProduct>>>,
  variant: NonNullable<Awaited<ReturnType<typeof loadCartProduct>>>['product']['variants'][number],
  idempotencyKey: string | undefined,
): Promise<{ cartId: string; created: boolean }> {
  const cartId = idempotencyKey
    ? `gc-${sha256(`${siteId}\n${idempotencyKey}\n${variant.sku}`).slice(0, 32)}`
    : undefined;
  const { id, created } = await createCartWithLines(
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
  return { cartId: id, created };
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
  else if (req.payment.provider === 'stripe' && !ctx.idempotencyKey) {
    // The card form's intent names the checkout's cart, which the key names.
    fieldErrors['payment.token'] = 'Send the Idempotency-Key the card form was made with.';
  }
  if (Object.keys(fieldErrors).length || !variant) throw fieldsInvalid(fieldErrors);

  // A retry with the same Idempotency-Key reuses its cart, which is then found purchased.
  const { cartId: cart } = await giftCardCart(deps, siteId, found, variant, ctx.idempotencyKey);
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
    // goes unless an order took it (a concurrent retry with the same key may have). Not while
    // the card is with the bank (3-D Secure): Stripe's webhook may finish it with this cart.
    if (err instanceof AppError && err.code === ErrorCode.PAYMENT_ACTION_REQUIRED) throw err;
    await deps.db
      .deleteFrom('carts')
      .where('id', '=', cart)
      .where('is_purchased', '=', false)
      .where('order_id', 'is', null)
      // Nor when an earlier request of this checkout left its card with the bank.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('checkout_attempts')
              .select('payment_reference')
              .whereRef('checkout_attempts.cart_id', '=', 'carts.id'),
          ),
        ),
      )
      .execute();
    throw err;
  }
}
