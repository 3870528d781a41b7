import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { DomainRoutes } from '../deps.js';
import { isGiftCard } from '../../shared/product/rules.js';
import { CHECKOUT_PATH } from '../../shared/cart/checkout-urls.js';
import { cartIdOf } from '../cart/cart-cookie.js';
import { getCart } from '../cart/cart-service.js';
import { loadCartProduct } from '../cart/catalog-port.js';
import { storeOf } from '../cart/store.js';
import { buildGiftCardContext } from '../gift-cards/gift-card-page.js';
import { dayIn, siteTimeZone } from '../gift-cards/send-date.js';
import { loadCheckoutSettings } from '../orders/checkout-settings.js';
import { paymentProvidersFor } from '../payments/registry.js';
import { pageRendererFor } from '../render/shared-page-renderer.js';
import { renderNotFound, type PageSite } from './checkout-pages.js';

const Str = Type.String({ maxLength: 200 });
const GiftCardQuery = Type.Object({
  websiteId: Type.Optional(Str),
  giftCardProductId: Type.Optional(Str),
  sku: Type.Optional(Str),
});

function html(reply: FastifyReply, status: number, body: string) {
  // Per-visitor pages: never cached, never indexed.
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

/** SPEC 2 checkout entry routes: server-rendered summaries until payments exist. */
export const checkoutRoutes: DomainRoutes = async (app, deps) => {
  const svc = { db: deps.db, now: deps.now };

  app.get('/commerce/goto-checkout', async (req, reply) => {
    const cartId = cartIdOf(req, deps.config.secret);
    const store = storeOf(req.site);
    const cart = cartId ? await getCart(svc, store, cartId) : undefined;
    // No cart cookie (or one naming no open cart here): the cart page explains what to do.
    if (!cart || !cart.id) return reply.header('cache-control', 'no-store').redirect('/cart', 302);
    // The checkout page itself fetches the cart, quotes and places the order.
    return reply.header('cache-control', 'no-store').redirect(CHECKOUT_PATH, 302);
  });

  // /checkout/subscribe is the subscription checkout's (subscriptions/routes.ts).

  const renderer = pageRendererFor(deps);
  const providers = paymentProvidersFor(deps);

  // SPEC 2: the gift card checkout (issue 15). A link naming another website, a product that is
  // not a gift card or an unknown denomination is a 404; no sku lets the shopper choose.
  app.get('/checkout/giftcard', { schema: { querystring: GiftCardQuery } }, async (req, reply) => {
    const q = req.query;
    const site: PageSite = req.site;
    if (q.websiteId !== req.site.id || !q.giftCardProductId) {
      return html(reply, 404, renderNotFound(site));
    }
    const found = await loadCartProduct(deps.db, req.site.id, q.giftCardProductId);
    if (!found || !isGiftCard(found.product.productType)) {
      return html(reply, 404, renderNotFound(site));
    }
    if (q.sku && !found.product.variants.some((v) => v.sku === q.sku)) {
      return html(reply, 404, renderNotFound(site));
    }
    const settings = await loadCheckoutSettings(deps.db, req.site.id);
    const url = { path: '/checkout/giftcard', query: { offset: 0 } };
    const page = await renderer.renderWith(
      req.site,
      url,
      `${req.protocol}://${req.host}`,
      (_d, r) =>
        buildGiftCardContext(r, {
          itemId: found.itemId,
          title: found.title,
          product: found.product,
          sku: q.sku ?? null,
          currency: storeOf(req.site).currency,
          settings,
          providers,
          today: dayIn(deps.now(), siteTimeZone(req.site)),
        }),
    );
    if (page.errors.length) req.log.warn({ templateErrors: page.errors }, 'template errors');
    reply.header('x-robots-tag', 'noindex');
    return html(reply, page.status, page.html);
  });
};
