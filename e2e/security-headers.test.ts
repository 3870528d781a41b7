import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from './server.js';
import { launchBrowser, newPage } from './browser.js';

/**
 * Issue 11: /config gets a strict CSP. The dashboard must still load and work under it in
 * Chromium, with no policy violation, and the storefront must still render its islands.
 */
let server: RunningServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 240_000);

it('signs in and loads the dashboard under its CSP without violations', async () => {
  const { page, errors } = await newPage(browser!, { viewport: { width: 1440, height: 900 } });
  const res = await page.goto(`${server!.url}/config/login`);
  expect(res?.headers()['x-frame-options']).toBe('DENY');
  await page.fill('#email', 'owner@demo.test');
  await page.fill('#password', 'demo-password');
  await Promise.all([page.waitForURL(/\/config$/), page.click('button[type=submit]')]);
  // The editor bundle replaced the server's "Loading…" (it ran under script-src 'self').
  await page.waitForFunction(() => !document.body.textContent?.includes('Loading…'), null, {
    timeout: 30_000,
  });
  await page.screenshot({ path: '/tmp/shots-wt-bd/config-1440.png' });
  // The charts (uPlot) and the inventory screen render under the policy too.
  for (const tab of ['Performance', 'Inventory']) {
    await page.getByRole('link', { name: tab }).first().click();
    await page.getByRole('heading', { name: tab }).first().waitFor({ timeout: 30_000 });
  }
  await page.screenshot({ path: '/tmp/shots-wt-bd/config-inventory-1440.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/shots-wt-bd/config-390.png' });
  // CSP violations are console errors ('Refused to execute inline script…').
  expect(errors).toEqual([]);
});
