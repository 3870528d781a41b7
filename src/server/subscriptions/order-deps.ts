import type { AppDeps } from '../deps.js';
import { siteBaseUrl } from '../mail/site-url.js';
import { placeOrder } from '../orders/place-order.js';
import type { SubscriptionDeps } from './deps.js';
import type { OrderDeps } from '../orders/place-order.js';
import { orderDepsFor } from '../orders/order-deps.js';
import { storeOf } from '../cart/store.js';

/**
 * The orders service for subscription orders: the app's one (orders/order-deps.ts), without
 * discounts and gift cards — a subscription is priced per period by its plan, and the
 * subscription quote the shopper saw has neither, so neither may change what is charged.
 */
export function subscriptionOrderDeps(deps: AppDeps, log: OrderDeps['log']): OrderDeps {
  return { ...orderDepsFor(deps, log), discounts: undefined, giftCards: undefined };
}

/**
 * The subscription service's deps for an app: its mailer, the orders service placing through
 * `placeOrder`, links to the website's public origin. Routes and tests (a second "process" on
 * the same database) build theirs with it.
 */
export function subscriptionDepsFor(
  deps: AppDeps,
  log?: OrderDeps['log'],
): SubscriptionDeps & { orderDeps: OrderDeps } {
  const orderDeps = subscriptionOrderDeps(deps, log);
  const { mailer } = orderDeps;
  const origin = (site: Parameters<SubscriptionDeps['origin']>[0]) =>
    siteBaseUrl(site, deps.config);
  return {
    db: deps.db,
    now: deps.now,
    secret: deps.config.secret,
    mailer,
    origin,
    orderDeps,
    providers: orderDeps.providers,
    ...(log ? { log } : {}),
    place: (site, cart, input) =>
      placeOrder(
        orderDeps,
        {
          site: { id: site.id, title: site.title, language: site.language },
          store: storeOf(site),
          cartId: cart.cartId,
          subscriptionId: cart.subscriptionId,
          origin: origin(site),
          ...(cart.shopper ? { shopper: cart.shopper } : {}),
          ...(cart.payer ? { payer: cart.payer } : {}),
          ...(cart.finishWith ? { finishWith: cart.finishWith } : {}),
        },
        input,
      ),
  };
}
