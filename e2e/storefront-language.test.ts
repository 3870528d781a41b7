import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ProductItemJson } from '../src/shared/product/types.js';
import { launchBrowser, newPage } from './browser.js';
import { cartCount, hydrated } from './product-islands-helpers.js';
import { startServer, type RunningServer } from './server.js';

/**
 * The Japanese demo store (jp.localhost, site language ja-JP) speaks Japanese: theme chrome,
 * the product islands' labels and button states, the added-item popover and the cart indicator.
 */
describe('storefront texts in the site language (jp.localhost)', () => {
  let server: RunningServer;
  let browser: Browser;
  let jpUrl: string;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    jpUrl = server.url.replace('localhost', 'jp.localhost');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a product from the list grid: 追加中…, 追加しました, popover and cart count', async () => {
    const { page, errors, context } = await newPage(browser);
    // The product list by the page context, read through the browser (jp.localhost resolves there).
    await page.goto(`${jpUrl}/shop?format=json`);
    const items = (JSON.parse((await page.locator('body').textContent()) ?? '{}').items ??
      []) as ProductItemJson[];
    const single = items.find(
      (p) =>
        p.structuredContent?.productType === 1 &&
        !p.structuredContent.isSubscribable &&
        !p.structuredContent.additionalFieldsFormId &&
        p.structuredContent.variants.length === 1 &&
        (p.structuredContent.variants[0]!.unlimited ||
          p.structuredContent.variants[0]!.qtyInStock > 1),
    );
    if (!single) throw new Error('the jp demo shop has no single-variant physical product');

    await page.goto(`${jpUrl}/shop`);
    expect(await page.locator('html').getAttribute('lang')).toBe('ja-JP');
    expect(await page.locator('.skip-link').textContent()).toBe('本文へスキップ');
    const grid = `[data-island="grid-add-button"]:has([data-product-id="${single.id}"])`;
    await page.locator(grid).scrollIntoViewIfNeeded();
    await hydrated(page, grid);
    const button = page.locator(`${grid} button.pi-button`);
    // The hydrated label is the server's: no English slipped in on either side.
    expect(await button.textContent()).toBe('カートに追加');
    const qv = page.locator(
      `[data-island="quick-view"]:has([data-product-id="${single.id}"]) button`,
    );
    expect(await qv.first().textContent()).toBe('クイックビュー');

    const before = await cartCount(page);
    await button.click();
    expect(await button.textContent()).toBe('追加中…');
    await expect.poll(() => button.textContent(), { timeout: 5000 }).toBe('追加しました');
    const popover = page.locator('[data-testid="added-popover"]');
    expect(await popover.textContent()).toContain(`${single.title}をカートに追加しました。`);
    await expect.poll(() => cartCount(page)).toBe(before + 1);
    const indicator = page.locator('[data-island="cart-indicator"] a');
    await expect
      .poll(() => indicator.locator('.ci-label').textContent())
      .toBe(`カートに${before + 1}点の商品`);
    await expect.poll(() => button.textContent(), { timeout: 5000 }).toBe('カートに追加');
    expect(errors).toEqual([]);

    // The cart page in Japanese too.
    await page.goto(`${jpUrl}/cart`);
    expect(await page.locator('h1').textContent()).toBe('カート');
    await hydrated(page, '[data-island="cart-page"]');
    await expect.poll(() => page.locator('.ci-checkout').textContent()).toBe('ご購入手続きへ');
    expect(await page.locator('.ci-cart th').first().textContent()).toBe('商品');
    expect(errors).toEqual([]);
    await context.close();
  });
});
