import type { AppDeps } from '../deps.js';
import { unlistedItemIds } from '../catalog/catalog-queries.js';
import { discountResolver } from '../discounts/resolver.js';
import { giftCardResolver } from '../gift-cards/resolver.js';
import { mailerFor } from '../mail/mailer-registry.js';
import { signedFileUrl } from '../media/signed-links.js';
import { cachedOwnerEmails } from '../owners/owner-emails-cache.js';
import { paymentProvidersFor } from '../payments/registry.js';
import { SiteVersionMemo } from '../platform/versioned-cache.js';
import { loadCheckoutSettings } from './checkout-settings.js';
import type { OrderDeps } from './place-order.js';
import { OrderRecorder } from './record-order.js';

const made = new WeakMap<AppDeps, OrderDeps>();

/**
 * The app's one orders service (the checkout, the gift card checkout and subscriptions all place
 * through it): one recorder, so placements arriving together from any of them share a statement
 * (record-order.ts), and one cached copy of each website's settings and draft products, both per
 * content version — saving settings or a product bumps it, in every process.
 */
export function orderDepsFor(deps: AppDeps, log?: OrderDeps['log']): OrderDeps {
  let orders = made.get(deps);
  if (orders) return orders;
  const mailer = mailerFor(deps, log);
  const checkoutSettings = new SiteVersionMemo(
    'checkout-settings',
    (siteId) => loadCheckoutSettings(deps.db, siteId),
    deps.caches,
  );
  const draftProducts = new SiteVersionMemo(
    'draft-products',
    async (siteId): Promise<ReadonlySet<string>> =>
      new Set((await unlistedItemIds(deps.db, siteId)).draft),
    deps.caches,
  );
  orders = {
    db: deps.db,
    now: deps.now,
    secret: deps.config.secret,
    events: deps.events,
    mailer,
    providers: paymentProvidersFor(deps),
    recorder: new OrderRecorder(deps.db),
    settings: (siteId, version) => checkoutSettings.get(siteId, version),
    draftItemIds: (siteId, version) => draftProducts.get(siteId, version),
    ownerEmails: (siteId) => cachedOwnerEmails(deps, siteId),
    signFileUrl: signedFileUrl,
    // Issue 15: discounts and gift cards (adjustments.ts).
    discounts: discountResolver(deps.db, deps.caches),
    giftCards: giftCardResolver({ db: deps.db, now: deps.now, mailer }),
    ...(log ? { log } : {}),
  };
  made.set(deps, orders);
  return orders;
}
