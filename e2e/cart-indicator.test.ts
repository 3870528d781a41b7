import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { chromium } from 'playwright-core';
import { addToCartByApi, chromePath, newPage } from './browser.js';

/** Demo products (demo/demo-store.json): unlimited stock, and 240 in stock. */
const CANDLE = { itemId: 'demo-candle', sku: 'SM-CANDLE-CEDAR' }; // $28.00
const SECONDS_MUG = { itemId: 'demo-seconds-mug', sku: 'SM-MUG-SECONDS' }; // $18.00

const INDICATOR = '[data-island="cart-indicator"]';
const LINK = `${INDICATOR} a`;

/** Adds through the real cart API from inside the page, with the page's crumb. */
async function addToCart(
  page: Page,
  item: { itemId: string; sku: string },
  quantity: number,
): Promise<number> {
  return addToCartByApi(page, { ...item, quantity, additionalFields: null });
}

async function ready(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  // Generous: the first page of a fresh server renders its images and fills the page cache.
  await page.waitForSelector(`${INDICATOR}[data-hydrated="true"]`, {
    state: 'attached',
    timeout: 60_000,
  });
}

const shown = (page: Page) => page.$eval(LINK, (a) => getComputedStyle(a).visibility);
const countText = (page: Page) => page.textContent(`${LINK} .ci-count`);

describe('cart indicator in the browser (SPEC 2.2, 4.2, 9.1)', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  async function visitor(): Promise<{
    page: Page;
    context: BrowserContext;
    errors: string[];
    cartGets: string[];
  }> {
    const { page, context, errors } = await newPage(browser, { baseURL: server.url });
    const cartGets: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/commerce/shopping-cart')
        cartGets.push(r.url());
    });
    return { page, context, errors, cartGets };
  }

  it('is hidden without a cart (nothing fetched), then shows count and subtotal, without layout shift', async () => {
    const { page, context, errors, cartGets } = await visitor();
    await ready(page);
    expect(await shown(page)).toBe('hidden');
    expect(await page.getAttribute(LINK, 'aria-hidden')).toBe('true');
    const before = await page.locator(LINK).boundingBox();
    expect(cartGets).toEqual([]);

    expect(await addToCart(page, CANDLE, 2)).toBe(200);
    await ready(page);
    await expect.poll(() => countText(page)).toBe('2');
    expect(await shown(page)).toBe('visible');
    await expect.poll(() => page.$eval(LINK, (a) => getComputedStyle(a).opacity)).toBe('1');
    expect(await page.textContent(`${LINK} .ci-label`)).toBe('2 items in cart');
    expect(await page.getAttribute(LINK, 'aria-hidden')).toBeNull();
    expect(await page.textContent(`${LINK} .ci-subtotal`)).toBe('$56.00');
    expect(cartGets).toHaveLength(1);
    // The box was reserved while hidden: showing it moves nothing vertically.
    const after = await page.locator(LINK).boundingBox();
    expect(after?.y).toBe(before?.y);
    expect(after?.height).toBe(before?.height);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows '100+' above 100 items, with the SPEC label, and one / other in between", async () => {
    const { page, context, errors } = await visitor();
    await ready(page);
    expect(await addToCart(page, SECONDS_MUG, 1)).toBe(200);
    await ready(page);
    await expect.poll(() => page.textContent(`${LINK} .ci-label`)).toBe('1 item in cart');
    expect(await addToCart(page, SECONDS_MUG, 100)).toBe(200);
    await ready(page);
    await expect.poll(() => countText(page)).toBe('100+');
    expect(await page.textContent(`${LINK} .ci-label`)).toBe('More than 100 items in cart');
    expect(await page.textContent(`${LINK} .ci-subtotal`)).toBe('$1,818.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes to /cart on click, and inside a frame moves only the frame', async () => {
    const { page, context, errors } = await visitor();
    await ready(page);
    await addToCart(page, CANDLE, 1);
    await ready(page);
    await expect.poll(() => countText(page)).toBe('1');
    await page.click(LINK);
    await page.waitForURL(/\/cart$/);

    await ready(page);
    await page.evaluate(() => {
      document.body.innerHTML = '<iframe name="embed" src="/" style="width:1000px;height:600px">';
    });
    const frame = (await (await page.waitForSelector('iframe[name=embed]')).contentFrame())!;
    await frame.waitForSelector(`${INDICATOR}[data-hydrated="true"]`, { state: 'attached' });
    await expect.poll(() => frame.textContent(`${LINK} .ci-count`)).toBe('1');
    const topUrl = page.url();
    await frame.click(LINK);
    await expect.poll(() => new URL(frame.url()).pathname).toBe('/cart');
    expect(page.url()).toBe(topUrl);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("follows another tab's change at once (BroadcastChannel)", async () => {
    const { page: a, context, errors } = await visitor();
    await ready(a);
    await addToCart(a, CANDLE, 1);
    const b = await context.newPage();
    await ready(b);
    await expect.poll(() => countText(b)).toBe('1');

    // Tab A changes the quantity on the cart page; tab B's indicator follows without a reload.
    await ready(a, '/cart');
    const qty = '[data-island="cart-page"] input[type=number]';
    await a.waitForSelector(qty);
    await a.fill(qty, '4');
    await a.press(qty, 'Enter');
    await expect.poll(() => countText(a)).toBe('4');
    await expect.poll(() => countText(b)).toBe('4');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is right again when a page comes back from the back/forward cache', async () => {
    // Playwright turns the back/forward cache off by default; this test needs it on.
    const bfBrowser = await chromium.launch({
      executablePath: chromePath(),
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const { page, errors } = await newPage(bfBrowser, { baseURL: server.url });
      await ready(page);
      await addToCart(page, CANDLE, 1);
      await ready(page);
      await expect.poll(() => countText(page)).toBe('1');
      await page.evaluate(() => Object.assign(window, { __leftAt: Date.now() }));

      // Elsewhere the cart changes behind the store's back (no tab message reaches a frozen page).
      await page.goto('/healthz');
      expect(await addToCart(page, CANDLE, 2)).toBe(200);
      await page.goBack({ waitUntil: 'commit' });
      // The very page came back (not a reload), and its pageshow asked for the cart again.
      await expect.poll(() => page.evaluate(() => '__leftAt' in window)).toBe(true);
      await expect.poll(() => countText(page)).toBe('3');
      expect(await page.textContent(`${LINK} .ci-label`)).toBe('3 items in cart');
      expect(errors).toEqual([]);
    } finally {
      await bfBrowser.close();
    }
  });
});
