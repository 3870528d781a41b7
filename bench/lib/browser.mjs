// JS weight per page, measured in Chromium: every script the page loads, gzipped here.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

export function chromePath() {
  const p = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (x) => x && fs.existsSync(x),
  );
  if (!p) throw new Error('Chromium not found (apt-get install -y chromium, or CHROME_PATH)');
  return p;
}

export const chromeFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Each page is a path on `base`, or `{ key, base, path, cookies }`: another store (the Japanese
 * demo at jp.localhost) or a shopper's cookies (a cart: `cartCookies`), recorded under `key`.
 * `opts.cookies` (name → value) are set on the site before every page: the editor is measured as
 * the signed-in owner sees it.
 */
export async function benchJsWeight(base, paths, opts = {}) {
  const browser = await chromium.launch({ executablePath: chromePath(), args: chromeFlags });
  const out = {};
  try {
    for (const entry of paths) {
      const one = typeof entry === 'string' ? { key: entry, path: entry } : entry;
      const site = one.base ?? base;
      const path = one.path;
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
      });
      const cookies = { ...opts.cookies, ...one.cookies };
      if (Object.keys(cookies).length) {
        await context.addCookies(
          Object.entries(cookies).map(([name, value]) => ({ name, value, url: site })),
        );
      }
      const page = await context.newPage();
      const scripts = [];
      page.on('response', async (r) => {
        if (r.request().resourceType() === 'script') {
          try {
            scripts.push({ url: new URL(r.url()).pathname, body: await r.body() });
          } catch {
            /* a navigation may discard bodies */
          }
        }
      });
      await page.goto(`${site}${path}`, { waitUntil: 'load' });
      // Islands hydrate when idle/visible; telemetry loads after `load`. Give them time.
      await page.waitForTimeout(2500);
      const blocking = await page.evaluate(() =>
        [
          ...document.querySelectorAll(
            'head script[src]:not([async]):not([defer]):not([type=module])',
          ),
        ].map((s) => s.src),
      );
      const files = scripts.map((s) => ({
        url: s.url,
        bytes: s.body.length,
        gzip: zlib.gzipSync(s.body, { level: 9 }).length,
      }));
      out[one.key] = {
        files,
        totalGzip: files.reduce((a, f) => a + f.gzip, 0),
        renderBlockingScripts: blocking,
      };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/**
 * A shopper's cookies (crumb and cart) after one line was added to a cart on `base` through the
 * cart API, as a page's own script adds it: a physical product with one variant in stock, one-time
 * purchase, no form to fill in. For measuring /checkout as a shopper with a cart loads it.
 */
export async function cartCookies(base) {
  const browser = await chromium.launch({ executablePath: chromePath(), args: chromeFlags });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/shop`, { waitUntil: 'load' });
    const added = await page.evaluate(async () => {
      const shop = await (await fetch('/shop?format=json')).json();
      const item = (shop.items ?? []).find((i) => {
        const p = i.structuredContent;
        const v = p?.variants?.[0];
        return (
          p?.productType === 1 &&
          p.variants.length === 1 &&
          (v.unlimited || v.qtyInStock > 0) &&
          p.oneTimePurchaseAllowed !== false &&
          !p.additionalFieldsFormId
        );
      });
      if (!item) return 'no product in stock to add';
      const crumb = /(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie);
      const res = await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': crumb ? decodeURIComponent(crumb[1]) : '',
        },
        body: JSON.stringify({
          itemId: item.id,
          sku: item.structuredContent.variants[0].sku,
          quantity: 1,
        }),
      });
      return res.status === 200 ? '' : `add to cart: ${res.status} ${await res.text()}`;
    });
    if (added) throw new Error(`${base}: ${added}`);
    const jar = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    // `cart` is the cart cookie (src/shared/wire-names.ts CART_COOKIE).
    if (!jar.crumb || !jar.cart) throw new Error(`${base}: no cart cookie`);
    return jar;
  } finally {
    await browser.close();
  }
}
