import { Type } from '@sinclair/typebox';
import { IDEMPOTENCY_KEY_HEADER, PAYMENT_PROVIDERS } from '../../shared/checkout/api.js';
import { VISITOR_COOKIE } from '../../shared/telemetry/constants.js';
import { sessionIdFromCookie } from '../analytics/server-events.js';
import { storeOf } from '../cart/store.js';
import type { AppDeps, DomainRoutes } from '../deps.js';
import { rateLimitConfig } from '../http/rate-limit-config.js';
import { ownerGuard } from '../http/owner-guard.js';
import type { TypedApp } from '../http/typed-app.js';
import { mailerFor } from '../mail/mailer-registry.js';
import { siteBaseUrl } from '../mail/site-url.js';
import type { OrderDeps } from '../orders/place-order.js';
import type { Site } from '../sites/site-queries.js';
import {
  getGiftCard,
  issueGiftCard,
  listGiftCards,
  setGiftCardStatus,
} from './gift-card-service.js';
import { purchaseGiftCard } from './purchase.js';
import { giftCardStripeIntent } from './gift-card-stripe-intent.js';
import { GIFT_CARD_STRIPE_INTENT_PATH } from '../../shared/checkout/gift-cards.js';
import { siteTimeZone } from './send-date.js';

/** Who manages gift cards: those who run the store (SPEC 3.10), like the catalog's writes. */

const Str = (max = 200) => Type.String({ maxLength: max });
const IdParams = Type.Object({ id: Str(64) });
// Fields optional at the schema: the service answers each missing one (GIFT_CARD_FIELDS_INVALID).
const IssueBody = Type.Object({
  amount: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 }),
  currency: Type.Optional(Str(3)),
  recipientEmail: Type.Optional(Str(320)),
  recipientName: Type.Optional(Str(200)),
  message: Type.Optional(Str(2000)),
  crumb: Type.Optional(Str()),
});
const PurchaseBody = Type.Object({
  giftCardProductId: Str(64),
  sku: Type.Optional(Str(100)),
  email: Type.Optional(Str(320)),
  senderName: Type.Optional(Str(200)),
  recipientName: Type.Optional(Str(200)),
  recipientEmail: Type.Optional(Str(320)),
  message: Type.Optional(Str(2000)),
  sendOn: Type.Optional(Str(10)),
  payment: Type.Object({
    provider: Type.Union(PAYMENT_PROVIDERS.map((p) => Type.Literal(p))),
    token: Type.Optional(Str(300)),
  }),
  crumb: Type.Optional(Str()),
});

const IntentBody = Type.Object({
  giftCardProductId: Str(64),
  sku: Type.Optional(Str(100)),
  crumb: Type.Optional(Str()),
});

const mailSite = (site: Site) => ({ id: site.id, title: site.title, language: site.language });

/** The owner's gift card API (docs/checkout-api.md "Gift cards"). */
export const giftCardRoutes: DomainRoutes = async (app, deps) => {
  const mailer = mailerFor(deps, app.log);
  const owner = ownerGuard(deps.db, 'commerce');
  const svc = { db: deps.db, now: deps.now, mailer };

  app.post(
    '/api/commerce/gift-cards',
    { schema: { body: IssueBody }, preValidation: owner },
    async (req, reply) => {
      const { crumb: _crumb, ...body } = req.body;
      const site = { ...mailSite(req.site), currency: storeOf(req.site).currency };
      const issued = await issueGiftCard(svc, site, siteBaseUrl(req.site, deps.config), body);
      return reply.status(201).header('cache-control', 'no-store').send(issued);
    },
  );

  app.get('/api/commerce/gift-cards', { preValidation: owner }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { giftCards: await listGiftCards(deps.db, req.site.id) };
  });

  app.get(
    '/api/commerce/gift-cards/:id',
    { schema: { params: IdParams }, preValidation: owner },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { giftCard: await getGiftCard(deps.db, req.site.id, req.params.id) };
    },
  );

  for (const [action, status] of [
    ['disable', 'disabled'],
    ['enable', 'active'],
  ] as const) {
    app.post(
      `/api/commerce/gift-cards/:id/${action}`,
      { schema: { params: IdParams }, preValidation: owner },
      async (req) => ({
        giftCard: await setGiftCardStatus(deps, req.site.id, req.params.id, status),
      }),
    );
  }
};

/**
 * The gift card checkout's POST (registered by orders/routes.ts with its OrderDeps: the order is
 * placed by the one orders pipeline). Rate limited like placing an order.
 */
export async function giftCardPurchaseRoutes(app: TypedApp, deps: AppDeps, orderDeps: OrderDeps) {
  const place = rateLimitConfig({ max: deps.config.orderRatePerAddress, perMs: 60_000 });
  // Each new key makes a private cart and a PaymentIntent: limited like placing an order.
  app.post(
    GIFT_CARD_STRIPE_INTENT_PATH,
    { schema: { body: IntentBody }, config: place },
    async (req, reply) => {
      const key = req.headers[IDEMPOTENCY_KEY_HEADER];
      const intent = await giftCardStripeIntent(
        { ...orderDeps, config: deps.config },
        storeOf(req.site),
        typeof key === 'string' && key ? key.slice(0, 200) : undefined,
        { giftCardProductId: req.body.giftCardProductId, sku: req.body.sku ?? '' },
      );
      return reply.header('cache-control', 'no-store').send(intent);
    },
  );

  app.post(
    '/api/commerce/gift-card-orders',
    { schema: { body: PurchaseBody }, config: place },
    async (req, reply) => {
      const { crumb: _crumb, ...body } = req.body;
      const key = req.headers[IDEMPOTENCY_KEY_HEADER];
      const idempotencyKey = typeof key === 'string' && key ? key.slice(0, 200) : undefined;
      const result = await purchaseGiftCard(
        orderDeps,
        {
          site: mailSite(req.site),
          store: storeOf(req.site),
          idempotencyKey,
          origin: siteBaseUrl(req.site, deps.config),
          timeZone: siteTimeZone(req.site),
          shopper: {
            sessionId: sessionIdFromCookie(req.cookies[VISITOR_COOKIE]),
            loggedIn: Boolean(req.owner),
          },
        },
        {
          giftCardProductId: body.giftCardProductId,
          sku: body.sku ?? '',
          email: body.email ?? '',
          recipientName: body.recipientName ?? '',
          recipientEmail: body.recipientEmail ?? '',
          ...(body.senderName !== undefined ? { senderName: body.senderName } : {}),
          ...(body.message !== undefined ? { message: body.message } : {}),
          ...(body.sendOn ? { sendOn: body.sendOn } : {}),
          payment: {
            provider: body.payment.provider,
            ...(body.payment.token !== undefined ? { token: body.payment.token } : {}),
          },
        },
      );
      reply.header('cache-control', 'no-store');
      if (!result.created) reply.header('idempotent-replayed', 'true');
      return reply.status(result.created ? 201 : 200).send({ order: result.order });
    },
  );
}
