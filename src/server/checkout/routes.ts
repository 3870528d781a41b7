import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { DomainRoutes } from '../deps.js';
import { escapeHtml } from '../../shared/html.js';
import { formatMoney } from '../../shared/money.js';
import { isGiftCard, subscriptionPriceText } from '../../shared/product/rules.js';
import { CHECKOUT_PATH } from '../../shared/cart/checkout-urls.js';
import { cartIdOf } from '../cart/cart-cookie.js';
import { getCart } from '../cart/cart-service.js';
import { loadCartProduct, unitPriceCents } from '../cart/catalog-port.js';
import { findSubscriptionCart } from '../cart/subscription-service.js';
import { storeOf } from '../cart/store.js';
import {
  attributesText,
  backLink,
  notice,
  PAYMENT_UNAVAILABLE,
  renderNotFound,
  renderPage,
  summaryTable,
  type PageSite,
} from './checkout-pages.js';

const Str = Type.String({ maxLength: 200 });
const SubscribeQuery = Type.Object({ cartToken: Type.Optional(Str) });
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

  app.get(
    '/checkout/subscribe',
    { schema: { querystring: SubscribeQuery } },
    async (req, reply) => {
      const { cartToken } = req.query;
      const site: PageSite = req.site;
      const sub = cartToken
        ? await findSubscriptionCart(deps.db, req.site.id, cartToken, deps.now())
        : undefined;
      const found = sub ? await loadCartProduct(deps.db, req.site.id, sub.item_id) : undefined;
      if (!sub || !found) return html(reply, 404, renderNotFound(site));
      const { product } = found;
      const currency = storeOf(req.site).currency;
      const option = sub.subscription_option_id
        ? product.productSubscriptionOptions.find((o) => o.id === sub.subscription_option_id)
        : undefined;
      const plan = option
        ? { billingPeriod: option.billingPeriod, numBillingCycles: option.numBillingCycles }
        : product.subscriptionPlan;
      const price = formatMoney(sub.unit_price_cents * sub.quantity, currency, site.language);
      const phrase = plan ? subscriptionPriceText(price, plan) : 'Unavailable';
      const variant = product.variants.find((v) => v.id === sub.variant_id);
      const detail = variant ? attributesText(variant.attributes) : '';
      const body = [
        summaryTable(
          [{ title: sub.title, detail, quantity: sub.quantity, amount: price }],
          'Total per billing period',
          price,
        ),
        `<p class="plan">${escapeHtml(phrase)}</p>`,
        notice(PAYMENT_UNAVAILABLE),
        backLink('/', 'Continue shopping'),
      ].join('\n');
      return html(reply, 200, renderPage(site, 'Subscription checkout', body));
    },
  );

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
    const { product } = found;
    const currency = storeOf(req.site).currency;
    const money = (minor: number) => formatMoney(minor, currency, site.language);
    const chosen = q.sku ? product.variants.find((v) => v.sku === q.sku) : undefined;
    if (q.sku && !chosen) return html(reply, 404, renderNotFound(site));
    let body: string;
    if (chosen) {
      const amount = money(unitPriceCents(product, chosen));
      body = summaryTable(
        [{ title: found.title, detail: attributesText(chosen.attributes), quantity: 1, amount }],
        'Total',
        amount,
      );
    } else {
      // No denomination chosen (SPEC 2: sku is optional): show what can be bought.
      const items = product.variants
        .map(
          (v) =>
            `<li>${escapeHtml(attributesText(v.attributes) || v.sku)} — ${escapeHtml(money(unitPriceCents(product, v)))}</li>`,
        )
        .join('');
      body = `<p>${escapeHtml(found.title)}</p>${items ? `<ul class="denominations">${items}</ul>` : ''}`;
    }
    body += `\n${notice(PAYMENT_UNAVAILABLE)}\n${backLink('/', 'Continue shopping')}`;
    return html(reply, 200, renderPage(site, 'Gift card', body));
  });
};
