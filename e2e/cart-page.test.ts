import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { addToCartByApi, newPage } from './browser.js';

/** Demo products (demo/demo-store.json). */
const TIDEPOOL = { itemId: 'demo-tidepool-mug', sku: 'SM-MUG-TIDE' }; // $38.00, Glaze: Tidepool
const CANDLE = { itemId: 'demo-candle', sku: 'SM-CANDLE-CEDAR' }; // $28.00, unlimited
/** Glaze Lab, $145.00; its booking form (form-product-custom) has every field type. */
const BOOKING = { itemId: 'demo-workshop-booking', sku: 'SM-WKSP-GLAZE' };

/** Answers to every field type of the workshop booking form (field id → value, SPEC 3.6 shapes). */
const answers = (message: string) => ({
  name: ['Ada', 'Lovelace'],
  email: 'ada@example.com',
  phone: ['', '555', '123', '4567'],
  address: ['1 Main St', '', 'Springfield', 'IL', '62701', 'US'],
  experience: 'A class or two',
  hand: 'Left',
  dietary: ['Vegan'],
  confidence: { 'Pulling walls': '2' },
  'collect-date': ['04', '12', '2027'],
  'collect-time': ['10', '30', '00', 'AM'],
  guest: 'Gift',
  message,
  source: 'newsletter',
});

const CART = '[data-island="cart-page"]';
const row = (title: string) => `${CART} tr:has(.ci-title:text-is("${title}"))`;

async function addToCart(
  page: Page,
  item: { itemId: string; sku: string },
  quantity: number,
  additionalFields: object | null = null,
): Promise<number> {
  return addToCartByApi(page, {
    ...item,
    quantity,
    additionalFields: additionalFields && JSON.stringify(additionalFields),
  });
}

async function openCart(page: Page): Promise<void> {
  await page.goto('/cart');
  await page.waitForSelector(`${CART}[data-hydrated="true"]`, { state: 'attached' });
  await page.waitForSelector(`${CART} section:not([aria-busy])`);
}

