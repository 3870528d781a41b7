import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { newPage } from './browser.js';
import { useServerAndBrowser } from './harness.js';
import { cartCount, hydrated } from './product-islands-helpers.js';
import type { RunningServer } from './server.js';

const FORM = '[data-island="product-form"]';
const PAYMENT_UNAVAILABLE = 'Payment is not yet available on this store.';

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

  it('subscribes with the chosen plan and lands on the subscription checkout', async () => {
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
    const main = page.locator('main');
    expect(await main.textContent()).toContain('Clay Club Seasonal Box');
    expect(await main.locator('.plan').textContent()).toBe('$61.75 every 3 months');
    expect(await main.textContent()).toContain(PAYMENT_UNAVAILABLE);
    // A subscription is bought on its own: no cart was made.
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

  it('asks for a gift card denomination, then opens the gift-card checkout', async () => {
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

    await page.locator(`${FORM} select[name="Amount"]`).selectOption('$50');
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
    expect(await main.textContent()).toContain('$50.00');
    expect(await main.textContent()).toContain(PAYMENT_UNAVAILABLE);
    expect(await cartCookies(context)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
