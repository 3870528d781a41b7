import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AddressBody } from '../orders/address-schema.js';
import { PAYMENT_PROVIDERS, type QuoteRequest } from '../../shared/checkout/api.js';
import {
  SUBSCRIPTION_ACTIONS,
  type SubscriptionCheckoutRequest,
  type SubscriptionStatus,
} from '../../shared/checkout/subscriptions.js';
import { checkoutTexts } from '../../shared/checkout/checkout-texts.js';
import { PageType } from '../../shared/enums.js';
import { ErrorCode, Messages, OwnerMessages } from '../../shared/errors.js';
import { formatMoney } from '../../shared/money.js';
import {
  subscriptionPriceText,
  subscriptionWords,
} from '../../shared/product/rules-subscription.js';
import type { DomainRoutes } from '../deps.js';
import { AppError, appError } from '../errors/app-error.js';
import { ownerGuard } from '../http/owner-guard.js';
import { rateLimitConfig } from '../http/rate-limit-config.js';
import { findSubscriptionCart } from '../cart/subscription-service.js';
import { storeOf } from '../cart/store.js';
import { renderNotFound } from '../checkout/checkout-pages.js';
import { quoteCart } from '../orders/quote.js';
import { loadOrderJson } from '../orders/order-json.js';
import { pageRendererFor } from '../render/shared-page-renderer.js';
import { baseContext } from '../render/context/site-context.js';
import type { Site } from '../sites/site-queries.js';
import { sessionIdFromCookie } from '../analytics/server-events.js';
import { VISITOR_COOKIE } from '../../shared/telemetry/constants.js';
import { applyAction } from './actions.js';
import { listSubscriptions, subscriptionOrders } from './list.js';
import { subscriptionIdFromToken } from './manage-token.js';
import { SUBSCRIPTION_PROVIDERS } from './deps.js';
import { subscriptionDepsFor } from './order-deps.js';
import { confirmedPage, managePage } from './pages.js';
import { renewDue } from './renew.js';
import {
  ensureSubscriptionCart,
  idsOf,
  subscribe,
  subscriptionCartView,
  subscriptionOffer,
} from './subscribe.js';
import { subscriptionJson } from './subscription-json.js';
import { subscriptionStripeIntent } from './stripe-intent.js';

/** How often the renewal job looks for due subscriptions (once across processes). */
export const RENEWAL_EVERY_MS = 10 * 60_000;
export const RENEWAL_QUEUE = 'subscription-renewals';

const Str = (max = 200) => Type.String({ maxLength: max });
const Address = AddressBody;
const SubscribeBody = Type.Object({
  cartToken: Str(100),
  email: Type.Optional(Str(320)),
  shippingAddress: Type.Optional(Address),
  billingAddress: Type.Optional(Address),
  shippingOptionId: Type.Optional(Str(64)),
  payment: Type.Object({
    provider: Type.Union(PAYMENT_PROVIDERS.map((p) => Type.Literal(p))),
    token: Type.Optional(Str(300)),
  }),
  crumb: Type.Optional(Str()),
});
const QuoteBody = Type.Object({
  cartToken: Str(100),
  shippingAddress: Type.Optional(
    Type.Object({
      country: Str(10),
      region: Type.Optional(Str()),
      postalCode: Type.Optional(Str(40)),
      city: Type.Optional(Str()),
    }),
  ),
  shippingOptionId: Type.Optional(Str(64)),
  crumb: Type.Optional(Str()),
});
const SubscribeQuery = Type.Object({ cartToken: Type.Optional(Str()) });
const STATUSES = ['active', 'paused', 'cancelled', 'past_due', 'completed'] as const;
const ListQuery = Type.Object({
  status: Type.Optional(Type.Union(STATUSES.map((s) => Type.Literal(s)))),
});
const IdParams = Type.Object({ id: Str(64) });
const ActionParams = Type.Object({
  id: Str(64),
  action: Type.Union(SUBSCRIPTION_ACTIONS.map((a) => Type.Literal(a))),
});
const TokenParams = Type.Object({ token: Str(300) });
const PageQuery = Type.Object({ format: Type.Optional(Str(10)), t: Type.Optional(Str(300)) });
const ManageBody = Type.Object({
  action: Str(20),
  crumb: Type.Optional(Str()),
});

