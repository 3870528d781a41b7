import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { cartCount, chooseOption, hydrated } from './product-islands-helpers.js';
import { startServer, type RunningServer } from './server.js';
import { LIST_LINKS, smallTapTargets } from './tap-targets.js';

/**
 * The demo website on the Folio theme, in Chromium: the phone menu, adding to the cart from a
 * product page, the cart page. The demo is seeded on a first start, its theme switched in the
 * stopped server's PGlite folder, then the server starts again on it.
 */
describe('the folio theme in the browser', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-folio-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const first = await startServer({}, { dataDir });
    await first.stop();
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await pglite.query(`UPDATE sites SET theme = 'folio' WHERE id = 'site-demo'`);
    } finally {
      await pglite.close();
    }
    server = await startServer({}, { dataDir });
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the phone menu and adds a product to the cart', async () => {
    const context = await browser!.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server!.url}/`, { waitUntil: 'load' });
      await expect.poll(() => page.locator('body.folio').count()).toBe(1);
      // The desktop navigation gives way to the menu on phones.
      expect(await page.locator('.masthead-nav').isVisible()).toBe(false);
      await page.locator('details.mobile-menu > summary').click();
      const journal = page.locator('#mobile-nav a', { hasText: 'Journal' });
      await expect.poll(() => journal.isVisible()).toBe(true);
      await journal.click();
      await page.waitForURL(/\/blog$/);
      expect(await page.locator('.journal-entry.is-lead').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );

      await page.goto(`${server!.url}/shop/p/tidepool-mug`, { waitUntil: 'load' });
      await hydrated(page, '[data-island="product-form"]');
      const form = page.locator('[data-island="product-form"]').first();
      // The glaze is a row of colour swatches (drawn by this theme's CSS too).
      await chooseOption(form, 'Glaze', 'Tidepool');
      await form.locator('button.pi-button').click();
      await expect.poll(() => cartCount(page), { timeout: 30_000 }).toBe(1);
      expect(await page.locator('.masthead .header-cart .ci-indicator').isVisible()).toBe(true);

      await page.goto(`${server!.url}/cart`, { waitUntil: 'load' });
      await expect
        .poll(() => page.locator('.cart-page').innerText(), { timeout: 30_000 })
        .toContain('Tidepool Mug');
    } finally {
      await context.close();
    }
  });

  it("the phone menu is the default theme's: aria-expanded, a focus trap, Escape and a tap outside close it", async () => {
    const context = await browser!.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server!.url}/events`, { waitUntil: 'load' });
      const button = page.locator('details.mobile-menu > summary');
      expect(await button.getAttribute('aria-controls')).toBe('mobile-nav');
      expect(await button.getAttribute('aria-label')).toBe('Menu');
      await expect
        .poll(() => button.getAttribute('aria-expanded'), { timeout: 30_000 })
        .toBe('false');
      await button.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      const links = page.locator('#mobile-nav a');
      const titles = (await links.allTextContents()).map((t) => t.trim());
      // The navigation and the account (customer accounts are on in the demo).
      expect(titles).toEqual(expect.arrayContaining(['Journal', 'Account']));
      for (const box of await links.evaluateAll((as) =>
        as.map((a) => a.getBoundingClientRect().toJSON() as DOMRect),
      )) {
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
      // Tab wraps from the last link back to the button.
      for (let i = 0; i < titles.length; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
        titles[titles.length - 1],
      );
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
      await page.keyboard.press('Escape');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
      // The panel covers the page under the masthead: a tap on the masthead (not on its title
      // link, which starts below the masthead's top padding) closes it.
      await button.click();
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      expect(
        await page.evaluate(() => document.elementFromPoint(120, 4)?.closest('a, details')),
      ).toBeNull();
      await page.mouse.click(120, 4);
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(new URL(page.url()).pathname).toBe('/events');
    } finally {
      await context.close();
    }
  });

  for (const width of [390, 1440]) {
    it(`keeps the masthead, its cart and account links in view on scroll at ${width} px`, async () => {
      const context = await browser!.newContext({ viewport: { width, height: 800 } });
      try {
        const page = await context.newPage();
        await page.goto(`${server!.url}/blog/a-morning-at-the-marsh`, { waitUntil: 'load' });
        const masthead = page.locator('.masthead');
        const before = await masthead.boundingBox();
        await page.mouse.wheel(0, 1500);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
        const after = await masthead.boundingBox();
        expect(after?.y).toBe(0);
        expect(after?.height).toBe(before?.height);
        const cart = page.locator('.masthead .header-cart-link');
        expect(await cart.isVisible()).toBe(true);
        expect(await cart.getAttribute('href')).toBe('/cart');
        // The account icon beside the cart on desktops; on phones it is in the menu instead.
        const account = page.locator('.masthead .header-account');
        expect(await account.isVisible()).toBe(width > 390);
        if (width > 390) {
          const box = (await account.boundingBox())!;
          expect(box.width).toBeGreaterThanOrEqual(44);
          expect(box.height).toBeGreaterThanOrEqual(44);
        }
        // The theme's height variable matches the masthead (sticky panels and scroll padding).
        const headerHeight = await page.evaluate(() => {
          const probe = document.createElement('div');
          probe.style.height = 'var(--header-height)';
          document.body.append(probe);
          const h = probe.getBoundingClientRect().height;
          probe.remove();
          return h;
        });
        expect(Math.abs(headerHeight - after!.height)).toBeLessThanOrEqual(4);
      } finally {
        await context.close();
      }
    });
  }

  it('lists upcoming events first and the past ones under a "Past events" heading', async () => {
    const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server!.url}/events`, { waitUntil: 'load' });
      const headings = (await page.locator('main h2.agenda-heading').allTextContents()).map((t) =>
        t.trim(),
      );
      expect(headings).toEqual(['Upcoming events', 'Past events']);
      const upcoming = await page.locator('ol[aria-labelledby="events-upcoming"] > li').count();
      const past = await page.locator('ol[aria-labelledby="events-past"] > li').count();
      expect(upcoming).toBeGreaterThan(0);
      expect(past).toBeGreaterThan(0);
      // The past list comes after the upcoming one, and its pictures wait until scrolled to.
      const order = await page.evaluate(() => {
        const up = document.getElementById('events-upcoming')!;
        const past = document.getElementById('events-past')!;
        return up.compareDocumentPosition(past) & Node.DOCUMENT_POSITION_FOLLOWING;
      });
      expect(order).toBeTruthy();
      expect(
        await page
          .locator('ol[aria-labelledby="events-past"] img')
          .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('loading'))),
      ).not.toContain('eager');
    } finally {
      await context.close();
    }
  });

  it('list links are tap targets of at least 44 px at 390 px', async () => {
    const context = await browser!.newContext({ viewport: { width: 390, height: 800 } });
    try {
      const page = await context.newPage();
      expect(await smallTapTargets(page, server!.url, LIST_LINKS.folio)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
