import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AddressBody } from './address-schema.js';
import type { PlaceOrderRequest, QuoteRequest } from '../../shared/checkout/api.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  PAYMENT_PROVIDERS,
  STRIPE_INTENT_PATH,
} from '../../shared/checkout/api.js';
import { SHIPPING_KINDS, type CheckoutSettings } from '../../shared/checkout/settings.js';
import { PageType } from '../../shared/enums.js';
import { ErrorCode } from '../../shared/errors.js';
import { VISITOR_COOKIE } from '../../shared/telemetry/constants.js';
import type { AppDeps, DomainRoutes } from '../deps.js';
import { appError } from '../errors/app-error.js';
import { guardedOwnerId, ownerGuard } from '../http/owner-guard.js';
import { cartIdOf } from '../cart/cart-cookie.js';
import { storeOf } from '../cart/store.js';
import { siteBaseUrl } from '../mail/site-url.js';
import { recordCheckoutStarted, sessionIdFromCookie } from '../analytics/server-events.js';
import { rateLimitConfig } from '../http/rate-limit-config.js';
import type { Site } from '../sites/site-queries.js';
import { loadCheckoutSettings, saveCheckoutSettings } from './checkout-settings.js';
import { loadOrderJson } from './order-json.js';
import { listOrders, ordersCsv } from './order-list.js';
import { orderIdFromToken } from './order-token.js';
import { buildOrderContext } from './order-pages.js';
import { orderDownloads } from './downloads.js';
import { signedFileUrl } from '../media/signed-links.js';
import { pageRendererFor } from '../render/shared-page-renderer.js';
import { cancelOrder, fulfillOrder, markPaid, refundOrder } from './owner-actions.js';
import { orderDepsFor } from './order-deps.js';
import { placeOrder } from './place-order.js';
import { quoteCart } from './quote.js';
import { finishPayment } from './finish-payment.js';
import { stripeIntent } from './stripe-intent.js';
import { subscriptionDepsFor } from '../subscriptions/order-deps.js';
import { finishSubscription } from '../subscriptions/subscribe.js';
import { siteTimeZone } from '../gift-cards/send-date.js';
import { giftCardPurchaseRoutes } from '../gift-cards/routes.js';

/** Where Stripe sends its events (configure it in Stripe's dashboard). */
export const STRIPE_WEBHOOK_PATH = '/api/commerce/payments/stripe/webhook';

/** Who runs the store: admins and store managers (SPEC 3.10). */

