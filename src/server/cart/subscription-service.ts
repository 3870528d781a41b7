import crypto from 'node:crypto';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { validateAddToCart, parseQuantity } from '../../shared/product/rules.js';
import type { ProductSubscriptionOptionJson } from '../../shared/product/types.js';
import { appError } from '../errors/app-error.js';
import type { Db } from '../db/database.js';
import { loadCartProduct, unitPriceCents, type CartProduct } from './catalog-port.js';
import {
  answersFor,
  checkServiceQuantity,
  chooseVariant,
  failureError,
  type CartDeps,
} from './cart-service.js';
import { sha256 } from './cart-cookie.js';
import { SUBSCRIPTION_CART_TTL_MS } from './purge-carts.js';
import type { CartStore } from './store.js';
import type { Selectable } from 'kysely';
import type { SubscriptionCartsTable } from './tables.js';

export interface SubscriptionInput {
  itemId: string;
  sku?: string | null | undefined;
  qty?: unknown;
  additionalFields?: unknown;
  subscriptionOptionId?: string | null | undefined;
}

/**
 * POST /api/3/commerce/cart/subscription (SPEC 4.1 path 1): a one-product cart for the
 * subscription checkout. Validated like an add (SPEC 4.1 order; a fractional quantity is
 * SUB_QUANTITY_NOT_A_WHOLE_NUMBER; one unit of a service where the store allows only one). The token is a bearer secret; only its hash is stored.
 */
export async function createSubscriptionCart(
  deps: CartDeps,
  store: CartStore,
  input: SubscriptionInput,
): Promise<{ cartToken: string }> {
  const found = await loadCartProduct(deps.db, store.siteId, input.itemId);
  if (!found) throw appError(ErrorCode.VARIANT_UNAVAILABLE);
  const { product } = found;
  if (!product.isSubscribable) throw appError(ErrorCode.NOT_SUBSCRIBABLE);
  const { variant, selectionProduct, selection } = chooseVariant(product, input.sku);
  const qty = input.qty === undefined ? 1 : input.qty;
  const failure = validateAddToCart(selectionProduct, selection, qty, 0, { subscription: true });
  if (failure) throw failureError(failure, variant, 0, product.productType);
  // No variant to choose from (none, or several without options): nothing to subscribe to.
  if (!variant) throw appError(ErrorCode.VARIANT_UNAVAILABLE);
  const quantity = (parseQuantity(qty) as { quantity: number }).quantity;
  // The cart holds only this product, so nothing is held before it.
  checkServiceQuantity(store, product, quantity, 0);
  const option = subscriptionOption(found, input.subscriptionOptionId);
  const fields = (await answersFor(deps.db, store.siteId, product, input.additionalFields))?.values;
  const price = unitPriceCents(product, variant);
  const discounted = option ? Math.round((price * (100 - option.discountPercent)) / 100) : price;

  const cartToken = crypto.randomBytes(24).toString('base64url');
  await deps.db
    .insertInto('subscription_carts')
    .values({
      token_hash: sha256(cartToken),
      site_id: store.siteId,
      item_id: found.itemId,
      variant_id: variant.id,
      sku: variant.sku,
      quantity,
      subscription_option_id: option?.id ?? null,
      additional_fields: fields ? JSON.stringify(fields) : null,
      unit_price_cents: Math.max(0, discounted),
      title: found.title,
      created: new Date(deps.now()),
    })
    .execute();
  return { cartToken };
}

function subscriptionOption(
  found: CartProduct,
  id: string | null | undefined,
): ProductSubscriptionOptionJson | undefined {
  if (!id) return undefined;
  const option = found.product.productSubscriptionOptions.find((o) => o.id === id);
  if (!option) {
    throw appError(
      ErrorCode.SUBSCRIPTION_OPTION_UNAVAILABLE,
      Messages.SUBSCRIPTION_OPTION_UNAVAILABLE,
    );
  }
  return option;
}

export type SubscriptionCartRow = Selectable<SubscriptionCartsTable>;

/**
 * The subscription cart a token names on this website, while it is live: 24 hours (issue 11;
 * the purge deletes it afterwards). Callers with an app clock pass `now`.
 */
export async function findSubscriptionCart(
  db: Db,
  siteId: string,
  cartToken: string,
  now: number = Date.now(),
): Promise<SubscriptionCartRow | undefined> {
  if (!cartToken || cartToken.length > 100) return undefined;
  return db
    .selectFrom('subscription_carts')
    .selectAll()
    .where('token_hash', '=', sha256(cartToken))
    .where('site_id', '=', siteId)
    .where('created', '>', new Date(now - SUBSCRIPTION_CART_TTL_MS))
    .executeTakeFirst();
}
