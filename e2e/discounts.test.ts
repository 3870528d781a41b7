import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server.js';
import { addToCartByApi, launchBrowser, newPage, pageFetch } from './browser.js';
import { hydrated } from './product-islands-helpers.js';
import { signInOwner } from './owner.js';

/** Demo product (demo/demo-store.json) and the demo's sample code (discounts/demo-discounts.ts). */
const CANDLE = { itemId: 'demo-candle', sku: 'SM-CANDLE-CEDAR' }; // $28.00, unlimited
const CHECKOUT = '[data-island="checkout-page"]';

async function addToCart(page: Page, item: { itemId: string; sku: string }, quantity = 1) {
  expect(await addToCartByApi(page, { ...item, quantity })).toBe(200);
}

const continueButton = (page: Page) =>
  page.locator(`${CHECKOUT} .co-step[data-state="current"] button[type="submit"]`);

/** Email, a New York address, the first shipping option and the test card, up to Place Order. */
async function fillCheckout(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await continueButton(page).click();
  await page.getByLabel('First Name', { exact: true }).fill('Ada');
  await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
  await page.getByLabel('Address', { exact: true }).fill('1 Main St');
  await page.getByLabel('City', { exact: true }).fill('New York');
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByLabel('State', { exact: true }).fill('NY');
  await page.getByLabel('ZIP Code', { exact: true }).fill('10001');
  await page.getByLabel('Phone', { exact: true }).fill('555 0100');
  await continueButton(page).click();
  await page
    .locator(`${CHECKOUT} .co-step[data-step="delivery"] input[type=radio]`)
    .first()
    .check();
  await continueButton(page).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await continueButton(page).click();
  await page.getByRole('button', { name: 'Place Order' }).waitFor();
}

