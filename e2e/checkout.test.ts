import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startFakeStripe, type FakeStripe } from '../src/server/payments/testing/fake-stripe.js';
import { startServer, type RunningServer } from './server.js';
import { addToCartByApi, launchBrowser, newPage } from './browser.js';
import { hydrated } from './product-islands-helpers.js';
import { crumbOf, signInOwner, signInOwnerByApi } from './owner.js';

/** Demo products (demo/demo-store.json). */
const TIDEPOOL = { itemId: 'demo-tidepool-mug', sku: 'SM-MUG-TIDE' }; // $38.00
const CANDLE = { itemId: 'demo-candle', sku: 'SM-CANDLE-CEDAR' }; // $28.00, unlimited
const OATMEAL = { itemId: 'demo-tidepool-mug', sku: 'SM-MUG-OAT' }; // 2 in stock
const EBOOK = { itemId: 'demo-glaze-notebook', sku: 'SM-EBOOK-GLAZE' }; // digital
const SENCHA = { itemId: 'jp-sencha', sku: 'KW-SENCHA-50' }; // jp.localhost, 120 in stock

const CHECKOUT = '[data-island="checkout-page"]';

async function addToCart(page: Page, item: { itemId: string; sku: string }, quantity = 1) {
  expect(await addToCartByApi(page, { ...item, quantity })).toBe(200);
}

async function openCheckout(page: Page, emailLabel = 'Email'): Promise<void> {
  await page.goto('/cart');
  await hydrated(page, '[data-island="cart-page"]');
  await page.locator('button.ci-checkout').click();
  await page.waitForURL((u) => u.pathname === '/checkout');
  await hydrated(page, CHECKOUT);
  await page.getByLabel(emailLabel, { exact: true }).waitFor();
}

