import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { orderedOptions } from '../src/shared/product/rules.js';
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

const soldOut = (v: VariantJson) => !v.unlimited && v.qtyInStock <= 0;
const inStock = (v: VariantJson) => v.unlimited || v.qtyInStock > 1;

async function choose(form: Locator, product: ProductItemJson, variant: VariantJson) {
  for (const o of orderedOptions(product.structuredContent)) {
    await chooseOption(form, o.name, variant.attributes[o.name]!);
  }
}

/** A plausible answer for every input of the custom form (SPEC 3.6 sub-parts). */
async function fillCustomForm(page: Page) {
  const partValues: Record<string, string> = {
    Month: '04',
    Day: '12',
    Year: '1990',
    Hour: '10',
    Minute: '30',
    Second: '00',
    Ampm: 'AM',
    Country: '1',
    Areacode: '555',
    Prefix: '123',
    Line: '4567',
    Line1: '1 Main St',
    City: 'Springfield',
    State: 'IL',
    Zip: '62701',
    First: 'Ada',
    Last: 'Lovelace',
  };
  const form = page.locator('[data-testid="custom-form"]');
  for (const input of await form
    .locator('input[type="text"], input[type="email"], textarea')
    .all()) {
    const part = await input.getAttribute('data-part');
    const type = await input.getAttribute('type');
    const value = part
      ? (partValues[part] ?? 'x')
      : type === 'email'
        ? 'ada@example.com'
        : 'Engraved';
    await input.fill(value);
  }
  for (const select of await form.locator('select').all()) {
    const values = await select
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    if (values[0]) await select.selectOption(values[0]);
  }
  // One answer per radio group (likert questions included), one box per checkbox field.
  const groups = await form
    .locator('input[type="radio"], input[type="checkbox"]')
    .evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLInputElement).name))]);
  for (const name of groups) await form.locator(`input[name="${name}"]`).first().check();
}

/** SPEC 8.3: what the custom form says by its button when any field has a message. */
const SUMMARY = 'Update the missing or invalid information above.';

const withForm = (p: ProductItemJson) => !!p.structuredContent.additionalFieldsFormId;

/** Opens the product's custom form from its page; returns the form's locator. */
async function openCustomForm(page: Page, baseUrl: string, product: ProductItemJson) {
  await page.goto(`${baseUrl}${product.fullUrl}`);
  await hydrated(page, '[data-island="product-form"]');
  const form = page.locator('[data-island="product-form"]');
  const target =
    product.structuredContent.variants.find(inStock) ?? product.structuredContent.variants[0]!;
  if (product.structuredContent.variants.length > 1) await choose(form, product, target);
  await form.locator('button.pi-button').click();
  const custom = page.locator('[data-testid="custom-form"]');
  await custom.waitFor();
  return custom;
}

/** The provider's information page, as page.route answers for it (no external network here). */
const PROVIDER_PAGE = `<!doctype html><html><head><title>How it works</title></head>
<body><h1 id="provider-heading">Pay in 4 with the provider</h1>
<p><a href="/terms">Terms</a></p></body></html>`;
const PROVIDER_URLS = /^https:\/\/www\.(afterpay\.com|clearpay\.co\.uk)\//;

/** Opens the first demo product page that shows the installment notice. */
async function gotoInstallmentProduct(page: Page, baseUrl: string, products: ProductItemJson[]) {
  for (const p of products.filter(
    (x) => x.structuredContent.productType === 1 && !x.structuredContent.isSubscribable,
  )) {
    await page.goto(`${baseUrl}${p.fullUrl}`);
    await hydrated(page, '[data-island="product-form"]');
    if (await page.locator('.pi-installment').count()) return;
  }
  throw new Error('the demo shop has no product with the installment notice');
}

