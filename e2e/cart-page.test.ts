import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { newPage } from './browser.js';

/** Demo products (demo/demo-store.json). */
const TIDEPOOL = { itemId: 'demo-tidepool-mug', sku: 'SM-MUG-TIDE' }; // $38.00, Glaze: Tidepool
const CANDLE = { itemId: 'demo-candle', sku: 'SM-CANDLE-CEDAR' }; // $28.00, unlimited

const CART = '[data-island="cart-page"]';
const row = (title: string) => `${CART} tr:has(.ci-title:text-is("${title}"))`;

async function addToCart(
  page: Page,
  item: { itemId: string; sku: string },
  quantity: number,
): Promise<number> {
  return page.evaluate(
    async ({ item, quantity }) => {
      const m = /(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie);
      const res = await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-CSRF-Token': m ? decodeURIComponent(m[1]!) : '',
        },
        body: JSON.stringify({ ...item, quantity, additionalFields: null }),
      });
      return res.status;
    },
    { item, quantity },
  );
}

async function openCart(page: Page): Promise<void> {
  await page.goto('/cart');
  await page.waitForSelector(`${CART}[data-hydrated="true"]`, { state: 'attached' });
  await page.waitForSelector(`${CART} section:not([aria-busy])`);
}

const subtotal = (page: Page) => page.textContent(`${CART} .ci-subtotal strong`);
const alertText = (page: Page) => page.textContent(`${CART} [role=alert]`);
const indicatorCount = (page: Page) =>
  page.getAttribute('[data-island="cart-indicator"] [data-count]', 'data-count');

describe('cart page in the browser (SPEC 2, 8.3)', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it('says the cart is empty when there is none', async () => {
    const { page, context, errors } = await newPage(browser, { baseURL: server.url });
    await openCart(page);
    expect(await page.textContent(CART)).toContain('You have nothing in your shopping cart.');
    expect(await page.$(`${CART} .ci-checkout`)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists entries, changes quantities, reports failures, and removes entries', async () => {
    const { page, context, errors } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    expect(await addToCart(page, TIDEPOOL, 1)).toBe(200);
    expect(await addToCart(page, CANDLE, 2)).toBe(200);
    await openCart(page);

    expect(await page.$$(`${CART} tbody tr`)).toHaveLength(2);
    expect(await page.textContent(row('Tidepool Mug'))).toContain('Glaze: Tidepool');
    expect(await subtotal(page)).toBe('$94.00');
    const candleQty = `${row('Salt & Cedar Candle')} input[type=number]`;
    expect(await page.inputValue(candleQty)).toBe('2');
    expect(await page.getAttribute(candleQty, 'min')).toBe('1');
    expect(await page.getAttribute(candleQty, 'max')).toBe('9999');

    // A change is sent on blur; subtotal and the indicator follow.
    await page.fill(candleQty, '3');
    await page.press(candleQty, 'Tab');
    await expect.poll(() => subtotal(page)).toBe('$122.00');
    expect(await page.textContent(`${row('Salt & Cedar Candle')} .ci-num`)).toBe('$84.00');
    await expect.poll(() => indicatorCount(page)).toBe('4');
    // Tab moved from the quantity to the same row's remove button: a real, reachable button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Remove Salt & Cedar Candle',
    );

    // Out of range: refused in the page, the old quantity comes back.
    await page.fill(candleQty, '0');
    await page.press(candleQty, 'Enter');
    await expect.poll(() => alertText(page)).toContain('Unable to update quantity');
    expect(await alertText(page)).toContain('Quantity must be between 1 and 9999.');
    await expect.poll(() => page.inputValue(candleQty)).toBe('3');

    // No answer from the network: SPEC 8.3 title and detail, quantity unchanged.
    await page.route('**/api/commerce/shopping-cart/entries/*/quantity', (r) => r.abort());
    await page.fill(candleQty, '5');
    await page.press(candleQty, 'Enter');
    await expect
      .poll(() => alertText(page))
      .toBe('Unable to update quantity Please check your internet connection.');
    await expect.poll(() => page.inputValue(candleQty)).toBe('3');
    expect(await subtotal(page)).toBe('$122.00');
    await page.unroute('**/api/commerce/shopping-cart/entries/*/quantity');

    // A server fault on removal: 'Please try again.'
    await page.route('**/api/commerce/shopping-cart/entries/*', (r) =>
      r.request().method() === 'DELETE'
        ? r.fulfill({ status: 500, json: { message: 'Something went wrong' } })
        : r.fallback(),
    );
    await page.click(`${row('Tidepool Mug')} button.ci-remove`);
    await expect.poll(() => alertText(page)).toBe('Unable to remove item Please try again.');
    expect(await page.$$(`${CART} tbody tr`)).toHaveLength(2);
    await page.unroute('**/api/commerce/shopping-cart/entries/*');

    // Removal, by keyboard.
    await page.focus(`${row('Tidepool Mug')} button.ci-remove`);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await page.$$(`${CART} tbody tr`)).length).toBe(1);
    expect(await alertText(page)).toBe('');
    expect(await subtotal(page)).toBe('$84.00');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.ci-cart'))).toBe(true);

    await page.click(`${row('Salt & Cedar Candle')} button.ci-remove`);
    await expect
      .poll(() => page.textContent(CART))
      .toContain('You have nothing in your shopping cart.');
    await expect.poll(() => indicatorCount(page)).toBe('0');

    // Still right after a reload: the server has the same cart.
    await openCart(page);
    expect(await page.textContent(CART)).toContain('You have nothing in your shopping cart.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds checkout until the minimum order subtotal is met (JPY site, SPEC 8.3)', async () => {
    const { page, context, errors } = await newPage(browser, {
      baseURL: `http://jp.localhost:${server.port}`,
    });
    await page.goto('/');
    expect(await addToCart(page, { itemId: 'jp-sencha', sku: 'KW-SENCHA-50' }, 1)).toBe(200);
    await openCart(page);
    expect(await subtotal(page)).toMatch(/^[¥￥]864$/);
    expect(await page.textContent(`${CART} .ci-minimum`)).toMatch(
      /^To check out, your order subtotal must be [¥￥]3,000 or more\.$/,
    );
    expect(await page.isDisabled(`${CART} button.ci-checkout`)).toBe(true);

    const qty = `${CART} input[type=number]`;
    await page.fill(qty, '4');
    await page.press(qty, 'Enter');
    await expect.poll(() => subtotal(page)).toMatch(/^[¥￥]3,456$/);
    expect(await page.$(`${CART} .ci-minimum`)).toBeNull();
    expect(await page.isDisabled(`${CART} button.ci-checkout`)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checkout goes to /commerce/goto-checkout', async () => {
    const { page, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await addToCart(page, CANDLE, 1);
    await openCart(page);
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/commerce/goto-checkout'),
      page.click(`${CART} button.ci-checkout`),
    ]);
    expect(request.method()).toBe('GET');
    await context.close();
  });
});
