import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { newPage } from './browser.js';
import { hydrated } from './product-islands-helpers.js';

/** Demo products (demo/demo-store.json). */
const TIDEPOOL = { itemId: 'demo-tidepool-mug', sku: 'SM-MUG-TIDE' }; // $38.00
const CANDLE = { itemId: 'demo-candle', sku: 'SM-CANDLE-CEDAR' }; // $28.00, unlimited
const OATMEAL = { itemId: 'demo-tidepool-mug', sku: 'SM-MUG-OAT' }; // 2 in stock
const EBOOK = { itemId: 'demo-glaze-notebook', sku: 'SM-EBOOK-GLAZE' }; // digital

const CHECKOUT = '[data-island="checkout-page"]';

async function addToCart(page: Page, item: { itemId: string; sku: string }, quantity = 1) {
  const status = await page.evaluate(
    async ({ item, quantity }) => {
      const m = /(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie);
      const res = await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-CSRF-Token': m ? decodeURIComponent(m[1]!) : '',
        },
        body: JSON.stringify({ ...item, quantity }),
      });
      return res.status;
    },
    { item, quantity },
  );
  expect(status).toBe(200);
}

async function openCheckout(page: Page): Promise<void> {
  await page.goto('/cart');
  await hydrated(page, '[data-island="cart-page"]');
  await page.locator('button.ci-checkout').click();
  await page.waitForURL((u) => u.pathname === '/checkout');
  await hydrated(page, CHECKOUT);
  await page.getByLabel('Email', { exact: true }).waitFor();
}

const continueButton = (page: Page) =>
  page.locator(`${CHECKOUT} .co-step[data-state="current"] button[type="submit"]`);

async function fillContact(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await continueButton(page).click();
}

async function fillAddress(page: Page, zip = '10001'): Promise<void> {
  await page.getByLabel('First Name', { exact: true }).fill('Ada');
  await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
  await page.getByLabel('Address', { exact: true }).fill('1 Main St');
  await page.getByLabel('City', { exact: true }).fill('New York');
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByLabel('State', { exact: true }).fill('NY');
  await page.getByLabel('ZIP Code', { exact: true }).fill(zip);
  await page.getByLabel('Phone', { exact: true }).fill('555 0100');
  await continueButton(page).click();
}

async function chooseShippingAndPay(page: Page, card: string): Promise<void> {
  await page
    .locator(`${CHECKOUT} .co-step[data-step="delivery"] input[type=radio]`)
    .first()
    .check();
  await continueButton(page).click();
  await page.getByLabel('Card number').fill(card);
  await continueButton(page).click();
  await page.getByRole('button', { name: 'Place Order' }).waitFor();
}

