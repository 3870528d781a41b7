import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { newPage } from './browser.js';

/** The demo store's pages in Chromium: no console errors, no failed requests, stable layout. */
describe('storefront pages in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  async function visit(path: string) {
    const { page, errors, failed, context } = await newPage(browser, {
      viewport: { width: 1280, height: 900 },
    });
    // Layout shifts reported while the page loads and islands hydrate. Shifts inside the form
    // islands are the forms part's to measure (their styles arrive with hydration), not the theme's.
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      const own = '[data-island="form-block"], [data-island="newsletter-block"]';
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (e.hadRecentInput) continue;
          const nodes = (e.sources ?? []).map((x) => x.node).filter(Boolean) as Node[];
          const inForms =
            nodes.length > 0 &&
            nodes.every((n) => (n instanceof Element ? n : n.parentElement)?.closest(own));
          if (!inForms) w.__cls += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const res = await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    return { page, errors, failed, context, status: res?.status() };
  }

  for (const path of ['/', '/shop', '/blog', '/gallery', '/events', '/contact', '/cart']) {
    it(`renders ${path} cleanly`, async () => {
      const { page, errors, failed, context, status } = await visit(path);
      expect(status).toBe(200);
      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
      expect(await page.locator('h1').count()).toBe(1);
      for (const landmark of ['header', 'nav', 'main', 'footer']) {
        expect(await page.locator(landmark).count(), landmark).toBeGreaterThan(0);
      }
      const imgs = await page.$$eval('img', (list) =>
        list.map((i) => ({
          alt: i.getAttribute('alt'),
          w: i.getAttribute('width'),
          h: i.getAttribute('height'),
          ok: i.complete ? i.naturalWidth > 0 || i.loading === 'lazy' : true,
        })),
      );
      for (const img of imgs) {
        expect(img.alt).not.toBeNull();
        expect(Number(img.w)).toBeGreaterThan(0);
        expect(Number(img.h)).toBeGreaterThan(0);
      }
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls).toBeLessThan(0.05);
      await context.close();
    });
  }

  it('shows a product page with its price and product form', async () => {
    const { page, errors, failed, context } = await visit('/shop');
    const href = await page.locator('.product-card-link').first().getAttribute('href');
    expect(href).toMatch(/^\/shop\/p\//);
    await page.goto(`${server.url}${href}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    expect(
      await page.locator('[data-island="product-form"], .product-price').count(),
    ).toBeGreaterThan(0);
    expect(await page.locator('img[fetchpriority="high"]').count()).toBe(1);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });

  it('answers unknown paths with the 404 page the owner edited (the demo 404 row)', async () => {
    const { page, errors, context, status } = await visit('/no-such-page');
    expect(status).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('This page wandered off');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders the Japanese store in yen', async () => {
    const jp = await newPage(browser);
    const url = server.url.replace('localhost', 'jp.localhost');
    const res = await jp.page.goto(`${url}/shop`, { waitUntil: 'load' });
    await jp.page.waitForLoadState('networkidle');
    expect(res?.status()).toBe(200);
    expect(await jp.page.locator('html').getAttribute('lang')).toBe('ja-JP');
    expect(await jp.page.locator('main').textContent()).toMatch(/[￥¥]/);
    expect(jp.errors).toEqual([]);
    expect(jp.failed).toEqual([]);
    await jp.context.close();
  });
});
