import type { Db } from '../db/database.js';
import type { SiteSettings } from '../sites/tables.js';

export interface TestSiteOptions {
  id: string;
  slug: string;
  title?: string;
  currency?: string;
  language?: string;
  domain?: string | null;
  /** storeSettings fields to change (SPEC 3.3). */
  store?: Partial<SiteSettings['websiteSettings']['storeSettings']>;
  captcha?: SiteSettings['websiteSettings']['captchaSettings'];
  /** Also add a products collection `{id}-shop` at /shop. */
  shop?: boolean;
}

/** The settings of a plain test website: US store, comments on, the built-in bot check. */
export function testSiteSettings(opts: Omit<TestSiteOptions, 'id' | 'slug'> = {}): SiteSettings {
  const currency = opts.currency ?? 'USD';
  return {
    navigation: [],
    websiteSettings: {
      timeZone: 'America/New_York',
      commentsEnabled: true,
      simpleLikingEnabled: true,
      shareButtonOptions: {},
      storeSettings: {
        multipleQuantityAllowedForServices: true,
        minimumOrderSubtotalCents: 0,
        currencyCode: currency,
        ...opts.store,
      },
      captchaSettings: opts.captcha ?? { provider: 'altcha' },
    },
  };
}

/** Inserts a website (and, with `shop`, its /shop collection) for a test. */
export async function insertTestSite(db: Db, opts: TestSiteOptions): Promise<void> {
  const currency = opts.currency ?? 'USD';
  await db
    .insertInto('sites')
    .values({
      id: opts.id,
      slug: opts.slug,
      domain: opts.domain ?? null,
      title: opts.title ?? opts.slug,
      currency,
      language: opts.language ?? (currency === 'JPY' ? 'ja-JP' : 'en-US'),
      settings: JSON.stringify(testSiteSettings(opts)) as never,
    })
    .execute();
  if (opts.shop) {
    await db
      .insertInto('collections')
      .values({
        id: `${opts.id}-shop`,
        site_id: opts.id,
        url_id: 'shop',
        title: 'Shop',
        type: 13,
        kind: 'products',
        folder_behavior: null,
        nav_index: 0,
        settings: '{}' as never,
      })
      .execute();
  }
}