const Str = (max = 200) => Type.String({ maxLength: max });
const Address = AddressBody;
/** Issue 15: a discount code and gift card codes, on the quote and the placement alike. */
const Codes = {
  couponCode: Type.Optional(Str(64)),
  giftCardCodes: Type.Optional(Type.Array(Str(64), { maxItems: 5 })),
};
const PlaceBody = Type.Object({
  email: Type.Optional(Str(320)),
  shippingAddress: Type.Optional(Address),
  billingAddress: Type.Optional(Address),
  shippingOptionId: Type.Optional(Str(64)),
  // Absent only when gift cards and discounts cover the whole total (place-order.ts).
  payment: Type.Optional(
    Type.Object({
      provider: Type.Union(PAYMENT_PROVIDERS.map((p) => Type.Literal(p))),
      token: Type.Optional(Str(300)),
    }),
  ),
  ...Codes,
  crumb: Type.Optional(Str()),
});
const QuoteBody = Type.Object({
  shippingAddress: Type.Optional(
    Type.Object({
      country: Str(10),
      region: Type.Optional(Str()),
      postalCode: Type.Optional(Str(40)),
      city: Type.Optional(Str()),
    }),
  ),
  shippingOptionId: Type.Optional(Str(64)),
  email: Type.Optional(Str(320)),
  ...Codes,
  crumb: Type.Optional(Str()),
});
const IdParams = Type.Object({ id: Str(64) });
const ListQuery = Type.Object({
  status: Type.Optional(Str(40)),
  q: Type.Optional(Str(320)),
  cursor: Type.Optional(Str(20)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
const FulfillBody = Type.Object({
  carrier: Type.Optional(Str(100)),
  trackingNumber: Type.Optional(Str(200)),
  crumb: Type.Optional(Str()),
});
const RefundBody = Type.Object({
  amount: Type.Optional(Type.Integer({ minimum: 1 })),
  crumb: Type.Optional(Str()),
});
const SettingsBody = Type.Object({
  shipsTo: Type.Array(Str(10), { maxItems: 250 }),
  shippingOptions: Type.Array(
    Type.Object({
      id: Str(64),
      name: Str(),
      kind: Type.Union(SHIPPING_KINDS.map((k) => Type.Literal(k))),
      description: Str(600),
      countries: Type.Array(Str(10), { maxItems: 250 }),
      amount: Type.Number(),
      freeOver: Type.Optional(Type.Number()),
      tiers: Type.Optional(
        Type.Array(
          // Null first: Ajv's type coercion would turn a null into 0 for a number tried first.
          Type.Object({ upTo: Type.Union([Type.Null(), Type.Number()]), amount: Type.Number() }),
          {
            maxItems: 50,
          },
        ),
      ),
    }),
    { maxItems: 50 },
  ),
  taxRules: Type.Array(
    Type.Object({
      id: Str(64),
      name: Str(),
      country: Str(10),
      region: Str(),
      rate: Type.Number(),
      appliesToShipping: Type.Boolean(),
    }),
    { maxItems: 200 },
  ),
  pricesIncludeTax: Type.Boolean(),
  payments: Type.Object({
    test: Type.Object({ enabled: Type.Boolean() }),
    manual: Type.Object({ enabled: Type.Boolean(), label: Str(), instructions: Str(4000) }),
    stripe: Type.Object({ enabled: Type.Boolean() }),
  }),
  testMode: Type.Boolean(),
  crumb: Type.Optional(Str()),
});

function origin(site: Site, deps: AppDeps): string {
  return siteBaseUrl(site, deps.config);
}

function mailSite(site: Site) {
  return {
    id: site.id,
    title: site.title,
    language: site.language,
    timeZone: siteTimeZone(site),
    reviewsEnabled: site.settings.websiteSettings.reviewsEnabled === true,
  };
}

function wantsJson(req: FastifyRequest): boolean {
  return (req.query as { format?: string }).format === 'json';
}

/**
 * Orders (issue 10, docs/checkout-api.md): placing, quoting, the owner's order API and checkout
 * settings, and the shopper's order confirmed (202) and order status (211) pages.
 */
export const orderRoutes: DomainRoutes = async (app, deps) => {
  const orderDeps = orderDepsFor(deps, app.log);
  const adjusters = () => ({
    discounts: orderDeps.discounts,
    giftCards: orderDeps.giftCards,
    now: deps.now(),
  });
  const owner = ownerGuard(deps.db, 'commerce');
  await giftCardPurchaseRoutes(app, deps, orderDeps);
  const ownerCtx = (req: FastifyRequest) => ({
    site: mailSite(req.site),
    origin: origin(req.site, deps),
    actorId: guardedOwnerId(req),
  });

  // Placing is per-address limited (ORDER_RATE_PER_IP a minute): a shopper places once, a script
  // hammering checkout with card numbers does not.
  const place = rateLimitConfig({ max: deps.config.orderRatePerAddress, perMs: 60_000 });
  app.post(
    '/api/commerce/orders',
    { schema: { body: PlaceBody }, config: place },
    async (req, reply) => {
      const body = req.body;
      const { crumb: _crumb, ...input } = body;
      const key = req.headers[IDEMPOTENCY_KEY_HEADER];
      const idempotencyKey = typeof key === 'string' && key ? key.slice(0, 200) : undefined;
      const cartId = cartIdOf(req, deps.config.secret);
      const result = await placeOrder(
        orderDeps,
        {
          site: mailSite(req.site),
          store: storeOf(req.site),
          cartId,
          idempotencyKey,
          origin: origin(req.site, deps),
          shopper: {
            sessionId: sessionIdFromCookie(req.cookies[VISITOR_COOKIE]),
            loggedIn: Boolean(req.owner) || Boolean(req.customer),
          },
          // Issue 14: a signed-in customer's order is theirs, recorded with it.
          ...(req.customer ? { customerId: req.customer.id } : {}),
        },
        input as PlaceOrderRequest,
      );
      reply.header('cache-control', 'no-store');
      if (!result.created) reply.header('idempotent-replayed', 'true');
      return reply.status(result.created ? 201 : 200).send({ order: result.order });
    },
  );

  app.post('/api/commerce/checkout/quote', { schema: { body: QuoteBody } }, async (req, reply) => {
    const { crumb: _crumb, ...input } = req.body;
    const store = storeOf(req.site);
    const quote = await quoteCart(
      deps.db,
      adjusters(),
      store,
      cartIdOf(req, deps.config.secret),
      input as QuoteRequest,
      (id) => Boolean(orderDeps.providers[id]),
    );
    const { itemCount, cartId, ...response } = quote;
    // The page's first quote (no address yet) is the shopper starting checkout.
    if (!input.shippingAddress) {
      await recordCheckoutStarted(deps.db, {
        siteId: req.site.id,
        cartId,
        sessionId: sessionIdFromCookie(req.cookies[VISITOR_COOKIE]),
        loggedIn: Boolean(req.owner) || Boolean(req.customer),
        itemCount,
        subtotal: quote.totals.subtotal,
        currency: quote.totals.currency,
        at: deps.now(),
      }).catch((err: unknown) => app.log.warn({ err }, 'checkout-started event not recorded'));
    }
    return reply.header('cache-control', 'no-store').send(response);
  });

  app.post(STRIPE_INTENT_PATH, { schema: { body: QuoteBody } }, async (req, reply) => {
    const { crumb: _crumb, ...input } = req.body;
    const intent = await stripeIntent(
      { db: deps.db, providers: orderDeps.providers, config: deps.config, ...adjusters() },
      storeOf(req.site),
      cartIdOf(req, deps.config.secret),
      input as QuoteRequest,
    );
    return reply.header('cache-control', 'no-store').send(intent);
  });

  // --- owner ---------------------------------------------------------------------------------

  app.get(
    '/api/commerce/orders',
    { schema: { querystring: ListQuery }, preValidation: owner },
    async (req, reply) => {
      const q = req.query;
      reply.header('cache-control', 'no-store');
      return listOrders(deps.db, deps.config.secret, req.site.id, q);
    },
  );

  app.get(
    '/api/commerce/orders.csv',
    { schema: { querystring: ListQuery }, preValidation: owner },
    async (req, reply) => {
      const q = req.query;
      const csv = await ordersCsv(deps.db, deps.config.secret, req.site.id, q);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="orders-${req.site.slug}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.get(
    '/api/commerce/orders/:id',
    { schema: { params: IdParams }, preValidation: owner },
    async (req, reply) => {
      const { id } = req.params;
      const order = await loadOrderJson(deps.db, deps.config.secret, req.site.id, id);
      if (!order) throw appError(ErrorCode.NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return { order };
    },
  );

  app.post(
    '/api/commerce/orders/:id/mark-paid',
    { schema: { params: IdParams }, preValidation: owner },
    async (req) => {
      const { id } = req.params;
      return { order: await markPaid(orderDeps, ownerCtx(req), id) };
    },
  );

  app.post(
    '/api/commerce/orders/:id/fulfill',
    { schema: { params: IdParams, body: FulfillBody }, preValidation: owner },
    async (req) => {
      const { id } = req.params;
      const body = req.body ?? {};
      return {
        order: await fulfillOrder(orderDeps, ownerCtx(req), id, {
          carrier: body.carrier ?? '',
          trackingNumber: body.trackingNumber ?? '',
        }),
      };
    },
  );

  app.post(
    '/api/commerce/orders/:id/cancel',
    { schema: { params: IdParams }, preValidation: owner },
    async (req) => {
      const { id } = req.params;
      return { order: await cancelOrder(orderDeps, ownerCtx(req), id) };
    },
  );

  app.post(
    '/api/commerce/orders/:id/refund',
    { schema: { params: IdParams, body: RefundBody }, preValidation: owner },
    async (req) => {
      const { id } = req.params;
      const body = req.body ?? {};
      return { order: await refundOrder(orderDeps, ownerCtx(req), id, body.amount) };
    },
  );

  app.get('/api/commerce/settings/checkout', { preValidation: owner }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      settings: await loadCheckoutSettings(deps.db, req.site.id),
      stripeConfigured: Boolean(orderDeps.providers.stripe),
    };
  });

  app.put(
    '/api/commerce/settings/checkout',
    { schema: { body: SettingsBody }, preValidation: owner },
    async (req) => {
      const { crumb: _crumb, ...settings } = req.body;
      const saved = await saveCheckoutSettings(
        deps.db,
        req.site.id,
        settings as CheckoutSettings,
        new Date(deps.now()),
      );
      // The new content version misses every cached copy; this empties them everywhere now.
      deps.events.emit('content-changed', { siteId: req.site.id });
      return { settings: saved, stripeConfigured: Boolean(orderDeps.providers.stripe) };
    },
  );

  // --- payment webhooks ----------------------------------------------------------------------

  /**
   * Stripe's webhook: the signature is checked on the raw body (a parsed and re-serialised body
   * would not match), so this route gets its own scope whose JSON parser keeps the bytes. It
   * belongs to no website (the PaymentIntent's metadata names it) and carries no crumb.
   */
  const subs = subscriptionDepsFor(deps, app.log);
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      STRIPE_WEBHOOK_PATH,
      { config: { site: false, crumb: false }, bodyLimit: 512 * 1024 },
      async (req, reply) => {
        const stripe = orderDeps.providers.stripe;
        if (!stripe?.webhook) throw appError(ErrorCode.NOT_FOUND);
        const signature = req.headers['stripe-signature'];
        const event = stripe.webhook(
          Buffer.isBuffer(req.body) ? req.body : Buffer.from(''),
          typeof signature === 'string' ? signature : undefined,
        );
        const outcome = await finishPayment(orderDeps, deps.config, event, {
          subscription: (site, key, request) => finishSubscription(subs, site, key, request),
        });
        req.log.info({ reference: event.reference, kind: event.kind, outcome }, 'stripe webhook');
        return reply.send({ received: true });
      },
    );
  });

  // --- shopper pages (no sign-in; the signed token is the key) ---------------------------------

  const TokenQuery = Type.Object({ t: Type.Optional(Str(300)), format: Type.Optional(Str(10)) });
  app.get(
    '/checkout/order-confirmed/:id',
    { schema: { params: IdParams, querystring: TokenQuery } },
    async (req, reply) => {
      const { id } = req.params;
      const { t } = req.query;
      const orderId = t ? orderIdFromToken(deps.config.secret, req.site.id, t) : undefined;
      const order =
        orderId === id
          ? await loadOrderJson(deps.db, deps.config.secret, req.site.id, id)
          : undefined;
      return orderPage(req, reply, order, PageType.ORDER_CONFIRMED, 'confirmed');
    },
  );

  const StatusParams = Type.Object({ token: Str(300) });
  app.get(
    '/orders/status/:token',
    { schema: { params: StatusParams, querystring: TokenQuery } },
    async (req, reply) => {
      const { token } = req.params;
      const orderId = orderIdFromToken(deps.config.secret, req.site.id, token);
      const order = orderId
        ? await loadOrderJson(deps.db, deps.config.secret, req.site.id, orderId)
        : undefined;
      return orderPage(req, reply, order, PageType.ORDER_STATUS, 'status');
    },
  );

  const renderer = pageRendererFor(deps);

  /**
   * JSON is `{ pageType, order }`; HTML is the theme's `pages/order.page` in the site's layout.
   * Both are the shopper's own order: `no-store`, and never put in the page cache.
   */
  async function orderPage(
    req: FastifyRequest,
    reply: FastifyReply,
    order: Awaited<ReturnType<typeof loadOrderJson>>,
    pageType: number,
    kind: 'confirmed' | 'status',
  ) {
    reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
    // Signed afresh on every visit: the page is where an expired mail link gets renewed.
    const downloads = order
      ? await orderDownloads(
          { db: deps.db, sign: signedFileUrl, now: deps.now },
          req.site,
          order,
          origin(req.site, deps),
        )
      : [];
    if (wantsJson(req)) {
      if (!order) throw appError(ErrorCode.NOT_FOUND);
      // `downloads` only when the order delivers files: other orders keep { pageType, order }.
      return reply.send({ pageType, order, ...(downloads.length ? { downloads } : {}) });
    }
    const url = { path: req.url.split('?', 1)[0]!, query: { offset: 0 } };
    const { status, html, errors } = await renderer.renderWith(
      req.site,
      url,
      `${req.protocol}://${req.host}`,
      (_deps, pageReq) => buildOrderContext(pageReq, order, kind, downloads),
    );
    if (errors.length) req.log.warn({ templateErrors: errors, url: req.url }, 'template errors');
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  }
};
