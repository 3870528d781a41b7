import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { cartCount, chooseOption, hydrated } from './product-islands-helpers.js';
import { startServer, type RunningServer } from './server.js';

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
      await page.locator('.menu summary').click();
      const journal = page.locator('.menu-panel a', { hasText: 'Journal' });
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
      expect(await page.locator('.masthead-cart .ci-indicator').isVisible()).toBe(true);

      await page.goto(`${server!.url}/cart`, { waitUntil: 'load' });
      await expect
        .poll(() => page.locator('.cart-page').innerText(), { timeout: 30_000 })
        .toContain('Tidepool Mug');
    } finally {
      await context.close();
    }
  });
});