function noStore(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
}

function wantsJson(req: FastifyRequest): boolean {
  const q = req.query as { format?: string } | undefined;
  return q?.format === 'json' || (req.headers.accept ?? '').startsWith('application/json');
}

/**
 * Subscriptions (issue 15, docs/checkout-api.md "Subscriptions"): the subscription checkout
 * (/checkout/subscribe, its quote and POST /api/commerce/subscriptions), the confirmed page
 * (206), the shopper's manage page from the signed link, the owner's list and actions, and the
 * renewal job.
 */
export const subscriptionRoutes: DomainRoutes = async (app, deps) => {
  const sub = subscriptionDepsFor(deps, app.log);
  const orderDeps = sub.orderDeps;

  // The renewal job: one pass every 10 minutes across processes (docs/jobs.md).
  deps.jobs.define(RENEWAL_QUEUE, {
    everyMs: RENEWAL_EVERY_MS,
    leaseMs: 15 * 60_000,
    run: async (_payload, ctx) => {
      await renewDue(sub, { stopping: ctx.stopping, extend: ctx.extend });
    },
  });

  const renderer = pageRendererFor(deps);

  // --- the subscription checkout ---------------------------------------------------------------

  app.get(
    '/checkout/subscribe',
    { schema: { querystring: SubscribeQuery } },
    async (req, reply) => {
      noStore(reply);
      const { cartToken } = req.query;
      const site = req.site;
      const found = cartToken
        ? await findSubscriptionCart(deps.db, site.id, cartToken, deps.now())
        : undefined;
      const offer = found ? await subscriptionOffer(deps, site, found) : undefined;
      if (!found || !offer || !cartToken) {
        return reply.status(404).type('text/html; charset=utf-8').send(renderNotFound(site));
      }
      // Subscribed already (a reload after 'Subscribe'): the confirmed page.
      const { subscriptionId } = idsOf(found.token_hash);
      const existing = await deps.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', subscriptionId)
        .where('site_id', '=', site.id)
        .executeTakeFirst();
      if (existing)
        return reply.redirect(confirmedUrl(subscriptionJson(deps.config.secret, existing)), 303);
      // A GET writes nothing: the quote (POST) makes the private cart.
      const store = storeOf(site);
      const cart = await subscriptionCartView(deps, site, found, offer);
      const price = formatMoney(
        found.unit_price_cents * found.quantity,
        store.currency,
        site.language,
      );
      const url = { path: '/checkout/subscribe', query: { offset: 0 } };
      const { status, html, errors } = await renderer.renderWith(
        site,
        url,
        `${req.protocol}://${req.host}`,
        (_deps, pageReq) => {
          const title = checkoutTexts(pageReq.base.site.language).pageTitle;
          const ctx = baseContext(pageReq.base, {
            pageType: PageType.CHECKOUT,
            templateFile: 'pages/checkout.page',
            title,
          });
          ctx.checkoutPageTitle = title;
          ctx.checkoutPageIsland = {
            locale: ctx.website.language,
            currency: ctx.websiteSettings.storeSettings.currencyCode,
            subscription: {
              cartToken,
              planPhrase: subscriptionPriceText(
                price,
                offer.plan,
                subscriptionWords(site.language),
              ),
              cart,
            },
          };
          return { status: 200, ctx };
        },
      );
      if (errors.length) req.log.warn({ templateErrors: errors }, 'template errors');
      return reply.code(status).type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    '/api/commerce/subscriptions/quote',
    { schema: { body: QuoteBody } },
    async (req, reply) => {
      const { crumb: _c, cartToken, ...input } = req.body;
      const found = await findSubscriptionCart(deps.db, req.site.id, cartToken, deps.now());
      const offer = found ? await subscriptionOffer(deps, req.site, found) : undefined;
      if (!found || !offer) throw appError(ErrorCode.NOT_FOUND);
      await ensureSubscriptionCart(deps, req.site, found, offer);
      const {
        itemCount: _i,
        cartId: _id,
        ...quote
      } = await quoteCart(
        deps.db,
        // No codes on a subscription: no discount or gift card adjusters.
        { now: deps.now() },
        storeOf(req.site),
        idsOf(found.token_hash).cartId,
        input as QuoteRequest,
        (id) => SUBSCRIPTION_PROVIDERS.includes(id) && Boolean(orderDeps.providers[id]),
      );
      return noStore(reply).send(quote);
    },
  );

  app.post(
    '/api/commerce/subscriptions/stripe-intent',
    { schema: { body: QuoteBody } },
    async (req, reply) => {
      const { crumb: _c, cartToken, ...input } = req.body;
      const found = await findSubscriptionCart(deps.db, req.site.id, cartToken, deps.now());
      if (!found) throw appError(ErrorCode.NOT_FOUND);
      const intent = await subscriptionStripeIntent(
        { ...sub, config: deps.config },
        req.site,
        found,
        input as QuoteRequest,
      );
      return noStore(reply).send(intent);
    },
  );

  const placeLimit = rateLimitConfig({ max: deps.config.orderRatePerAddress, perMs: 60_000 });
  app.post(
    '/api/commerce/subscriptions',
    { schema: { body: SubscribeBody }, config: placeLimit },
    async (req, reply) => {
      const { crumb: _c, ...input } = req.body;
      const shopper = {
        sessionId: sessionIdFromCookie(req.cookies[VISITOR_COOKIE]),
        loggedIn: Boolean(req.owner),
      };
      const result = await subscribe(sub, req.site, input as SubscriptionCheckoutRequest, shopper);
      const { created, ...body } = result;
      return noStore(reply)
        .status(created ? 201 : 200)
        .send({ ...body, confirmedUrl: confirmedUrl(body.subscription) });
    },
  );

  // --- shopper pages: the signed token is the key ----------------------------------------------

  function confirmedUrl(s: { id: string; manageUrl: string }) {
    const token = s.manageUrl.slice(s.manageUrl.lastIndexOf('/') + 1);
    return `/checkout/subscription-confirmed/${encodeURIComponent(s.id)}?t=${encodeURIComponent(token)}`;
  }

  async function byToken(site: Site, token: string | undefined) {
    const id = token ? subscriptionIdFromToken(deps.config.secret, site.id, token) : undefined;
    const row = id
      ? await deps.db
          .selectFrom('subscriptions')
          .selectAll()
          .where('id', '=', id)
          .where('site_id', '=', site.id)
          .executeTakeFirst()
      : undefined;
    return row;
  }

  app.get(
    '/checkout/subscription-confirmed/:id',
    { schema: { params: IdParams, querystring: PageQuery } },
    async (req, reply) => {
      noStore(reply);
      const row = await byToken(req.site, req.query.t);
      if (!row || row.id !== req.params.id) {
        if (wantsJson(req))
          throw appError(ErrorCode.SUBSCRIPTION_LINK_INVALID, Messages.SUBSCRIPTION_LINK_INVALID);
        return reply.status(404).type('text/html; charset=utf-8').send(renderNotFound(req.site));
      }
      const subscription = subscriptionJson(deps.config.secret, row);
      const order = row.first_order_id
        ? await loadOrderJson(deps.db, deps.config.secret, req.site.id, row.first_order_id)
        : undefined;
      if (wantsJson(req)) {
        return reply.send({
          pageType: PageType.SUBSCRIPTION_CONFIRMED,
          subscription,
          order: order ?? null,
        });
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(confirmedPage(req.site, subscription, order?.orderNumber));
    },
  );

  app.get(
    '/subscriptions/manage/:token',
    { schema: { params: TokenParams, querystring: PageQuery } },
    async (req, reply) => {
      noStore(reply);
      const row = await byToken(req.site, req.params.token);
      if (!row) {
        if (wantsJson(req))
          throw appError(ErrorCode.SUBSCRIPTION_LINK_INVALID, Messages.SUBSCRIPTION_LINK_INVALID);
        return reply.status(404).type('text/html; charset=utf-8').send(renderNotFound(req.site));
      }
      const subscription = subscriptionJson(deps.config.secret, row);
      const orders = await subscriptionOrders(deps.db, req.site.id, row.id);
      if (wantsJson(req)) return reply.send({ subscription, orders: orders.map(orderRowJson) });
      return reply
        .type('text/html; charset=utf-8')
        .send(
          managePage(
            req.site,
            subscription,
            orders,
            req.crumb ?? '',
            deps.config.secret,
            req.site.id,
          ),
        );
    },
  );

  // The page's buttons post a form (303 back to the page); scripts may send JSON.
  app.post(
    '/subscriptions/manage/:token',
    { schema: { params: TokenParams, body: ManageBody } },
    async (req, reply) => {
      noStore(reply);
      const row = await byToken(req.site, req.params.token);
      if (!row)
        throw appError(ErrorCode.SUBSCRIPTION_LINK_INVALID, Messages.SUBSCRIPTION_LINK_INVALID);
      const action = SUBSCRIPTION_ACTIONS.find((a) => a === req.body.action);
      if (!action)
        throw appError(
          ErrorCode.SUBSCRIPTION_ACTION_INVALID,
          OwnerMessages.SUBSCRIPTION_ACTION_INVALID,
        );
      const form = (req.headers['content-type'] ?? '').startsWith(
        'application/x-www-form-urlencoded',
      );
      try {
        const saved = await applyAction(sub, req.site, row.id, action);
        if (form) return reply.redirect(req.url, 303);
        return reply.send({ subscription: subscriptionJson(deps.config.secret, saved) });
      } catch (err) {
        if (!form || !(err instanceof AppError)) throw err;
        // A form post that is refused shows the page again with the reason.
        const orders = await subscriptionOrders(deps.db, req.site.id, row.id);
        return reply
          .status(err.status)
          .type('text/html; charset=utf-8')
          .send(
            managePage(
              req.site,
              subscriptionJson(deps.config.secret, row),
              orders,
              req.crumb ?? '',
              deps.config.secret,
              req.site.id,
              err.message,
            ),
          );
      }
    },
  );

  // --- owner -----------------------------------------------------------------------------------

  const owner = ownerGuard(deps.db, 'commerce');

  app.get(
    '/api/commerce/subscriptions',
    { schema: { querystring: ListQuery }, preValidation: owner },
    async (req, reply) => {
      noStore(reply);
      return listSubscriptions(
        deps.db,
        deps.config.secret,
        req.site.id,
        req.query.status as SubscriptionStatus | undefined,
      );
    },
  );

  app.get(
    '/api/commerce/subscriptions/:id',
    { schema: { params: IdParams }, preValidation: owner },
    async (req, reply) => {
      noStore(reply);
      const row = await deps.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', req.params.id)
        .where('site_id', '=', req.site.id)
        .executeTakeFirst();
      if (!row) throw appError(ErrorCode.NOT_FOUND);
      const orders = await subscriptionOrders(deps.db, req.site.id, row.id);
      return {
        subscription: subscriptionJson(deps.config.secret, row),
        orders: orders.map(orderRowJson),
      };
    },
  );

  app.post(
    '/api/commerce/subscriptions/:id/:action',
    { schema: { params: ActionParams }, preValidation: owner },
    async (req, reply) => {
      noStore(reply);
      const saved = await applyAction(sub, req.site, req.params.id, req.params.action);
      return { subscription: subscriptionJson(deps.config.secret, saved) };
    },
  );
};

function orderRowJson(o: Awaited<ReturnType<typeof subscriptionOrders>>[number]) {
  return {
    id: o.id,
    orderNumber: o.order_number,
    createdOn: new Date(o.created).getTime(),
    grandTotal: o.grand_total,
    currency: o.currency,
    status: o.status,
    paymentStatus: o.payment_status,
  };
}
