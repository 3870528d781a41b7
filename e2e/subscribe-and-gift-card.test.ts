import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage } from './browser.js';
import { useServerAndBrowser } from './harness.js';
import { cartCount, chooseOption, hydrated } from './product-islands-helpers.js';
import type { RunningServer } from './server.js';

const FORM = '[data-island="product-form"]';
const CHECKOUT = '[data-island="checkout-page"]';

/** The open checkout step's Continue. */
const next = (page: Page) =>
  page.locator(`${CHECKOUT} .co-step[data-state="current"] button[type="submit"]`).click();
const GIFT_CHECKOUT = '[data-island="gift-card-checkout"]';

/** The cart cookies the browser holds (checkout pages have no cart indicator to read). */
async function cartCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies())
    .map((c) => c.name)
    .filter((n) => n === 'cart' || n === 'ss_cart');
}

/** SPEC 4.1's other two paths: a subscription goes to its checkout, a gift card to its own. */
describe('subscription and gift-card purchases in the browser (SPEC 4.1, 2, 9.2)', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('subscribes with the chosen plan and the test card, and lands on the confirmed page', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/shop/p/clay-club`);
    await hydrated(page, FORM);
    const button = page.locator(`${FORM} button.pi-button`);
    expect(await button.textContent()).toBe('Subscribe');
    const choices = page.locator(`${FORM} [data-testid="subscription-choice"] label`);
    // Two plans (SPEC 9.2 phrases, 'for 1 year' as four quarters make a year) and the one-time price.
    expect(await choices.allTextContents()).toEqual([
      ' $58.50 every 3 months for 1 year',
      ' $61.75 every 3 months',
      ' One-time purchase: $65.00',
    ]);
    await choices.nth(1).locator('input').check();
    await button.click();
    await page.waitForURL(/\/checkout\/subscribe\?cartToken=/);
    // The checkout island in its subscription mode: the plan beside the line.
    await hydrated(page, CHECKOUT);
    const summary = page.locator(`${CHECKOUT} .co-summary`);
    expect(await summary.textContent()).toContain('Clay Club Seasonal Box');
    expect(await summary.locator('.co-plan').textContent()).toContain('$61.75 every 3 months');

    await page.getByLabel('Email', { exact: true }).fill('subscriber.e2e@example.com');
    await next(page);
    await page.getByLabel('First Name', { exact: true }).fill('Ada');
    await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
    await page.getByLabel('Address', { exact: true }).fill('1 Main St');
    await page.getByLabel('City', { exact: true }).fill('New York');
    await page.getByLabel('Country', { exact: true }).selectOption('US');
    await page.getByLabel('State', { exact: true }).fill('NY');
    await page.getByLabel('ZIP Code', { exact: true }).fill('10001');
    await page.getByLabel('Phone', { exact: true }).fill('555 0100');
    await next(page);
    await page
      .locator(`${CHECKOUT} .co-step[data-step="delivery"] input[type=radio]`)
      .first()
      .check();
    await next(page);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await next(page);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/checkout\/subscription-confirmed\//, { timeout: 15_000 });
    const main = page.locator('main');
    expect(await main.locator('h1').textContent()).toBe('Subscription confirmed');
    expect(await main.locator('.plan').textContent()).toBe('$61.75 every 3 months');
    expect(await main.textContent()).toContain('subscriber.e2e@example.com');
    // The manage link opens the shopper's page with the next charge and the first order.
    await main.getByRole('link', { name: 'Manage your subscription' }).click();
    await page.waitForURL(/\/subscriptions\/manage\//);
    expect(await page.locator('main').textContent()).toContain('Skip next charge');
    // A subscription is bought on its own: no cart cookie was made.
    expect(await cartCookies(context)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds the one-time option to the cart instead', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/shop/p/clay-club`);
    await hydrated(page, FORM);
    await page.locator(`${FORM} [data-testid="subscription-choice"] label`).nth(2).click();
    // Bought once, it is added to the cart like any product.
    const button = page.locator(`${FORM} button.pi-button`);
    await expect.poll(() => button.textContent()).toBe('Add To Cart');
    await button.click();
    await expect.poll(() => cartCount(page), { timeout: 5000 }).toBe(1);
    expect(page.url()).toBe(`${server.url}/shop/p/clay-club`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for a gift card denomination, then buys it on the gift-card checkout', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}/shop/p/gift-card`);
    await hydrated(page, FORM);
    const button = page.locator(`${FORM} button.pi-button`);
    await button.click();
    const dialog = page.locator('[role="alertdialog"]');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('h2').textContent()).toBe('Unable to purchase Gift Card');
    expect(await dialog.locator('p').textContent()).toBe('Select a denomination for the Gift Card');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await chooseOption(page.locator(FORM), 'Amount', '$50');
    // The button resets a second after the failure; a click before then is ignored.
    await expect.poll(() => button.textContent(), { timeout: 3000 }).toBe('Add To Cart');
    await button.click();
    await page.waitForURL(/\/checkout\/giftcard\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('giftCardProductId')).toBe('demo-gift-card');
    expect(url.searchParams.get('sku')).toBe('SM-GIFT-50');
    expect(url.searchParams.get('websiteId')).toBeTruthy();
    const main = page.locator('main');
    expect(await main.textContent()).toContain('Saltmarsh Gift Card');
    await hydrated(page, GIFT_CHECKOUT);
    // The denomination chosen on the product page is the one checked here.
    expect(
      await page.locator(`${GIFT_CHECKOUT} input[name="gc-amount"]:checked`).inputValue(),
    ).toBe('SM-GIFT-50');
    // Missing details are named beside their fields, nothing is sent.
    await page.getByRole('button', { name: /Buy gift card/ }).click();
    await expect
      .poll(() => page.locator(`${GIFT_CHECKOUT} [aria-invalid="true"]`).count())
      .toBeGreaterThan(0);
    await page.getByLabel('Recipient name', { exact: true }).fill('Ada');
    await page.getByLabel('Recipient email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Message', { exact: true }).fill('Happy birthday!');
    await page.getByLabel('Your name', { exact: true }).fill('Bob');
    await page.getByLabel('Your email', { exact: true }).fill('bob@example.com');
    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /Buy gift card/ }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\//);
    expect(await page.locator('main').textContent()).toContain('$50.00');
    // Bought on its own: no cart cookie was made.
    expect(await cartCookies(context)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
