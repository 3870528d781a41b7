import type { Site } from '../sites/site-queries.js';

/** The store settings the cart obeys (SPEC 3.3 StoreSettings), with safe defaults. */
export interface CartStore {
  siteId: string;
  /** The website's content version: products cached for it are current. */
  contentVersion: number;
  currency: string;
  /** `website.language`: texts the server words for the cart (discount labels) follow it. */
  language: string;
  /** SPEC 3.3: default true. */
  multipleQuantityAllowedForServices: boolean;
  /** SPEC 8.3 minimum order subtotal in minor units; 0 for none. */
  minimumOrderSubtotalCents: number;
}

export function storeOf(site: Site): CartStore {
  const settings = site.settings as Partial<Site['settings']> | string | null;
  const parsed = (typeof settings === 'string' ? JSON.parse(settings) : settings) as Partial<
    Site['settings']
  > | null;
  const store = parsed?.websiteSettings?.storeSettings;
  return {
    siteId: site.id,
    contentVersion: site.content_version,
    // The catalog prices in the site's currency column; follow it so amounts always agree.
    currency: site.currency || store?.currencyCode || 'USD',
    language: site.language,
    multipleQuantityAllowedForServices: store?.multipleQuantityAllowedForServices ?? true,
    minimumOrderSubtotalCents: store?.minimumOrderSubtotalCents ?? 0,
  };
}
