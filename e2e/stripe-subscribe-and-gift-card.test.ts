import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startFakeStripe, type FakeStripe } from '../src/server/payments/testing/fake-stripe.js';
import { startServer, type RunningServer } from './server.js';
import { launchBrowser, newPage } from './browser.js';
import { chooseOption, hydrated } from './product-islands-helpers.js';
import { crumbOf, signInOwnerByApi } from './owner.js';

const FORM = '[data-island="product-form"]';
const CHECKOUT = '[data-island="checkout-page"]';
const GIFT_CHECKOUT = '[data-island="gift-card-checkout"]';

/** The open checkout step's Continue. */
const next = (page: Page) =>
  page.locator(`${CHECKOUT} .co-step[data-state="current"] button[type="submit"]`).click();

/** E2E_SHOTS=dir: the pages with Stripe's card form at a phone's and a desktop's width. */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Issue 15 with Stripe: subscribing (the card kept with a Customer for renewals) and buying a
 * gift card, each through Stripe's card form — the fake Stripe.js (STRIPE_JS_URL) talking to the
 * local fake Stripe API, as in e2e/checkout.test.ts.
 */
describe('subscriptions and gift cards paid with Stripe in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let fake: FakeStripe;
  let restore: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startServer({
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_URL: fake.url,
      STRIPE_JS_URL: fake.jsUrl,
    });
    browser = await launchBrowser();
    // The owner turns Stripe on for the demo website.
    const owner = await browser.newContext({ baseURL: server.url });
    await signInOwnerByApi(owner, server.url);
    const crumb = () => crumbOf(owner, server.url);
    const read = await owner.request.get('/api/commerce/settings/checkout');
    const { settings, stripeConfigured } = await read.json();
    expect(stripeConfigured).toBe(true);
    const saved = await owner.request.put('/api/commerce/settings/checkout', {
      data: { ...settings, payments: { ...settings.payments, stripe: { enabled: true } } },
      headers: { 'x-csrf-token': await crumb() },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    restore = async () => {
      await owner.request.put('/api/commerce/settings/checkout', {
        data: settings,
        headers: { 'x-csrf-token': await crumb() },
      });
      await owner.close();
    };
  }, 240_000);
  afterAll(async () => {
    await restore?.().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('subscribes with Stripe’s card form; the card is kept with a Customer for renewals', async () => {
    const { page, errors, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/shop/p/clay-club');
    await hydrated(page, FORM);
    const choices = page.locator(`${FORM} [data-testid="subscription-choice"] label`);
    await choices.nth(1).locator('input').check();
    await page.locator(`${FORM} button.pi-button`).click();
    await page.waitForURL(/\/checkout\/subscribe\?cartToken=/);
    await hydrated(page, CHECKOUT);

    await page.getByLabel('Email', { exact: true }).fill('stripe.subscriber@example.com');
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
    // The subscription checkout offers the card (Stripe) beside the test card.
    await page.getByLabel('Card', { exact: true }).check();
    await next(page);
    const card = page.locator(`${CHECKOUT} .co-stripe`).getByLabel('Card number');
    await card.waitFor({ timeout: 15_000 });
    const intent = [...fake.intents.values()].find(
      (i) => i.status === 'requires_payment_method' && i.setup_future_usage === 'off_session',
    );
    expect(intent?.customer).toMatch(/^cus_fake_/);
    await shoot(page, 'subscribe-stripe');

    await card.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/checkout\/subscription-confirmed\//, { timeout: 20_000 });
    expect(await page.locator('main h1').textContent()).toBe('Subscription confirmed');
    expect(await page.locator('main .plan').textContent()).toBe('$61.75 every 3 months');
    // Stripe holds the card for the renewals: kept with the intent's customer.
    const paid = fake.intents.get(intent!.id)!;
    expect(paid.status).toBe('succeeded');
    expect(fake.savedCards.get(paid.payment_method ?? '')).toMatchObject({
      customer: intent!.customer,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('buys a gift card with Stripe’s card form: a decline, then the order', async () => {
    const { page, errors, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/shop/p/gift-card');
    await hydrated(page, FORM);
    await chooseOption(page.locator(FORM), 'Amount', '$50');
    await page.locator(`${FORM} button.pi-button`).click();
    await page.waitForURL(/\/checkout\/giftcard\?/);
    await hydrated(page, GIFT_CHECKOUT);
    await page.getByLabel('Recipient name', { exact: true }).fill('Grace');
    await page.getByLabel('Recipient email', { exact: true }).fill('grace@example.com');
    await page.getByLabel('Message', { exact: true }).fill('Enjoy!');
    await page.getByLabel('Your name', { exact: true }).fill('Bob');
    await page.getByLabel('Your email', { exact: true }).fill('bob.stripe@example.com');
    await page.getByLabel('Card', { exact: true }).check();
    const card = page.locator(`${GIFT_CHECKOUT} .co-stripe`).getByLabel('Card number');
    await card.waitFor({ timeout: 15_000 });
    await shoot(page, 'giftcard-stripe');

    await card.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /Buy gift card/ }).click();
    await expect
      .poll(() => page.locator(`${GIFT_CHECKOUT} .co-stripe .co-error`).textContent(), {
        timeout: 15_000,
      })
      .toBe('Your card was declined.');
    expect(new URL(page.url()).pathname).toBe('/checkout/giftcard');

    await card.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /Buy gift card/ }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\//, { timeout: 20_000 });
    expect(await page.locator('main').textContent()).toContain('$50.00');
    const paid = [...fake.intents.values()].filter(
      (i) => i.amount === 5000 && i.status === 'succeeded',
    );
    expect(paid).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