/** The owner of the demo websites, signed in through the API; `call` sends JSON with the crumb. */
async function ownerApi(browser: Browser, baseURL: string) {
  const owner = await browser.newContext({ baseURL });
  await signInOwnerByApi(owner, baseURL);
  const crumb = () => crumbOf(owner, baseURL);
  return {
    context: owner,
    async call(method: 'GET' | 'PUT', path: string, data?: unknown) {
      const res = await owner.request.fetch(path, {
        method,
        ...(data === undefined ? {} : { data }),
        headers: { 'x-csrf-token': await crumb() },
      });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    },
  };
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
  let fake: FakeStripe;
  /** Every request for Stripe.js (the fake's `/v3`), by the page that made it. */
  const stripeJsLoads: string[] = [];
  beforeAll(async () => {
    // Stripe is configured for the whole server (against the local fake Stripe API and a fake
    // Stripe.js), but a website offers it only once its owner turns it on.
    fake = await startFakeStripe();
    server = await startServer({
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_URL: fake.url,
      STRIPE_JS_URL: fake.jsUrl,
    });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });
  const watchStripeJs = (page: Page) =>
    page.on('request', (r) => {
      if (r.url() === fake.jsUrl) stripeJsLoads.push(new URL(page.url()).pathname);
    });

  it('buys from /cart through Place Order with the test card; mails go out, the cart empties', async () => {
    const { page, context, errors } = await newPage(browser, { baseURL: server.url });
    watchStripeJs(page);
    await page.goto('/');
    await addToCart(page, TIDEPOOL, 1);
    await addToCart(page, CANDLE, 2);
    await openCheckout(page);
    expect(await page.locator(`${CHECKOUT} .co-test-banner`).textContent()).toContain('Test mode');
    await fillContact(page, 'buyer.e2e@example.com');
    await fillAddress(page);
    // The quote for the address holds its first option (free over $75): the summary's shipping
    // row says so, as the total does, instead of 'Calculated at next step'.
    await expect
      .poll(() => page.locator(`${CHECKOUT} .co-totals`).textContent(), { timeout: 15_000 })
      .toContain('ShippingFree');
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
    // Stripe is not on for this website: Stripe.js was never loaded.
    expect(stripeJsLoads).toEqual([]);

    // The cart was bought: back in the store, the cart indicator shows nothing.
    await page.goto('/');
    await hydrated(page, '[data-island="cart-indicator"]');
    await expect
      .poll(() => page.locator('.ci-indicator').getAttribute('data-visible'))
      .toBe('false');

    // The owner's outbox holds the shopper's confirmation and the owner's new-order mail.
    const owner = await newPage(browser, { baseURL: server.url });
    await signInOwner(owner.page);
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
    // Focus follows the error once it is drawn (an effect after the render): poll for it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('shipping postal-code');
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

  it('a digital-only cart asks for the email and the payment only', async () => {
    const { page, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/');
    await addToCart(page, EBOOK, 1);
    await openCheckout(page);
    expect(await page.locator(`${CHECKOUT} .co-step`).count()).toBe(3);
    expect(await page.locator(`${CHECKOUT} .co-step[data-step="address"]`).count()).toBe(0);
    await fillContact(page, 'digital.e2e@example.com');
    await page.getByLabel('Card number').fill('4242424242424242');
    // Nothing to ship: no address of any kind is asked for.
    expect(await page.locator(`${CHECKOUT} input[autocomplete*="address"]`).count()).toBe(0);
    expect(await page.getByLabel('First Name', { exact: true }).count()).toBe(0);
    await continueButton(page).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((u) => u.pathname !== '/checkout', {
      timeout: 15_000,
    });
    expect((await page.textContent('body')) ?? '').toContain('Glaze Notebook');
    await context.close();
  });

  it('speaks Japanese on jp.localhost: labels, name order, 都道府県, 郵便番号, country names', async () => {
    const jpUrl = server.url.replace('localhost', 'jp.localhost');
    const { page, context, errors } = await newPage(browser, { baseURL: jpUrl });
    await page.goto('/');
    await addToCart(page, SENCHA, 4); // ¥3,456: over the store's ¥3,000 minimum
    await openCheckout(page, 'メールアドレス');
    expect(await page.locator('h1.page-title').textContent()).toBe('ご購入手続き');
    expect(await page.title()).toContain('ご購入手続き');
    await page.getByLabel('メールアドレス', { exact: true }).fill('nihongo.e2e@example.com');
    await continueButton(page).click();
    // Family name before given name, postcode before the prefecture and city, as Japanese forms.
    await page.getByLabel('姓', { exact: true }).waitFor();
    const labels = await page
      .locator(`${CHECKOUT} .co-step[data-step="address"] .co-field > label`)
      .allTextContents();
    expect(labels).toEqual([
      '国・地域',
      '姓',
      '名',
      '郵便番号',
      '都道府県',
      '市区町村',
      '番地',
      '建物名・部屋番号',
      '電話番号',
    ]);
    const country = page.getByLabel('国・地域', { exact: true });
    expect(await country.locator('option:checked').textContent()).toBe('日本');
    await page.getByLabel('姓', { exact: true }).fill('山田');
    await page.getByLabel('名', { exact: true }).fill('花子');
    await page.getByLabel('郵便番号', { exact: true }).fill('12');
    await page.getByLabel('都道府県', { exact: true }).focus();
    // The postal check speaks Japanese too.
    await expect
      .poll(() => page.locator(`${CHECKOUT} #co-shippingAddress-postalCode-error`).textContent())
      .toBe('郵便番号が正しくありません。');
    await page.getByLabel('郵便番号', { exact: true }).fill('100-0001');
    await page.getByLabel('都道府県', { exact: true }).fill('東京都');
    await page.getByLabel('市区町村', { exact: true }).fill('千代田区');
    await page.getByLabel('番地', { exact: true }).fill('千代田1-1');
    await continueButton(page).click();
    await page
      .locator(`${CHECKOUT} .co-step[data-step="delivery"] input[type=radio]`)
      .first()
      .check();
    await continueButton(page).click();
    await page.getByLabel('テストカード').check();
    await page.getByLabel('カード番号').fill('4242 4242 4242 4242');
    await continueButton(page).click();
    const place = page.getByRole('button', { name: '注文を確定する' });
    await place.waitFor();
    const steps = (await page.locator(`${CHECKOUT} .co-steps`).textContent()) ?? '';
    expect(steps).toContain('山田 花子');
    expect(steps).toContain('日本');
    expect((await page.locator(`${CHECKOUT} .co-summary`).textContent()) ?? '').toContain('小計');
    await place.click();
    await page.waitForURL((u) => u.pathname !== '/checkout', { timeout: 15_000 });
    await page.waitForLoadState('load');
    const confirmation = (await page.textContent('body')) ?? '';
    expect(confirmation).toContain('ご注文ありがとうございます');
    expect(confirmation).toContain('日本');
    expect(confirmation).not.toContain('Japan');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pays by card with Stripe’s Payment Element (fake Stripe.js): a decline, then an order', async () => {
    // The owner turns Stripe on (the server has its keys).
    const owner = await ownerApi(browser, server.url);
    const { settings, stripeConfigured } = await owner.call(
      'GET',
      '/api/commerce/settings/checkout',
    );
    expect(stripeConfigured).toBe(true);
    await owner.call('PUT', '/api/commerce/settings/checkout', {
      ...settings,
      payments: { ...settings.payments, stripe: { enabled: true } },
    });

    const { page, context, errors } = await newPage(browser, { baseURL: server.url });
    watchStripeJs(page);
    await page.goto('/');
    await addToCart(page, CANDLE, 1);
    await openCheckout(page);
    await fillContact(page, 'stripe.e2e@example.com');
    await fillAddress(page);
    await page
      .locator(`${CHECKOUT} .co-step[data-step="delivery"] input[type=radio]`)
      .first()
      .check();
    await continueButton(page).click();
    await page.getByLabel('Card', { exact: true }).check();
    expect(stripeJsLoads).toEqual([]);
    await continueButton(page).click();

    // The review step: Stripe's card form (loaded now, on /checkout only) above Place Order.
    const card = page.locator(`${CHECKOUT} .co-stripe`).getByLabel('Card number');
    await card.waitFor({ timeout: 15_000 });
    expect(stripeJsLoads).toEqual(['/checkout']);
    const intents = [...fake.intents.values()].filter(
      (i) => i.status === 'requires_payment_method',
    );
    expect(intents).toHaveLength(1);
    const intentId = intents[0]!.id;

    await card.fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect
      .poll(() => page.locator(`${CHECKOUT} .co-stripe .co-error`).textContent(), {
        timeout: 15_000,
      })
      .toBe('Your card was declined.');
    expect(new URL(page.url()).pathname).toBe('/checkout');

    await card.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((u) => u.pathname !== '/checkout', { timeout: 15_000 });
    await page.waitForLoadState('load');
    expect((await page.textContent('body')) ?? '').toContain('Cedar Candle');
    // The server read the intent back from (fake) Stripe, recorded the order, then captured.
    expect(fake.intents.get(intentId)).toMatchObject({ status: 'succeeded' });
    const list = await owner.call('GET', '/api/commerce/orders?q=stripe.e2e%40example.com');
    expect(list.orders).toHaveLength(1);
    expect(list.orders[0]).toMatchObject({ paymentProvider: 'stripe', paymentStatus: 'paid' });
    expect(list.orders[0].grandTotal).toBe(fake.intents.get(intentId)!.amount_received);
    expect(errors).toEqual([]);

    // Turned off again, so this website's other checkouts are as before.
    await owner.call('PUT', '/api/commerce/settings/checkout', settings);
    await owner.context.close();
    await context.close();
  });
});
