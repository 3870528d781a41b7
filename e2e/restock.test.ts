import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage } from './browser.js';
import { hydrated } from './product-islands-helpers.js';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';

/** The demo's fully sold-out product (demo/demo-store.json). */
const PRODUCT_ID = 'demo-dune-vase';
const PRODUCT_PATH = '/shop/p/dune-vase';

describe('restock sign-up in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it("signs up for a sold-out variant, shows 'Signed up!', and the owner sees the row", async () => {
    const { page, errors, failed, context } = await newPage(browser);
    await page.goto(`${server.url}${PRODUCT_PATH}`);
    await hydrated(page, '[data-island="product-form"]');
    const form = page.locator('.rs-restock form');
    await expect.poll(() => form.count()).toBe(1);
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
    const crumb = async () =>
      (await context.cookies(server.url)).find((c) => c.name === 'crumb')?.value ?? '';
    const login = await context.request.post(`${server.url}/api/auth/login`, {
      data: { email: 'owner@demo.test', password: 'demo-password' },
      headers: { 'x-csrf-token': await crumb() },
    });
    expect(login.status()).toBe(200);
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
});
