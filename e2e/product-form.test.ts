import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { orderedOptions } from '../src/shared/product/rules.js';
import type { ProductItemJson, VariantJson } from '../src/shared/product/types.js';
import { launchBrowser, newPage } from './browser.js';
import {
  activeInside,
  cartCount,
  hydrated,
  pick,
  shopProducts,
} from './product-islands-helpers.js';
import { startServer, type RunningServer } from './server.js';

const soldOut = (v: VariantJson) => !v.unlimited && v.qtyInStock <= 0;
const inStock = (v: VariantJson) => v.unlimited || v.qtyInStock > 1;

async function choose(form: Locator, product: ProductItemJson, variant: VariantJson) {
  for (const o of orderedOptions(product.structuredContent)) {
    await form.locator(`select[name="${o.name}"]`).selectOption(variant.attributes[o.name]!);
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
      await form.locator('button.pi-button').click();
      expect(await dialog.locator('p').textContent()).toBe(message);
      await dialog.locator('button', { hasText: 'OK' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
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

  it('the installment modal traps focus and returns it to the info button', async () => {
    const { page, errors, context } = await newPage(browser);
    let found = false;
    for (const p of products.filter(
      (x) => x.structuredContent.productType === 1 && !x.structuredContent.isSubscribable,
    )) {
      await page.goto(`${server.url}${p.fullUrl}`);
      await hydrated(page, '[data-island="product-form"]');
      if (await page.locator('.pi-installment').count()) {
        found = true;
        break;
      }
    }
    expect(found, 'a demo product with the installment notice').toBe(true);
    const info = page.locator('.pi-installment button[aria-haspopup="dialog"]');
    await info.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('.pi-installment-modal');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Focus moves in once the modal has rendered (an effect after paint).
    await expect.poll(() => activeInside(page, '.pi-installment-modal')).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await activeInside(page, '.pi-installment-modal')).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await activeInside(page, '.pi-installment-modal')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await info.evaluate((b) => b === document.activeElement)).toBe(true);
    // Reopen and close by clicking outside.
    await info.click();
    await page.mouse.click(5, 5);
    await expect.poll(() => dialog.count()).toBe(0);
    // Console warnings are allowed (SPEC 7: an information-page failure is only warned about).
    expect(errors).toEqual([]);
    await context.close();
  });
});
