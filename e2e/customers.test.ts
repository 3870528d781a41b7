import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server.js';
import { launchBrowser, newPage, pageFetch } from './browser.js';
import { signInOwner } from './owner.js';

/** Screenshots of the customer pages at a phone's and a desktop's width. */
const SHOTS = process.env.CUSTOMER_SHOTS_DIR ?? '/tmp/customers-shots';
const CANDLE = { itemId: 'demo-candle', sku: 'SM-CANDLE-CEDAR' };

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    // No page is wider than a phone's screen.
    if (width === 390)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

describe('customer accounts in Chromium at 390 px', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let admin: BrowserContext | undefined;
  const email = `shopper-${Date.now()}@example.test`;

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    admin = await browser.newContext();
    const page = await admin.newPage();
    await signInOwner(page, server.url);
    // The About page becomes members-only.
    const pages = (await pageFetch(page, 'GET', '/api/content/pages')).json as {
      pages: { id: string; slug: string }[];
    };
    const about = pages.pages.find((p) => p.slug === 'about')!;
    const set = await pageFetch(page, 'PUT', `/api/content/pages/${about.id}/members-only`, {
      membersOnly: true,
    });
    expect(set.status).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The sign-in code mailed to the shopper (the demo keeps mail in the outbox). */
  async function mailedCode(): Promise<string> {
    const page = admin!.pages()[0]!;
    let code = '';
    await expect
      .poll(
        async () => {
          const outbox = (await pageFetch(page, 'GET', '/api/mail/outbox?pageSize=100')).json as {
            items: { kind: string; to: string; text: string }[];
          };
          const mail = outbox.items.find((m) => m.kind === 'customer-sign-in' && m.to === email);
          code = /\n(\d{6})\n/.exec(mail?.text ?? '')?.[1] ?? '';
          return code;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
    return code;
  }

  it('signs in with the mailed code, sees an order on /account and opens a member page', async () => {
    const { page, errors } = await newPage(browser!, { viewport: { width: 390, height: 844 } });
    // A visitor who is not signed in: the members-only page is the 106 page.
    const denied = await page.goto(`${server!.url}/about`);
    expect(denied?.status()).toBe(403);
    await expect.poll(() => page.locator('body').getAttribute('class')).toContain('page-type-106');
    await shoot(page, 'member-denied');
    // The header's account link (server-rendered) is at least 44 px on a desktop; on a phone
    // it is in the menu panel.
    await page.setViewportSize({ width: 1440, height: 900 });
    const box = await page.locator('.header-account').boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.locator('.header-account').isVisible()).toBe(false);
    await page.click('.mobile-menu summary');
    expect(await page.locator('.mobile-nav a[href="/account"]').isVisible()).toBe(true);
    await page.click('.mobile-menu summary');

    await page.click('.account-member a.button');
    await page.waitForURL(/\/account\/sign-in\?next=%2Fabout$/);
    await shoot(page, 'sign-in');
    await page.fill('#account-email', email);
    await page.click('.account-form button[type=submit]');
    await page.waitForSelector('#account-code');
    await shoot(page, 'code');
    await page.fill('#account-code', await mailedCode());
    await page.click('.account-form button[type=submit] >> nth=0');
    await page.waitForURL(/\/about$/);
    expect(await page.locator('body').getAttribute('class')).not.toContain('page-type-106');
    expect(await page.title()).toContain('About');
    const cookies = await page.context().cookies();
    const siteUser = cookies.find((c) => c.name === 'SiteUserInfo');
    expect(JSON.parse(decodeURIComponent(siteUser!.value))).toMatchObject({ authenticated: true });
    expect(cookies.find((c) => c.name === 'ss_customer')?.httpOnly).toBe(true);

    // An order placed signed in, then the account page lists it with its status.
    expect(
      (
        await pageFetch(page, 'POST', '/api/commerce/shopping-cart/entries', {
          ...CANDLE,
          quantity: 1,
        })
      ).status,
    ).toBe(200);
    const placed = await pageFetch(page, 'POST', '/api/commerce/orders', {
      email,
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        line1: '1 Main St',
        city: 'New York',
        region: 'NY',
        postalCode: '10001',
        country: 'US',
        phone: '555 0100',
      },
      shippingOptionId: 'standard',
      payment: { provider: 'test', token: 'tok_visa' },
    });
    expect(placed.status).toBe(201);
    const order = (placed.json as { order: { orderNumber: number } }).order;
    await page.goto(`${server!.url}/account`);
    await expect.poll(() => page.locator('.account-order').count()).toBe(1);
    expect(await page.locator('.account-order').innerText()).toContain(`#${order.orderNumber}`);
    // A saved address, through the plain form.
    await page.click('text=Add an address');
    await page.fill('#addr-firstName', 'Ada');
    await page.fill('#addr-lastName', 'Lovelace');
    await page.fill('#addr-line1', '1 Main St');
    await page.fill('#addr-city', 'New York');
    await page.fill('#addr-region', 'NY');
    await page.fill('#addr-postalCode', '10001');
    await page.selectOption('#addr-country', 'US');
    await page.click('text=Save address');
    await page.waitForURL(/notice=saved/);
    await expect.poll(() => page.locator('.account-address').count()).toBe(1);
    await shoot(page, 'account');
    // The order status page opens from the list.
    await page.click('.account-order a.button');
    await page.waitForURL(/\/orders\/status\//);
    expect(errors).toEqual([]);
  });

  it('/config Customers lists the shopper with the order', async () => {
    const page = admin!.pages()[0]!;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server!.url}/config#/customers`);
    await page.waitForSelector('.ed-table');
    await page.fill('#customers-search', 'shopper-');
    await page.click('form[role=search] button');
    await expect.poll(() => page.locator('.ed-table tbody tr').count()).toBe(1);
    expect(await page.locator('.ed-table tbody tr').innerText()).toContain(email);
    await shoot(page, 'config-customers');
  });
});
