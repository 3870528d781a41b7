import type { Config } from '../config.js';
import type { Db } from '../db/database.js';

/** Creates the demo websites, their content, products and images (the demo helper fills this). */
export async function loadDemoSites(opts: {
  db: Db;
  config: Config;
  say: (m: string) => void;
}): Promise<void> {
  const { db } = opts;
  const settings = (currency: string, timeZone: string) => ({
    websiteSettings: {
      timeZone,
      commentsEnabled: true,
      simpleLikingEnabled: true,
      shareButtonOptions: {},
      storeSettings: {
        multipleQuantityAllowedForServices: true,
        minimumOrderSubtotalCents: 0,
        currencyCode: currency,
      },
      captchaSettings: { provider: 'altcha' as const },
    },
    navigation: [],
  });
  await db
    .insertInto('sites')
    .values([
      {
        id: 'site-demo',
        slug: 'demo',
        domain: null,
        title: 'Demo',
        language: 'en-US',
        currency: 'USD',
        settings: JSON.stringify(settings('USD', 'America/New_York')) as never,
      },
      {
        id: 'site-jp',
        slug: 'jp',
        domain: null,
        title: 'Demo JP',
        language: 'ja-JP',
        currency: 'JPY',
        settings: JSON.stringify(settings('JPY', 'Asia/Tokyo')) as never,
      },
    ])
    .execute();
}
