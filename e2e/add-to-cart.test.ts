import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { orderedOptions, unselectedOptionsMessage } from '../src/shared/product/rules.js';
import type { ProductItemJson, VariantJson } from '../src/shared/product/types.js';
import { launchBrowser, newPage } from './browser.js';
import {
  activeInside,
  cartCount,
  chooseOption,
  hydrated,
  pick,
  shopProducts,
} from './product-islands-helpers.js';
import { startServer, type RunningServer } from './server.js';

const inStock = (v: VariantJson) => v.unlimited || v.qtyInStock > 1;
const plainPhysical = (p: ProductItemJson) =>
  p.structuredContent.productType === 1 &&
  !p.structuredContent.isSubscribable &&
  !p.structuredContent.additionalFieldsFormId;

/**
 * Fakes the page's timers from now on, paused, so only runFor moves them. Installed after
 * hydration: the islands' own timers start at the click, and hydration needs no fake time.
 */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.install({ time: now });
  // A busy machine can take more than a few ms between the two calls: pause well ahead.
  await page.clock.pauseAt(now + 2000);
}

describe('add to cart in the browser (SPEC 4.1, 5.1, 2.2)', () => {
  let server: RunningServer;
  let browser: Browser;
  let products: ProductItemJson[];
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    products = await shopProducts(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a product with variants from its page: messages, Adding…, Added!, cart count', async () => {
    const product = pick(
      products,
      'physical with two or more options',
      (p) => plainPhysical(p) && orderedOptions(p.structuredContent).length >= 2,
    );
    const options = orderedOptions(product.structuredContent);
    const target = product.structuredContent.variants.find(inStock)!;
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}${product.fullUrl}`);
    await hydrated(page, '[data-island="product-form"]');
    const form = page.locator('[data-island="product-form"]');
    const button = form.locator('button.pi-button');
    const dialog = page.locator('[role="alertdialog"]');

    // Nothing chosen: Adding… at once (SPEC 4.1, validation failures too), every option named in
    // the alert, in display order; the button is idle again 1 s later.
    await button.click();
    expect(await button.textContent()).toBe('Adding…');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('h2').textContent()).toBe('Unable to Add Item');
    expect(await dialog.locator('p').textContent()).toBe(
      unselectedOptionsMessage(options.map((o) => o.name)),
    );
    // Focus moved into the dialog; Escape closes it and focus returns to the button.
    expect(await activeInside(page, '[role="alertdialog"]')).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    await expect.poll(() => button.textContent()).toBe('Add To Cart');

    // One option chosen: the rest named.
    await chooseOption(form, options[0]!.name, target.attributes[options[0]!.name]!);
    await button.click();
    expect(await button.textContent()).toBe('Adding…');
    expect(await dialog.locator('p').textContent()).toBe(
      unselectedOptionsMessage(options.slice(1).map((o) => o.name)),
    );
    await dialog.locator('button', { hasText: 'OK' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => button.textContent()).toBe('Add To Cart');

    for (const o of options.slice(1)) {
      await chooseOption(form, o.name, target.attributes[o.name]!);
    }
    const before = await cartCount(page);
    await button.click();
    expect(await button.textContent()).toBe('Adding…');
    await expect.poll(() => button.textContent(), { timeout: 5000 }).toBe('Added!');
    await expect.poll(() => cartCount(page)).toBe(before + 1);
    // Back to the idle label 2 s later.
    await expect.poll(() => button.textContent(), { timeout: 5000 }).toBe('Add To Cart');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a tap on Add To Cart made before the island is live, and adds once it is', async () => {
    const product = pick(
      products,
      'physical with one variant in stock',
      (p) =>
        plainPhysical(p) &&
        p.structuredContent.variants.length === 1 &&
        inStock(p.structuredContent.variants[0]!),
    );
    const { page, errors, context } = await newPage(browser);
    // Hold the hydrator's chunk: until it is released every island is server HTML only.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/hydrate-island-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}${product.fullUrl}`);
    // The page's own form (add-on products below it are product forms too).
    const form = page.locator('[data-island="product-form"]').first();
    await form.locator('button.pi-button').click();
    expect(await form.getAttribute('data-hydrated')).toBeNull();
    expect(await cartCount(page)).toBe(0);

    release();
    await expect.poll(() => form.getAttribute('data-hydrated'), { timeout: 30_000 }).toBe('true');
    await expect.poll(() => cartCount(page), { timeout: 30_000 }).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('list grid: Adding…, then Added! with the popover after 1 s, gone after 3000 ms', async () => {
    const single = pick(
      products,
      'a single-variant physical product in stock',
      (p) =>
        plainPhysical(p) &&
        p.structuredContent.variants.length === 1 &&
        inStock(p.structuredContent.variants[0]!),
    );
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/shop`);
    const grid = `[data-island="grid-add-button"]:has([data-product-id="${single.id}"])`;
    await page.locator(grid).scrollIntoViewIfNeeded();
    await hydrated(page, grid);
    await pauseClock(page);
    const button = page.locator(`${grid} button.pi-button`);
    const added = page.waitForResponse((r) =>
      r.url().includes('/api/commerce/shopping-cart/entries'),
    );
    await button.click();
    expect(await button.textContent()).toBe('Adding…');
    expect((await added).status()).toBe(200);
    await page.waitForTimeout(50);
    await page.clock.runFor(999);
    expect(await button.textContent()).toBe('Adding…');
    await page.clock.runFor(1);
    expect(await button.textContent()).toBe('Added!');
    const popover = page.locator('[data-testid="added-popover"]');
    expect(await popover.textContent()).toContain(`${single.title} was added to your cart.`);
    await page.clock.runFor(2000);
    expect(await button.textContent()).toBe('Add To Cart');
    await page.clock.runFor(999);
    expect(await popover.count()).toBe(1);
    await page.clock.runFor(1);
    expect(await popover.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('list grid: a product with options shows Adding…, then flags Select Option for 2 s, no dialog', async () => {
    const multi = pick(
      products,
      'with variants',
      (p) => plainPhysical(p) && p.structuredContent.variants.length > 1,
    );
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/shop`);
    const grid = `[data-island="grid-add-button"]:has([data-product-id="${multi.id}"])`;
    await page.locator(grid).scrollIntoViewIfNeeded();
    await hydrated(page, grid);
    await pauseClock(page);
    const button = page.locator(`${grid} button.pi-button`);
    const live = page.locator(`${grid} [role="status"][aria-live="polite"]`);
    await button.click();
    // SPEC 4.1: Adding… at once, idle (here: the Select Option flag, SPEC 5.1) after 1 s.
    expect(await button.textContent()).toBe('Adding…');
    await page.clock.runFor(999);
    expect(await button.textContent()).toBe('Adding…');
    await page.clock.runFor(1);
    expect(await button.textContent()).toBe('Select Option');
    expect(await button.getAttribute('data-flagged')).toBe('true');
    // Screen readers hear the flag, the only error a grid button shows.
    expect(await live.textContent()).toBe('Select Option');
    expect(await page.locator('[role="alertdialog"]').count()).toBe(0);
    await page.clock.runFor(1999);
    expect(await button.textContent()).toBe('Select Option');
    await page.clock.runFor(1);
    expect(await button.textContent()).toBe('Add To Cart');
    expect(await live.textContent()).toBe('');
    await context.close();
  });

  it('adds from the quick view; Escape closes it and focus returns to the trigger', async () => {
    const multi = pick(
      products,
      'physical with options',
      (p) =>
        plainPhysical(p) &&
        orderedOptions(p.structuredContent).length >= 1 &&
        p.structuredContent.variants.some(inStock),
    );
    const target = multi.structuredContent.variants.find(inStock)!;
    const { page, errors, context } = await newPage(browser);
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') chunks.push(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/shop`);
    const qv = `[data-island="quick-view"]:has([data-product-id="${multi.id}"])`;
    await page.locator(qv).scrollIntoViewIfNeeded();
    await hydrated(page, qv);
    // The list page has not fetched the product form: the quick view does, when used.
    expect(chunks.filter((c) => c.includes('/product-form-'))).toEqual([]);
    const trigger = page.locator(`${qv} button.pi-quick-view-trigger`);
    await trigger.click();
    const dialog = page.locator('[role="dialog"].pi-quick-view-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await activeInside(page, '.pi-quick-view-dialog')).toBe(true);
    for (const o of orderedOptions(multi.structuredContent)) {
      await chooseOption(dialog, o.name, target.attributes[o.name]!);
    }
    const before = await cartCount(page);
    await dialog.locator('button.pi-button').click();
    await expect
      .poll(() => dialog.locator('button.pi-button').textContent(), { timeout: 5000 })
      .toBe('Added!');
    await expect.poll(() => cartCount(page)).toBe(before + 1);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => trigger.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the quick view closes on a click outside its box, focus back on the trigger', async () => {
    const product = pick(products, 'physical', plainPhysical);
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/shop`);
    const qv = `[data-island="quick-view"]:has([data-product-id="${product.id}"])`;
    await page.locator(qv).scrollIntoViewIfNeeded();
    await hydrated(page, qv);
    const trigger = page.locator(`${qv} button.pi-quick-view-trigger`);
    const dialog = page.locator('[role="dialog"].pi-quick-view-dialog');
    await trigger.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // A click inside the box keeps it open…
    const box = (await dialog.boundingBox())!;
    await page.mouse.click(box.x + 5, box.y + 5);
    expect(await dialog.isVisible()).toBe(true);
    // …one on the dimmed area around it closes it.
    await page.mouse.click(3, 3);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => trigger.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