/** Collects SPEC 4.2's recalculate events on the page; `cartEvents` reads and clears them. */
async function recordCartEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { cartEvents: string[] };
    w.cartEvents = [];
    for (const type of ['cart:recalculate-start', 'cart:recalculate-end'])
      document.addEventListener(type, () => w.cartEvents.push(type));
  });
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

  it('edits a line’s custom-form answers: pre-filled form, recalculate events, failures', async () => {
    const { page, context, errors } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    expect(await addToCart(page, BOOKING, 1, answers('For Ada'))).toBe(200);
    expect(await addToCart(page, BOOKING, 1, answers('For Grace'))).toBe(200);
    await addToCart(page, CANDLE, 1);
    await openCart(page);
    await recordCartEvents(page);
    const cartEvents = () =>
      page.evaluate(() => (window as unknown as { cartEvents: string[] }).cartEvents.splice(0));

    const ada = `${CART} tbody tr:has-text("For Ada")`;
    const adaId = (await page.getAttribute(ada, 'data-entry-id'))!;
    const edit = `${CART} tr[data-entry-id="${adaId}"] button.ci-edit`;
    // Only lines with a form get the control.
    expect(await page.$$(`${CART} button.ci-edit`)).toHaveLength(2);
    expect(await page.$(`${row('Salt & Cedar Candle')} button.ci-edit`)).toBeNull();
    expect(await subtotal(page)).toBe('$318.00');

    // Opened by keyboard, pre-filled with every answer.
    await page.focus(edit);
    await page.keyboard.press('Enter');
    const form = page.locator('[data-testid="custom-form"]');
    await form.waitFor();
    expect(await form.locator('[data-part="First"]').inputValue()).toBe('Ada');
    expect(await form.locator('[data-part="Areacode"]').inputValue()).toBe('555');
    expect(await form.locator('[data-part="Zip"]').inputValue()).toBe('62701');
    expect(await form.locator('[data-part="Ampm"]').inputValue()).toBe('AM');
    expect(await form.locator('input[type=email]').inputValue()).toBe('ada@example.com');
    expect(await form.locator('select').inputValue()).toBe('A class or two');
    expect(await form.locator('input[type=radio][value="Left"]').isChecked()).toBe(true);
    expect(await form.locator('input[type=checkbox][value="Vegan"]').isChecked()).toBe(true);
    expect(await form.locator('input[type=checkbox][value="Nut allergy"]').isChecked()).toBe(false);
    // Likert: the answered question only.
    const strongly = form.locator('input[type=radio][value="2"]');
    expect([
      await strongly.nth(0).isChecked(),
      await strongly.nth(1).isChecked(),
      await strongly.nth(2).isChecked(),
    ]).toEqual([false, true, false]);
    expect(await form.locator('textarea').inputValue()).toBe('For Ada');
    expect(await cartEvents()).toEqual([]);

    await form.locator('textarea').fill('For Ada & Bob');
    await form.locator('button[type=submit]').click();
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => page.textContent(ada)).toContain('For Ada & Bob');
    expect(await cartEvents()).toEqual(['cart:recalculate-start', 'cart:recalculate-end']);
    expect(await subtotal(page)).toBe('$318.00');
    expect(await alertText(page)).toBe('');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('tr')?.dataset.entryId))
      .toBe(adaId);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('ci-edit');
    // The server has the new answers.
    await openCart(page);
    expect(await page.textContent(ada)).toContain('For Ada & Bob');

    // A server fault: the form stays open with what was typed, and both say what happened.
    await recordCartEvents(page); // the reload forgot the listeners
    await page.route('**/api/commerce/shopping-cart/entries/*/additionalFields', (r) =>
      r.request().method() === 'PUT'
        ? r.fulfill({ status: 500, json: { message: 'Something went wrong' } })
        : r.fallback(),
    );
    await page.click(edit);
    await form.waitFor();
    await form.locator('textarea').fill('For Charles');
    await form.locator('button[type=submit]').click();
    await expect.poll(() => alertText(page)).toBe('Unable to update form Please try again.');
    expect(await form.locator('[role=alert]').last().textContent()).toBe(
      'Unable to update form Please try again.',
    );
    expect(await form.locator('textarea').inputValue()).toBe('For Charles');
    expect(await cartEvents()).toEqual(['cart:recalculate-start', 'cart:recalculate-end']);
    await page.unroute('**/api/commerce/shopping-cart/entries/*/additionalFields');

    // No answer at all.
    await page.route('**/api/commerce/shopping-cart/entries/*/additionalFields', (r) =>
      r.request().method() === 'PUT' ? r.abort() : r.fallback(),
    );
    await form.locator('button[type=submit]').click();
    await expect
      .poll(() => alertText(page))
      .toBe('Unable to update form Please check your internet connection.');
    await page.unroute('**/api/commerce/shopping-cart/entries/*/additionalFields');
    // Escape closes it: nothing changed, focus back on Edit.
    await page.keyboard.press('Escape');
    await expect.poll(() => form.count()).toBe(0);
    expect(await page.textContent(ada)).toContain('For Ada & Bob');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('tr')?.dataset.entryId))
      .toBe(adaId);

    // The form cannot be found: SPEC 8.3 'Unable to open form', no dialog.
    await page.route('**/api/template/GetTemplateSchema*', (r) =>
      r.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
    );
    await page.click(edit);
    await expect.poll(() => alertText(page)).toBe('Unable to open form Please try again.');
    expect(await form.count()).toBe(0);
    await page.unroute('**/api/template/GetTemplateSchema*');

    // The same answers as the other line: the two become one line of 2.
    await page.click(edit);
    await form.waitFor();
    await form.locator('textarea').fill('For Grace');
    await form.locator('button[type=submit]').click();
    await expect.poll(async () => (await page.$$(`${CART} tbody tr`)).length).toBe(2);
    const grace = `${CART} tbody tr:has-text("For Grace")`;
    expect(await page.inputValue(`${grace} input[type=number]`)).toBe('2');
    expect(await subtotal(page)).toBe('$318.00');
    expect(await alertText(page)).toBe('');
    const graceId = await page.getAttribute(grace, 'data-entry-id');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('tr')?.dataset.entryId))
      .toBe(graceId);
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

  it('checkout goes to /checkout', async () => {
    const { page, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await addToCart(page, CANDLE, 1);
    await openCart(page);
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/checkout'),
      page.click(`${CART} button.ci-checkout`),
    ]);
    expect(request.method()).toBe('GET');
    await context.close();
  });
});
