import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage } from './browser.js';
import { chooseOption, hydrated } from './product-islands-helpers.js';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { signInOwnerByApi } from './owner.js';

/** The demo's fully sold-out product (demo/demo-store.json). */
const PRODUCT_ID = 'demo-dune-vase';
const PRODUCT_PATH = '/shop/p/dune-vase';

describe('restock sign-up in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it("signs up for a sold-out variant, shows 'Signed up!', and the owner sees the row", async () => {
    const { page, errors, failed, context } = await newPage(browser);
    // The sign-up is its own chunk, fetched before hydrating when the server's markup has it (the
    // product form's `prepare`): hydration keeps the server's form node instead of redrawing it.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { ssrRestock: unknown }).ssrRestock =
          document.querySelector('.rs-restock');
      });
    });
    await page.goto(`${server.url}${PRODUCT_PATH}`);
    await hydrated(page, '[data-island="product-form"]');
    const form = page.locator('.rs-restock form');
    await expect.poll(() => form.count()).toBe(1);
    expect(
      await page.evaluate(() => {
        const ssr = (window as unknown as { ssrRestock: Element | null }).ssrRestock;
        return ssr !== null && ssr === document.querySelector('.rs-restock');
      }),
    ).toBe(true);
    const submit = form.locator('button[type="submit"]');
    await expect.poll(() => submit.isEnabled()).toBe(true);

    // Client validation with the SPEC 5.4 texts, announced in the live region.
    await submit.click();
    await expect.poll(() => form.locator('.rs-error').textContent()).toBe('Email cannot be blank');
    const email = page.getByLabel('Email Address');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await email.fill('not-an-address');
    await submit.click();
    await expect.poll(() => form.locator('.rs-error').textContent()).toBe('Email is invalid');

    await email.fill('E2E.Shopper@Example.com');
    await submit.click();
    // The bot check (ALTCHA) is solved in the page, then the success text replaces the form.
    await expect
      .poll(() => page.locator('.rs-restock .rs-success').textContent(), { timeout: 30_000 })
      .toBe('Signed up!');
    expect(await page.locator('.rs-restock form').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(failed.filter((f) => !f.endsWith('/favicon.ico'))).toEqual([]);

    // The owner's API lists the sign-up (same browser context: cookies and crumb).
    await signInOwnerByApi(context, server.url);
    const list = await context.request.get(
      `${server.url}/api/site-users/account/notifications/restock?productId=${PRODUCT_ID}`,
    );
    expect(list.status()).toBe(200);
    const body = (await list.json()) as { signUps: { email: string; notified: boolean }[] };
    expect(body.signUps.find((s) => s.email === 'e2e.shopper@example.com')).toMatchObject({
      notified: false,
    });
    await context.close();
  });

  it('fetches and shows the sign-up when the visitor chooses a sold-out variant', async () => {
    const { page, errors, failed, context } = await newPage(browser);
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') chunks.push(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/shop/p/tidepool-mug`);
    await hydrated(page, '[data-island="product-form"]');
    // In stock as first shown: no sign-up and none of its code (issue 13's JS budget).
    expect(await page.locator('.rs-restock').count()).toBe(0);
    // (The captcha's words ride with the storefront texts; its code is what must wait.)
    expect(
      chunks.filter((c) => /\/(restock-form|captcha)-/.test(c) && !/\/captcha-texts-/.test(c)),
    ).toEqual([]);
    await chooseOption(page.locator('[data-island="product-form"]'), 'Glaze', 'Charcoal');
    const form = page.locator('.rs-restock form');
    await expect.poll(() => form.count()).toBe(1);
    await expect.poll(() => form.locator('button[type="submit"]').isEnabled()).toBe(true);
    expect(chunks.some((c) => /\/restock-form-/.test(c))).toBe(true);
    // The bot check's solver arrives only once the visitor starts filling the form in.
    expect(chunks.some((c) => /\/providers-/.test(c))).toBe(false);
    await page.getByLabel('Email Address').focus();
    await expect.poll(() => chunks.some((c) => /\/providers-/.test(c))).toBe(true);
    await expect
      .poll(() => form.locator('.form-captcha').getAttribute('data-captcha-status'), {
        timeout: 30_000,
      })
      .toBe('done');
    expect(errors).toEqual([]);
    expect(failed.filter((f) => !f.endsWith('/favicon.ico'))).toEqual([]);
    await context.close();
  });
});