describe('checkout in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it('buys from /cart through Place Order with the test card; mails go out, the cart empties', async () => {
    const { page, context, errors } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await addToCart(page, TIDEPOOL, 1);
    await addToCart(page, CANDLE, 2);
    await openCheckout(page);
    expect(await page.locator(`${CHECKOUT} .co-test-banner`).textContent()).toContain('Test mode');
    await fillContact(page, 'buyer.e2e@example.com');
    await fillAddress(page);
    await chooseShippingAndPay(page, '4242 4242 4242 4242');
    const summary = (await page.locator(`${CHECKOUT} .co-summary`).textContent()) ?? '';
    expect(summary).toContain('Tidepool Mug');
    expect(summary).toContain('$94.00');

    // A double click places one order (one Idempotency-Key, the button is busy).
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/commerce/orders')
        posts.push(r.headers()['idempotency-key'] ?? '');
    });
    await page.getByRole('button', { name: 'Place Order' }).dblclick();
    await page.waitForURL((u) => u.pathname !== '/checkout', {
      timeout: 15_000,
    });
    await page.waitForLoadState('load');
    expect(new Set(posts).size).toBe(1);
    const confirmation = (await page.textContent('body')) ?? '';
    expect(confirmation).toContain('Tidepool Mug');

    const orderNumber = /#(\d+)/.exec(confirmation)?.[1];
    expect(orderNumber).toBeTruthy();

    // The cart was bought: back in the store, the cart indicator shows nothing.
    await page.goto('/');
    await hydrated(page, '[data-island="cart-indicator"]');
    await expect
      .poll(() => page.locator('.ci-indicator').getAttribute('data-visible'))
      .toBe('false');

    // The owner's outbox holds the shopper's confirmation and the owner's new-order mail.
    const owner = await newPage(browser, { baseURL: server.url });
    await owner.page.goto('/config/login');
    await owner.page.fill('#email', 'owner@demo.test');
    await owner.page.fill('#password', 'demo-password');
    await owner.page.click('button[type=submit]');
    await owner.page.waitForURL(/\/config$/);
    await expect
      .poll(
        async () => {
          const outbox = await owner.page.evaluate(async () =>
            (await fetch('/api/mail/outbox?pageSize=50')).json(),
          );
          return (outbox.items as { to: string }[]).map((m) => m.to);
        },
        { timeout: 15_000 },
      )
      .toEqual(expect.arrayContaining(['buyer.e2e@example.com', 'owner@demo.test']));

    // The owner finds the order in Orders, fulfils it and refunds part of it.
    await owner.page.goto('/config#/orders');
    await owner.page.getByLabel('Search orders').fill('buyer.e2e@example.com');
    await owner.page.getByRole('button', { name: 'Search' }).click();
    const row = owner.page.locator('.ed-order-row', { hasText: `#${orderNumber}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Paid');
    await row.click();
    await owner.page.getByRole('heading', { name: `Order #${orderNumber}` }).waitFor();
    expect(await owner.page.locator('.ed-order-lines').textContent()).toContain('Tidepool Mug');
    await owner.page.getByRole('button', { name: 'Fulfil' }).click();
    await owner.page.getByLabel('Carrier').fill('UPS');
    await owner.page.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await owner.page.getByRole('button', { name: 'Confirm: Fulfil' }).click();
    await expect
      .poll(() => owner.page.locator('.ed-order-badges').first().textContent())
      .toContain('Fulfilled');
    expect(await owner.page.locator('main').textContent()).toContain('1Z999AA10123456784');
    await owner.page.getByRole('button', { name: 'Refund' }).click();
    await owner.page.getByLabel('Partial refund').check();
    await owner.page.getByLabel(/Refund amount/).fill('10');
    await owner.page.getByRole('button', { name: 'Confirm: Refund' }).click();
    await expect
      .poll(() => owner.page.locator('.ed-order-badges').first().textContent())
      .toContain('Partially refunded');
    expect(await owner.page.locator('.ed-order-totals').textContent()).toContain('−$10.00');
    // The shopper's shipping mail went out with the tracking number.
    await expect
      .poll(async () => {
        const outbox = await owner.page.evaluate(async () =>
          (await fetch('/api/mail/outbox?pageSize=50')).json(),
        );
        return JSON.stringify(outbox.items);
      })
      .toContain('1Z999AA10123456784');
    // The overview counts the sale and draws it; the checkout settings save.
    await owner.page.goto('/config#/');
    const sales = owner.page.locator('section[aria-labelledby="ov-sales"]');
    await sales.locator('.ed-chart-box canvas').waitFor({ timeout: 15_000 });
    expect(await sales.locator('.ed-stat').count()).toBe(3);
    expect(await sales.textContent()).toContain('Average order value');
    // The checkout settings screen shows the demo's shipping options and providers.
    await owner.page.goto('/config#/checkout');
    await owner.page.getByRole('heading', { name: 'Shipping options' }).waitFor();
    expect(await owner.page.getByLabel('United States', { exact: true }).isChecked()).toBe(true);
    expect(await owner.page.locator('.ed-option legend').allTextContents()).toContain(
      'Local pickup',
    );
    // A bad amount is marked beside its field and nothing is saved; a good one saves.
    const price = owner.page.locator('.ed-option').first().getByLabel('Price', { exact: true });
    const before = await price.inputValue();
    const saveSettings = owner.page.getByRole('button', { name: 'Save checkout settings' });
    await price.fill('abc');
    await saveSettings.click();
    await expect.poll(() => price.getAttribute('aria-invalid')).toBe('true');
    await price.fill(before);
    await saveSettings.click();
    await owner.page.locator('.ed-save-bar .ed-saved').getByText('Saved.').waitFor();
    expect(owner.errors).toEqual([]);
    expect(errors).toEqual([]);
    await owner.context.close();
    await context.close();
  });

  it('a declined card keeps the details and says so', async () => {
    const { page, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await addToCart(page, CANDLE, 1);
    await openCheckout(page);
    await fillContact(page, 'declined.e2e@example.com');
    await fillAddress(page);
    await chooseShippingAndPay(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect
      .poll(() => page.locator(`${CHECKOUT} .co-error`).first().textContent(), { timeout: 15_000 })
      .toBe('Your card was declined.');
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002');
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    const steps = (await page.locator(`${CHECKOUT} .co-steps`).textContent()) ?? '';
    expect(steps).toContain('declined.e2e@example.com');
    expect(steps).toContain('1 Main St');
    await context.close();
  });

  it('a bad ZIP code is refused beside the field with SPEC 5.7’s message', async () => {
    const { page, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await addToCart(page, CANDLE, 1);
    await openCheckout(page);
    await fillContact(page, 'zip.e2e@example.com');
    await fillAddress(page, '1234');
    const zip = page.getByLabel('ZIP Code', { exact: true });
    await expect.poll(() => zip.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await zip.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'))!;
    expect(await page.locator(`#${errorId}`).textContent()).toBe('ZIP Codes need to be 5 digits.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'shipping postal-code',
    );
    await context.close();
  });

  it('stock gone while checking out: the short lines are listed, the shopper stays', async () => {
    const { page, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await addToCart(page, OATMEAL, 2);
    await openCheckout(page);
    await fillContact(page, 'short.e2e@example.com');
    await fillAddress(page);
    await chooseShippingAndPay(page, '4242 4242 4242 4242');

    // Meanwhile the owner counts one Oatmeal mug less.
    const owner = await browser.newContext({ baseURL: server.url });
    const ownerPage = await owner.newPage();
    await ownerPage.goto('/config/login');
    const crumb = (await owner.cookies(server.url)).find((c) => c.name === 'crumb')?.value ?? '';
    const login = await owner.request.post('/api/auth/login', {
      data: { email: 'owner@demo.test', password: 'demo-password' },
      headers: { 'x-csrf-token': crumb },
    });
    expect(login.status()).toBe(200);
    const crumbAfter =
      (await owner.cookies(server.url)).find((c) => c.name === 'crumb')?.value ?? crumb;
    const set = await owner.request.put('/api/commerce/inventory/v-demo-tidepool-oat', {
      data: { qtyInStock: 1, unlimited: false },
      headers: { 'x-csrf-token': crumbAfter },
    });
    expect(set.status()).toBe(200);
    await owner.close();

    await page.getByRole('button', { name: 'Place Order' }).click();
    const alert = page.locator(`${CHECKOUT} .co-alert`);
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toContain('only 1 left');
    expect(await alert.textContent()).toContain('SM-MUG-OAT');
    expect(await alert.locator('a[href="/cart"]').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await context.close();
  });

  it('a digital-only cart skips the address and shipping', async () => {
    const { page, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await addToCart(page, EBOOK, 1);
    await openCheckout(page);
    expect(await page.locator(`${CHECKOUT} .co-step`).count()).toBe(3);
    expect(await page.locator(`${CHECKOUT} .co-step[data-step="address"]`).count()).toBe(0);
    await fillContact(page, 'digital.e2e@example.com');
    // Nothing to ship: the payment step asks for the billing address.
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('First Name', { exact: true }).fill('Grace');
    await page.getByLabel('Last Name', { exact: true }).fill('Hopper');
    await page.getByLabel('Address', { exact: true }).fill('2 Harbor St');
    await page.getByLabel('City', { exact: true }).fill('Arlington');
    await page.getByLabel('State', { exact: true }).fill('VA');
    await page.getByLabel('ZIP Code', { exact: true }).fill('22201');
    await continueButton(page).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((u) => u.pathname !== '/checkout', {
      timeout: 15_000,
    });
    expect((await page.textContent('body')) ?? '').toContain('Glaze Notebook');
    await context.close();
  });
});
