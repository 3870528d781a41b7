import type { FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import type { DomainRoutes } from '../deps.js';
import { ErrorCode } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';
import { CRUMB_COOKIE } from '../http/crumb.js';
import { cookieSecure } from '../http/cookie-secure.js';
import type { TypedApp } from '../http/typed-app.js';
import { cartIdOf, setCartCookie, sha256 } from './cart-cookie.js';
import { setCustomerCart } from '../customers/customer-service.js';
import {
  addEntry,
  entryForm,
  getCart,
  removeEntry,
  updateAdditionalFields,
  updateQuantity,
  type CartDeps,
} from './cart-service.js';
import { IDEMPOTENCY_KEY_MAX, purgeExpired, type IdempotencyClaim } from './idempotency.js';
import { purgeAbandonedCarts, purgeExpiredSubscriptionCarts } from './purge-carts.js';
import { createSubscriptionCart } from './subscription-service.js';
import { loadCartProduct } from './catalog-port.js';
import { CartProductCache } from './cart-product-cache.js';
import { CartImageCache } from './cart-images.js';
import { AddLineBatcher } from './add-line-batcher.js';
import { storeOf } from './store.js';
import {
  AddEntryBody,
  CartQuery,
  EntryParams,
  QuantityBody,
  StockQuery,
  SubscriptionBody,
  UpdateFieldsBody,
} from './schemas.js';
import { isDigitalGood } from '../../shared/product/rules.js';
import { Type } from '@sinclair/typebox';
import { orderDepsFor } from '../orders/order-deps.js';
import { COUPON_CODE_MAX, setCartCoupon, withDiscounts } from './cart-discounts.js';
import type { CartJson } from './cart-json.js';

const CouponBody = Type.Object(
  {
    code: Type.String({ maxLength: COUPON_CODE_MAX }),
    crumb: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** Cart writes per visitor (cart, else client address) per window; abuse gets 429 + Retry-After. */
export const CART_RATE_LIMIT = { max: 60, timeWindow: 10_000 };
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Add statements at once on PostgreSQL (add-line-batcher.ts); the pool holds 20 connections. */
const ADD_STATEMENTS_IN_FLIGHT = 2;
/** Form answers are at most 16 KB; the rest of a cart request is small. */
const CART_BODY_LIMIT = 64 * 1024;

/** The cart domain's HTTP routes (SPEC 7 and docs/contracts.md). */
export const cartRoutes: DomainRoutes = async (app, deps) => {
  const products = new CartProductCache(deps.caches);
  const images = new CartImageCache(products, deps.caches);
  const svc: CartDeps = {
    db: deps.db,
    now: deps.now,
    products,
    // PGlite runs one statement at a time: more in flight would only queue there, unbatched.
    lines: new AddLineBatcher(deps.db, deps.dbKind === 'pglite' ? 1 : ADD_STATEMENTS_IN_FLIGHT),
  };
  const secret = deps.config.secret;
  // The rate limit's key and the handler both need the cart: one HMAC check per request.
  const cartIds = new WeakMap<FastifyRequest, string | undefined>();
  const cartOf = (req: FastifyRequest) => {
    if (cartIds.has(req)) return cartIds.get(req);
    const cartId = cartIdOf(req, secret);
    cartIds.set(req, cartId);
    return cartId;
  };
  const rateLimit = {
    ...CART_RATE_LIMIT,
    // A genuine cart cookie names the visitor; anything else counts against the address, so
    // inventing cookie values does not buy more requests.
    keyGenerator: (req: FastifyRequest) => {
      const cartId = req.site ? cartOf(req) : undefined;
      return cartId ? `cart:${cartId}` : `ip:${req.ip}`;
    },
  };
  const writeConfig = { rateLimit };
  // Issue 15: every cart answer but an add's shows its discount (cart-discounts.ts).
  const discounts = orderDepsFor(deps, app.log).discounts!;
  // Issue 14: and every cart answer carries its lines' thumbnails (cart-images.ts).
  const pictured = (req: FastifyRequest, cart: CartJson) =>
    images.decorate(deps.db, storeOf(req.site), cart);
  const discounted = async (req: FastifyRequest, cart: CartJson) =>
    pictured(req, await withDiscounts(discounts, storeOf(req.site), cart, deps.now()));
  const withEntry = async <E extends { id: string }>(
    req: FastifyRequest,
    cart: CartJson,
    entry: E | null | undefined,
  ) => {
    const shoppingCart = await pictured(req, cart);
    return { shoppingCart, entry: shoppingCart.entries.find((e) => e.id === entry?.id) ?? entry };
  };

  app.post(
    '/api/commerce/shopping-cart/entries',
    { schema: { body: AddEntryBody }, config: writeConfig, bodyLimit: CART_BODY_LIMIT },
    async (req, reply) => {
      const body = req.body;
      const cartId = cartOf(req);
      const result = await addEntry(
        svc,
        storeOf(req.site),
        body,
        cartId,
        idempotencyClaim(req, body),
      );
      // The cookie goes out with the committed answer: for a new cart (first add, or the old
      // one was purchased), and when a replay finds the browser lost the first answer's cookie.
      if (result.cartId !== cartId) {
        setCartCookie(reply, {
          secret,
          siteId: req.site.id,
          cartId: result.cartId,
          secure: cookieSecure(req, deps.config.secureCookies),
        });
        // A signed-in customer's new cart (the last one was purchased) follows them (issue 14).
        if (req.customer) await setCustomerCart(deps.db, req.customer.id, result.cartId);
      }
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      const { shoppingCart, entry } = await withEntry(
        req,
        result.body.shoppingCart,
        result.body.newlyAdded,
      );
      return reply
        .header('cache-control', 'no-store')
        .send({ ...result.body, shoppingCart, newlyAdded: entry });
    },
  );

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    {
      schema: { body: UpdateFieldsBody, params: EntryParams },
      config: writeConfig,
      bodyLimit: CART_BODY_LIMIT,
    },
    async (req, reply) => {
      const { entryId } = req.params;
      const body = req.body;
      const result = await updateAdditionalFields(svc, storeOf(req.site), cartOf(req), entryId, {
        itemId: body.itemId,
        sku: body.sku ?? '',
        additionalFields: body.additionalFields,
      });
      const { shoppingCart, entry } = await withEntry(
        req,
        result.shoppingCart,
        result.updatedEntry,
      );
      return reply
        .header('cache-control', 'no-store')
        .send({ ...result, shoppingCart, updatedEntry: entry });
    },
  );

  // Not in SPEC 7: the cart page's form editor asks which form a line's answers belong to.
  app.get(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    { schema: { params: EntryParams } },
    async (req, reply) => {
      const { entryId } = req.params;
      const body = await entryForm(svc, storeOf(req.site), cartOf(req), entryId);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId/quantity',
    { schema: { body: QuantityBody, params: EntryParams }, config: writeConfig },
    async (req, reply) => {
      const { entryId } = req.params;
      const { quantity } = req.body;
      const shoppingCart = await updateQuantity(
        svc,
        storeOf(req.site),
        cartOf(req),
        entryId,
        quantity,
      );
      return reply
        .header('cache-control', 'no-store')
        .send({ shoppingCart: await discounted(req, shoppingCart) });
    },
  );

  app.delete(
    '/api/commerce/shopping-cart/entries/:entryId',
    { schema: { params: EntryParams }, config: writeConfig },
    async (req, reply) => {
      const { entryId } = req.params;
      const shoppingCart = await removeEntry(svc, storeOf(req.site), cartOf(req), entryId);
      return reply
        .header('cache-control', 'no-store')
        .send({ shoppingCart: await discounted(req, shoppingCart) });
    },
  );

  // Issue 15 (docs/cart-api.md): the discount code typed on the cart page, kept for checkout.
  app.put(
    '/api/commerce/shopping-cart/coupon',
    { schema: { body: CouponBody }, config: writeConfig },
    async (req, reply) => {
      const store = storeOf(req.site);
      await setCartCoupon(deps.db, store, cartOf(req), req.body.code, deps.now());
      const shoppingCart = await getCart(svc, store, cartOf(req));
      return reply
        .header('cache-control', 'no-store')
        .send({ shoppingCart: await discounted(req, shoppingCart) });
    },
  );
  app.delete('/api/commerce/shopping-cart/coupon', { config: writeConfig }, async (req, reply) => {
    const store = storeOf(req.site);
    await setCartCoupon(deps.db, store, cartOf(req), null, deps.now());
    const shoppingCart = await getCart(svc, store, cartOf(req));
    return reply
      .header('cache-control', 'no-store')
      .send({ shoppingCart: await discounted(req, shoppingCart) });
  });

  app.get(
    '/api/commerce/shopping-cart',
    { schema: { querystring: CartQuery } },
    async (req, reply) => {
      // mock, timecode and calculateSubtotal are accepted (SPEC 7); totals are always computed.
      const cart = await getCart(svc, storeOf(req.site), cartOf(req));
      return reply.header('cache-control', 'no-store').send(await discounted(req, cart));
    },
  );

  const stock = async (req: FastifyRequest, itemId: string) => {
    const found = await loadCartProduct(deps.db, req.site.id, itemId);
    if (!found) throw appError(ErrorCode.NOT_FOUND);
    // Digital products and gift cards have no stock limit (SPEC 4.7).
    const limitless = isDigitalGood(found.product.productType);
    return {
      results: found.product.variants.map((v) => ({
        sku: v.sku,
        variantId: v.id,
        unlimited: limitless || v.unlimited,
        qtyInStock: v.qtyInStock,
      })),
    };
  };
  for (const url of ['/api/commerce/inventory/stock/', '/api/commerce/inventory/stock']) {
    app.get(url, { schema: { querystring: StockQuery } }, async (req, reply) => {
      const body = await stock(req, req.query.itemId);
      return reply.header('cache-control', 'no-store').send(body);
    });
  }

  await subscriptionRoutes(app, svc, writeConfig);

  // Hourly, one process at a time (a recurring job of the durable queue): idempotency keys past
  // 24 h, subscription checkouts past 24 h, and carts untouched for CART_PURGE_DAYS (never one
  // with an order).
  deps.jobs.define('cart-purges', {
    everyMs: PURGE_EVERY_MS,
    run: async () => {
      const now = deps.now();
      await purgeExpired(deps.db, now);
      await purgeExpiredSubscriptionCarts(deps.db, now);
      await purgeAbandonedCarts(deps.db, now, deps.config.cartPurgeDays);
    },
  });
};

/**
 * SPEC 7: the subscription call answers `{ data: { cartToken } }` and its errors carry
 * `data.message`: the registered 'subscription' error body (errors/envelopes.ts), which keeps the
 * common `error.code` and `message` too.
 */
async function subscriptionRoutes(
  scope: TypedApp,
  svc: CartDeps,
  writeConfig: object,
): Promise<void> {
  scope.post(
    '/api/3/commerce/cart/subscription',
    {
      schema: { body: SubscriptionBody },
      config: { ...writeConfig, errorEnvelope: 'subscription' },
      bodyLimit: CART_BODY_LIMIT,
    },
    async (req, reply) => {
      const body = req.body;
      const { cartToken } = await createSubscriptionCart(svc, storeOf(req.site), body);
      return reply.header('cache-control', 'no-store').send({ data: { cartToken } });
    },
  );
}

/** An Idempotency-Key header makes a retried add apply once (docs/cart-api.md). */
function idempotencyClaim(
  req: FastifyRequest,
  body: Static<typeof AddEntryBody>,
): IdempotencyClaim | undefined {
  const raw = req.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX) {
    throw appError(
      ErrorCode.VALIDATION,
      `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters.`,
    );
  }
  const { crumb: _crumb, ...payload } = body;
  return {
    key,
    visitorHash: sha256(req.cookies[CRUMB_COOKIE] ?? ''),
    requestHash: sha256(JSON.stringify(payload)),
  };
}