describe('discount codes in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('applies WELCOME10 at checkout and places the order with the test card', async () => {
    const { page, errors } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await addToCart(page, CANDLE, 2);
    await page.goto('/checkout');
    await hydrated(page, CHECKOUT);
    await page.getByLabel('Email', { exact: true }).waitFor();

    // A code that does not exist: its reason under the field, nothing taken off.
    const field = page.getByLabel('Discount code or gift card');
    await field.fill('NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.locator(`${CHECKOUT} .co-codes`).textContent(), { timeout: 15_000 })
      .toContain('This code is not valid.');

    await field.fill('welcome10');
    // A code that applies is saved onto the cart (the /cart page's PUT), not only in the page.
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/commerce/shopping-cart/coupon') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.locator(`${CHECKOUT} .co-totals`).textContent(), { timeout: 15_000 })
      .toContain('Discount · WELCOME10−$5.60');
    expect(await page.getByRole('button', { name: 'Remove WELCOME10' }).count()).toBe(1);
    expect(await field.inputValue()).toBe('');
    expect((await saved).status()).toBe(200);
    // So a reload keeps it.
    await page.reload();
    await hydrated(page, CHECKOUT);
    await expect
      .poll(() => page.locator(`${CHECKOUT} .co-totals`).textContent(), { timeout: 15_000 })
      .toContain('Discount · WELCOME10−$5.60');
    expect(await page.getByRole('button', { name: 'Remove WELCOME10' }).count()).toBe(1);

    await fillCheckout(page, 'welcome.e2e@example.com');
    // $56.00 − $5.60 = $50.40, free shipping over $75 does not apply: $8 + NY tax 8.875%.
    const summary = (await page.locator(`${CHECKOUT} .co-summary`).textContent()) ?? '';
    expect(summary).toContain('−$5.60');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((u) => u.pathname !== '/checkout', { timeout: 15_000 });
    await page.waitForLoadState('load');
    const confirmation = (await page.textContent('body')) ?? '';
    expect(confirmation).toMatch(/#\d+/);
    expect(confirmation).toContain('5.60');
    expect(errors).toEqual([]);
  }, 120_000);

  it('takes the code on the cart page, shows the discount, and the checkout keeps it', async () => {
    const { page, errors } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await addToCart(page, CANDLE, 1);
    await page.goto('/cart');
    await hydrated(page, '[data-island="cart-page"]');
    await page.getByLabel('Discount code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.locator('.ci-coupon').textContent(), { timeout: 15_000 })
      .toContain('Discount −$2.80');
    expect(await page.locator('.ci-coupon').textContent()).toContain('Total $25.20');

    await page.locator('button.ci-checkout').click();
    await page.waitForURL((u) => u.pathname === '/checkout');
    await hydrated(page, CHECKOUT);
    await expect
      .poll(() => page.locator(`${CHECKOUT} .co-totals`).textContent(), { timeout: 15_000 })
      .toContain('WELCOME10−$2.80');
    // The code was used with this email already (first test): the checkout says so once the
    // email is known, and drops it.
    await page.getByLabel('Email', { exact: true }).fill('welcome.e2e@example.com');
    await continueButton(page).click();
    await expect
      .poll(() => page.locator(`${CHECKOUT} .co-codes`).textContent(), { timeout: 15_000 })
      .toContain('This code was already used with this email.');
    expect(await page.locator(`${CHECKOUT} .co-totals`).textContent()).not.toContain('WELCOME10');
    expect(errors).toEqual([]);
  }, 120_000);

  it('the owner creates, disables and deletes a code on the Discounts screen', async () => {
    const { page, errors } = await newPage(browser, { baseURL: server.url });
    await signInOwner(page);
    await page.goto('/config#/discounts');
    await page.getByRole('cell', { name: /WELCOME10/ }).waitFor();
    await page.getByRole('link', { name: 'Create discount' }).click();
    await page.getByRole('heading', { name: 'New discount' }).waitFor();

    // The shared checks answer before anything is sent.
    await page.getByLabel('Percentage off').fill('150');
    await page.getByRole('button', { name: 'Create discount' }).click();
    await page.getByText('Enter the code shoppers will type.').waitFor();
    await page.getByText('Enter a whole percentage from 1 to 100.').waitFor();

    await page.getByLabel('Code', { exact: true }).fill('spring15');
    await page.getByLabel('Percentage off').fill('15');
    await page.getByLabel('Total uses (optional)').fill('50');
    await page.getByRole('button', { name: 'Create discount' }).click();
    await page.getByRole('button', { name: 'Save discount' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('SPRING15');

    // A code another discount has (any case) is refused beside the field.
    await page.getByLabel('Code', { exact: true }).fill('WELCOME10');
    await page.getByRole('button', { name: 'Save discount' }).click();
    await page.getByText('Another discount already uses this code.').first().waitFor();
    await page.getByLabel('Code', { exact: true }).fill('SPRING15');

    await page.getByRole('link', { name: 'Discounts', exact: true }).first().click();
    const row = page.getByRole('row', { name: /SPRING15/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('0 of 50 used');
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Disabled');

    await row.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('button', { name: 'Delete this discount' }).click();
    await page.getByRole('cell', { name: /WELCOME10/ }).waitFor();
    expect(await page.getByRole('row', { name: /SPRING15/ }).count()).toBe(0);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
  }, 120_000);

  it('a code that covers the whole order needs no card', async () => {
    // The owner makes a 100% code through the API (signed in, with the crumb).
    const owner = await newPage(browser, { baseURL: server.url });
    await signInOwner(owner.page);
    const made = await pageFetch(owner.page, 'POST', '/api/commerce/discounts', {
      code: 'ONTHEHOUSE',
      kind: 'percentage',
      value: 100,
    });
    expect(made.status).toBe(201);

    const { page, errors } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await addToCart(page, { itemId: 'demo-glaze-notebook', sku: 'SM-EBOOK-GLAZE' }); // digital
    await page.goto('/checkout');
    await hydrated(page, CHECKOUT);
    await page.getByLabel('Discount code or gift card').fill('onthehouse');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.locator(`${CHECKOUT} .co-grand`).textContent(), { timeout: 15_000 })
      .toContain('$0.00');
    await page.getByLabel('Email', { exact: true }).fill('free.e2e@example.com');
    await continueButton(page).click();
    await page.getByText('Nothing left to pay').first().waitFor();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await continueButton(page).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((u) => u.pathname !== '/checkout', { timeout: 15_000 });
    await page.waitForLoadState('load');
    expect((await page.textContent('body')) ?? '').toMatch(/#\d+/);
    expect(errors).toEqual([]);
  }, 120_000);
});