describe('product form in the browser (SPEC 4.3, 4.4, 5.1, 5.2)', () => {
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

  it('a sold-out variant disables the button as Sold Out; another variant restores it', async () => {
    const product = pick(
      products,
      'a product with a sold-out variant and an available one',
      (p) =>
        p.structuredContent.productType === 1 &&
        p.structuredContent.variants.length > 1 &&
        p.structuredContent.variants.some(soldOut) &&
        p.structuredContent.variants.some(inStock),
    );
    const { page, errors, context } = await newPage(browser);
    await page.goto(`${server.url}${product.fullUrl}`);
    await hydrated(page, '[data-island="product-form"]');
    const form = page.locator('[data-island="product-form"]');
    const button = form.locator('button.pi-button');
    await choose(form, product, product.structuredContent.variants.find(soldOut)!);
    // The island re-renders after a choice: wait for it rather than read at once.
    await expect.poll(() => button.textContent()).toBe('Sold Out');
    expect(await button.isDisabled()).toBe(true);
    expect(await form.locator('[data-mark="sold-out"]').count()).toBe(1);
    await choose(form, product, product.structuredContent.variants.find(inStock)!);
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(await button.textContent()).not.toBe('Sold Out');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('quantity errors: not a number, not whole', async () => {
    const product = pick(
      products,
      'physical with a quantity input',
      (p) =>
        p.structuredContent.productType === 1 &&
        !p.structuredContent.isSubscribable &&
        !p.structuredContent.additionalFieldsFormId &&
        p.structuredContent.variants.some(inStock),
    );
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}${product.fullUrl}`);
    await hydrated(page, '[data-island="product-form"]');
    const form = page.locator('[data-island="product-form"]');
    await choose(form, product, product.structuredContent.variants.find(inStock)!);
    const qty = form.locator('input[name="quantity"]');
    expect(await qty.getAttribute('min')).toBe('1');
    expect(await qty.getAttribute('max')).toBe('9999');
    expect(await qty.inputValue()).toBe('1');
    const dialog = page.locator('[role="alertdialog"]');
    for (const [value, message] of [
      ['', 'Quantity must be a number.'],
      ['1.5', 'Quantity must be a whole number'],
    ] as const) {
      await qty.fill(value);
      const button = form.locator('button.pi-button');
      await button.click();
      // SPEC 4.1: Adding… at once, the alert, and the idle label again after 1 s.
      expect(await button.textContent()).toBe('Adding…');
      expect(await dialog.locator('p').textContent()).toBe(message);
      await dialog.locator('button', { hasText: 'OK' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => button.textContent()).toBe('Add To Cart');
    }
    await context.close();
  });

  it('fills the custom form: Required first, then server-validated and added', async () => {
    const product = pick(
      products,
      'with a custom form',
      (p) => !!p.structuredContent.additionalFieldsFormId,
    );
    const { page, errors, failed, context } = await newPage(browser);
    await page.goto(`${server.url}${product.fullUrl}`);
    await hydrated(page, '[data-island="product-form"]');
    const form = page.locator('[data-island="product-form"]');
    const target =
      product.structuredContent.variants.find(inStock) ?? product.structuredContent.variants[0]!;
    if (product.structuredContent.variants.length > 1) await choose(form, product, target);
    await form.locator('button.pi-button').click();
    const custom = page.locator('[data-testid="custom-form"]');
    await custom.waitFor();
    const submit = custom.locator('button[type="submit"]');
    await submit.click();
    await expect
      .poll(() => custom.locator('.pi-field-error', { hasText: 'Required' }).count())
      .toBeGreaterThan(0);
    expect(await custom.locator('[data-testid="custom-form-summary"]').textContent()).toBe(SUMMARY);
    await fillCustomForm(page);
    const before = await cartCount(page);
    await submit.click();
    await expect.poll(() => custom.count(), { timeout: 10_000 }).toBe(0);
    // A failed add would close the form and explain itself in the alert instead.
    const alert = page.locator('[role="alertdialog"]');
    if (await alert.count()) throw new Error(`${await alert.textContent()} (${failed.join(', ')})`);
    await expect.poll(() => cartCount(page)).toBe(before + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('custom form: a failed add keeps the form open with the answers, and says why', async () => {
    const product = pick(products, 'with a custom form', withForm);
    const { page, context } = await newPage(browser);
    const custom = await openCustomForm(page, server.url, product);
    await fillCustomForm(page);
    const firstText = custom.locator('input[type="text"]').first();
    const typed = await firstText.inputValue();
    // The add itself fails (the server is busy): the answers must not be lost.
    await page.route('**/api/commerce/shopping-cart/entries*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Busy' }, message: 'Busy' }),
      }),
    );
    await custom.locator('button[type="submit"]').click();
    const summary = custom.locator('[data-testid="custom-form-summary"]');
    await expect.poll(() => summary.textContent()).not.toBe('');
    expect(await custom.count()).toBe(1);
    expect(await firstText.inputValue()).toBe(typed);
    expect(await page.locator('[role="alertdialog"]').count()).toBe(0);
    // Once the server answers again, the same answers are added.
    await page.unroute('**/api/commerce/shopping-cart/entries*');
    const before = await cartCount(page);
    await custom.locator('button[type="submit"]').click();
    await expect.poll(() => custom.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => cartCount(page)).toBe(before + 1);
    await context.close();
  });

  it('custom form: a required likert question left unanswered gives the SPEC 5.3 text', async () => {
    const product = pick(products, 'with a custom form', withForm);
    const { page, errors, context } = await newPage(browser);
    // The demo form's survey is optional: serve the same definition with it required, as a site
    // that asked for it would.
    await page.route(/\/api\/template\/GetTemplateSchema\?/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { fields: Array<Record<string, unknown>> } };
      const survey = body.data.fields.find((f) => f.type === 'likert');
      if (!survey) throw new Error('the demo custom form has no likert field');
      survey.required = true;
      await route.fulfill({ response: res, json: body });
    });
    const custom = await openCustomForm(page, server.url, product);
    const likert = custom.locator('[data-field-type="likert"]');
    // One question answered of several is still missing some.
    await likert.locator('input[type="radio"]').first().check();
    await custom.locator('button[type="submit"]').click();
    await expect
      .poll(() => likert.locator('.pi-field-error').textContent())
      .toBe('Survey is not valid. Missing a required question.');
    expect(await likert.getAttribute('aria-invalid')).toBe('true');
    expect(await custom.locator('[data-testid="custom-form-summary"]').textContent()).toBe(SUMMARY);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("custom form: the server's per-field message shows at the field, with the summary", async () => {
    const product = pick(products, 'with a custom form', withForm);
    const { page, errors, context } = await newPage(browser);
    // The client's checks pass; the answers then reach the real server changed the way a stale
    // or tampered page could send them, so the server's own per-field rejection comes back.
    let serverErrors: Record<string, string> = {};
    await page.route(/\/api\/rest\/forms\/validate\//, async (route) => {
      const values = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      const res = await route.fetch({ postData: JSON.stringify({ ...values, email: 'nope' }) });
      serverErrors = ((await res.json()) as { errors?: Record<string, string> }).errors ?? {};
      await route.fulfill({ response: res });
    });
    const custom = await openCustomForm(page, server.url, product);
    await fillCustomForm(page);
    await custom.locator('button[type="submit"]').click();
    const email = custom.locator('[data-field-id="email"]');
    await expect.poll(() => email.locator('.pi-field-error').count()).toBe(1);
    expect(serverErrors.email, 'the server rejected the email').toBeTruthy();
    expect(await email.locator('.pi-field-error').textContent()).toBe(serverErrors.email);
    expect(await custom.locator('[data-testid="custom-form-summary"]').textContent()).toBe(SUMMARY);
    // The modal stays open for the shopper to correct it; nothing was added.
    expect(await custom.isVisible()).toBe(true);
    expect(await page.locator('[role="alertdialog"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('custom form that cannot be loaded: SPEC 8.1 blank alert (SPEC 2.2 title, no message), CUSTOM_FORM_RENDER_ERROR', async () => {
    const product = pick(products, 'with a custom form', withForm);
    const { page, errors, context } = await newPage(browser);
    await page.route(/\/api\/template\/GetTemplateSchema\?/, (route) => route.abort());
    await page.goto(`${server.url}${product.fullUrl}`);
    await hydrated(page, '[data-island="product-form"]');
    await page.evaluate(() => {
      const w = window as unknown as { kinds: string[] };
      w.kinds = [];
      document.addEventListener('commerce:add-to-cart-error', (e) =>
        w.kinds.push((e as CustomEvent<{ kind: string }>).detail.kind),
      );
    });
    const form = page.locator('[data-island="product-form"]');
    const target =
      product.structuredContent.variants.find(inStock) ?? product.structuredContent.variants[0]!;
    if (product.structuredContent.variants.length > 1) await choose(form, product, target);
    await form.locator('button.pi-button').click();
    const alert = page.locator('[role="alertdialog"]');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.locator('h2').textContent()).toBe('Unable to Add Item');
    expect(await alert.locator('p').textContent()).toBe('');
    expect(await page.locator('[data-testid="custom-form"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { kinds: string[] }).kinds)).toEqual([
      'CUSTOM_FORM_RENDER_ERROR',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the installment modal shows the provider's page; focus trapped and returned", async () => {
    const { page, errors, context } = await newPage(browser);
    const asked: string[] = [];
    await page.route(PROVIDER_URLS, (route) => {
      asked.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        // The provider's page is fetched cross-origin, so it must allow the read.
        headers: { 'access-control-allow-origin': '*' },
        body: PROVIDER_PAGE,
      });
    });
    await gotoInstallmentProduct(page, server.url, products);
    const info = page.locator('.pi-installment button[aria-haspopup="dialog"]');
    await info.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('.pi-installment-modal');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const frame = page.frameLocator('.pi-installment-modal iframe.pi-installment-frame');
    await expect
      .poll(() => frame.locator('#provider-heading').textContent(), { timeout: 5000 })
      .toBe('Pay in 4 with the provider');
    // The page for the shopper's locale (SPEC 9.1), fetched once.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/\/(en|fr)-(US|CA|AU|NZ|GB)\/how-it-works$/);
    // Its relative links point at the provider, not at the shop.
    expect(await frame.locator('a').getAttribute('href')).toBe('/terms');
    expect(await frame.locator('a').evaluate((a) => (a as HTMLAnchorElement).href)).toMatch(
      PROVIDER_URLS,
    );
    expect(await dialog.locator('[data-testid="installment-schedule"]').count()).toBe(0);
    await expect.poll(() => activeInside(page, '.pi-installment-modal')).toBe(true);
    // Tab passes through the frame's link and stays in the dialog. The sandboxed frame has an
    // opaque origin, so Chromium may run it in a process of its own, and focus crossing into or
    // out of it lands a moment after the key press: poll rather than read at once.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      await expect.poll(() => activeInside(page, '.pi-installment-modal')).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => activeInside(page, '.pi-installment-modal')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await info.evaluate((b) => b === document.activeElement)).toBe(true);
    // Reopen: shown from what was loaded; closed by a click outside, focus back on the button.
    await info.click();
    await expect.poll(() => frame.locator('#provider-heading').count()).toBe(1);
    expect(asked, asked.join(' ')).toHaveLength(1);
    await page.mouse.click(5, 5);
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await info.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the provider's page failing to load is only a console warning; the schedule stays", async () => {
    const { page, errors, context } = await newPage(browser);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.route(PROVIDER_URLS, (route) => route.abort());
    await gotoInstallmentProduct(page, server.url, products);
    await page.locator('.pi-installment button[aria-haspopup="dialog"]').click();
    const dialog = page.locator('.pi-installment-modal');
    await expect
      .poll(() => warnings.some((w) => w.startsWith('installment notice: could not load')))
      .toBe(true);
    const schedule = dialog.locator('[data-testid="installment-schedule"]');
    expect(await schedule.isVisible()).toBe(true);
    expect(await schedule.getAttribute('aria-busy')).toBeNull();
    expect(await schedule.textContent()).toContain('Pay in 4 interest-free payments');
    expect(await dialog.locator('iframe').count()).toBe(0);
    // Focus is still trapped without the frame.
    await expect.poll(() => activeInside(page, '.pi-installment-modal')).toBe(true);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await activeInside(page, '.pi-installment-modal')).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
