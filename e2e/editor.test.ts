import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser.js';
import { hydrated } from './product-islands-helpers.js';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { crumbOf } from './owner.js';

/** The demo's fully sold-out product: 3 seeded sign-ups (src/server/restock/demo-restock.ts). */
const VASE_PATH = '/shop/p/dune-vase';
const SHOPPER = 'editor.e2e@example.com';
const XSS_NAME = '<img src=x onerror="window.__xss=1">';
/** Headless Chromium's own user agent is a known bot, which analytics counts apart. */
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** The text of a stat in the overview's `<dl>` ('Visits' → '3'). */
async function stat(page: Page, label: string): Promise<string> {
  return (
    (await page
      .locator('.ed-stat', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('.ed-stat-value')
      .textContent()) ?? ''
  );
}

describe('the owner dashboard at /config', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it('shows visits, restock sign-ups (and sends them), stock edits, and escaped form data', async () => {
    // --- a shopper browses, signs up for the sold-out vase, and joins the newsletter ---
    const shopper = await newPage(browser, { userAgent: UA });
    // The tracker loads after `load`; wait for each page view to be sent before moving on.
    for (const path of ['/', '/shop', '/shop/p/tidepool-mug', VASE_PATH]) {
      const hit = shopper.page.waitForRequest((r) => r.url().endsWith('/api/census/RecordHit'));
      await shopper.page.goto(`${server.url}${path}`);
      await hit;
    }
    await hydrated(shopper.page, '[data-island="product-form"]');
    const form = shopper.page.locator('.rs-restock form');
    await expect.poll(() => form.locator('button[type="submit"]').isEnabled()).toBe(true);
    await shopper.page.getByLabel('Email Address').fill(SHOPPER);
    await form.locator('button[type="submit"]').click();
    await expect
      .poll(() => shopper.page.locator('.rs-restock .rs-success').textContent(), {
        timeout: 30_000,
      })
      .toBe('Signed up!');

    // A newsletter sign-up whose name is markup: the dashboard must show it as text.
    const headers = { 'x-csrf-token': await crumbOf(shopper.context, server.url) };
    const key = await shopper.context.request.post(`${server.url}/api/form/FormSubmissionKey`, {
      headers,
    });
    expect(key.status()).toBe(200);
    const saved = await shopper.context.request.post(`${server.url}/api/form/SaveFormSubmission`, {
      headers,
      data: {
        key: ((await key.json()) as { data: { key: string } }).data.key,
        formId: 'form-newsletter',
        form: JSON.stringify({ email: 'news.e2e@example.com', name: [XSS_NAME, 'Tester'] }),
        pagePath: '/',
      },
    });
    expect(saved.status()).toBe(200);
    // The storefront's add-to-cart event, as the product form sends it.
    const added = await shopper.context.request.post(`${server.url}/api/v1/clanker/events`, {
      data: {
        eventSchemaName: 'CommerceAddToCart',
        eventContent: {
          website_id: 'demo',
          logged_in: false,
          session_id: 'e2e-session',
          product_id: 'e2e-product',
          product_name: 'Dashboard Test Mug',
          quantity: 3,
        },
      },
    });
    expect(added.status()).toBeLessThan(300);
    expect(shopper.errors).toEqual([]);
    await shopper.context.close();

    // --- the owner signs in and lands on the overview ---
    const { page, errors, failed, context } = await newPage(browser, {
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(`${server.url}/config#/restock`);
    expect(page.url()).toContain('/config/login');
    await page.fill('#email', 'owner@demo.test');
    await page.fill('#password', 'demo-password');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/config$/);
    await expect.poll(() => page.locator('header').textContent()).toContain('owner@demo.test');
    expect(await page.locator('header').textContent()).toContain('admin');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Overview');
    expect(await page.getAttribute('nav a[href="#/"]', 'aria-current')).toBe('page');

    // Visits arrive through the telemetry queue (written within a second): reload until they show.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.locator('.ed-stat').first().waitFor();
          return Number((await stat(page, 'Page views')).replace(/\D/g, ''));
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThanOrEqual(4);
    expect(Number(await stat(page, 'Unique visitors'))).toBeGreaterThanOrEqual(1);
    expect(await page.locator('table caption', { hasText: 'Most viewed pages' }).count()).toBe(1);
    // Product views → added to cart → cart views → checkout → purchase.
    await expect.poll(() => page.locator('.ed-funnel li').count()).toBe(5);
    expect(await page.locator('.ed-funnel').textContent()).toContain('Product views');
    const additions = page.locator('table', {
      has: page.locator('caption', { hasText: 'Most added to carts' }),
    });
    // The add-to-cart event was sent last, and events are written by their own one-second queue:
    // the page views above may be in while it is not yet. Reload until it shows (reading a table
    // that is not there yet would wait without end, so wait for it with a bound).
    await expect
      .poll(
        async () => {
          const ready = await additions
            .waitFor({ timeout: 3000 })
            .then(() => true)
            .catch(() => false);
          const text = ready ? ((await additions.textContent()) ?? '') : '';
          if (!text.includes('Dashboard Test Mug')) await page.reload();
          return text;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toContain('Dashboard Test Mug');
    expect(await additions.locator('tr', { hasText: 'Dashboard Test Mug' }).textContent()).toBe(
      'Dashboard Test Mug311',
    );

    // Keyboard: the navigation is reachable and moves focus to the new screen's heading.
    await page.locator('nav a[href="#/performance"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Performance');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect
      .poll(() => page.locator('#pf-speed ~ *').first().textContent())
      .not.toContain('Loading');
    expect(await page.locator('[role="alert"]').count()).toBe(0);

    // --- restock: the group shows the new sign-up; sending notifies all four ---
    await page.click('nav a[href="#/restock"]');
    const row = page.locator('tr', { has: page.locator('th', { hasText: 'Dune Vase' }) });
    await expect.poll(() => row.locator('td').nth(1).textContent()).toBe('4');
    expect(await row.locator('td').nth(2).textContent()).toBe('4');
    await row.getByRole('button', { name: /^Send notifications/ }).click();
    // The vase is still sold out: the editor asks before spending the sign-ups.
    await row.getByRole('button', { name: 'Send anyway' }).click();
    await expect
      .poll(() => row.locator('[role="status"]').textContent(), { timeout: 30_000 })
      .toBe('Sent 4 of 4');
    await expect.poll(() => row.locator('td').nth(2).textContent()).toBe('0');
    expect(await page.getByRole('button', { name: 'Send all' }).isDisabled()).toBe(true);

    // The group's own screen lists the shopper, now notified.
    await row.locator('th a').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Dune Vase');
    const signUp = page.locator('tr', { has: page.locator('th', { hasText: SHOPPER }) });
    await expect.poll(() => signUp.locator('td').nth(2).textContent()).toMatch(/^Sent /);

    // --- inventory: put the vase back in stock ---
    await page.click('nav a[href="#/inventory"]');
    const qty = page.getByLabel('In stock: Dune Vase', { exact: true });
    await qty.waitFor();
    expect(await qty.inputValue()).toBe('0');
    await qty.fill('5');
    await page.getByRole('button', { name: 'Save stock for Dune Vase', exact: true }).click();
    const vaseRow = page.locator('tr', { has: qty });
    await expect.poll(() => vaseRow.locator('[role="status"]').textContent()).toMatch(/^Saved/);
    const ctx = (await (
      await context.request.get(`${server.url}${VASE_PATH}?format=json`)
    ).json()) as { item: { structuredContent: { variants: { qtyInStock: number }[] } } };
    expect(ctx.item.structuredContent.variants[0]!.qtyInStock).toBe(5);

    // --- forms & mail: the markup arrives as text, and the notices sit in the outbox ---
    await page.click('nav a[href="#/forms"]');
    await expect
      .poll(() => page.locator('#fm-outbox ~ *').first().textContent())
      .toContain('Dune Vase is back in stock');
    // The newsletter form's inbox: open the submission (unread, so bold) to read its answers.
    await page.click('a[href="#/forms/form-newsletter/submissions"]');
    await page.locator('.fm-sub.fm-unread .fm-sub-open').first().click();
    const answers = page.locator('.ed-answers').first();
    await expect.poll(() => answers.textContent()).toContain(XSS_NAME);
    expect(await page.locator('.ed-answers img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    // --- sign out ---
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/config\/login/);
    await page.goto(`${server.url}/config`);
    expect(page.url()).toContain('/config/login');

    expect(errors).toEqual([]);
    expect(failed.filter((f) => !f.endsWith('/favicon.ico'))).toEqual([]);
    await context.close();
  });

  it('shows the SPEC 8.7 texts when an owner API fails', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${server.url}/config/login`);
    const login = await context.request.post(`${server.url}/api/auth/login`, {
      data: { email: 'owner@demo.test', password: 'demo-password' },
      headers: { 'x-csrf-token': await crumbOf(context, server.url) },
    });
    expect(login.status()).toBe(200);
    await page.route('**/api/analytics/summary*', (r) => r.abort('connectionrefused'));
    await page.route('**/api/analytics/funnel*', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }),
    );
    await page.goto(`${server.url}/config`);
    const alerts = page.locator('[role="alert"]');
    await expect.poll(() => alerts.count()).toBe(2);
    expect(await alerts.nth(0).textContent()).toContain('Unable to load. Try again.');
    expect(await alerts.nth(0).textContent()).toContain('Network error');
    expect(await alerts.nth(1).textContent()).toContain('Something went wrong');
    // Retry reaches the server again once it answers.
    await page.unroute('**/api/analytics/summary*');
    await alerts.nth(0).getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => page.locator('section[aria-labelledby="ov-traffic"] .ed-stat').count())
      .toBe(3);
    await context.close();
  });
});
