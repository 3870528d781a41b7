import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server.js';
import { launchBrowser, newPage } from './browser.js';
import { signInOwner } from './owner.js';

/** Screenshots land here when SCREENSHOT_DIR is set (docs/images/ keeps the ones docs use). */
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

describe('websites in /config', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  }, 60_000);

  it('creates a website from a theme, opens it on its host, and switches back', async () => {
    const { page, errors } = await newPage(browser, {
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
    });
    await signInOwner(page);
    await page.goto('/config#/websites');
    await page.getByRole('heading', { name: 'Websites', level: 1 }).waitFor();
    await page.locator('.ws-card').first().waitFor();
    await shot(page, 'websites-1440.png');

    await page.getByRole('link', { name: 'New website' }).first().click();
    await page.getByRole('heading', { name: 'New website', level: 1 }).waitFor();
    await page.getByLabel('Website title').fill('Heron Studio');
    // The address follows the title, checked live, with the URL it will have.
    await page.locator('.ws-available').waitFor({ timeout: 30_000 });
    expect(await page.locator('.ws-available').textContent()).toContain(
      `heron-studio.localhost:${server.port}`,
    );
    // A taken address says so.
    await page.getByLabel('Address').fill('demo');
    await expect
      .poll(() => page.locator('#ws-slug-status').textContent(), { timeout: 30_000 })
      .toContain('Another website already uses this address');
    await page.getByLabel('Address').fill('heron-studio');
    await page.locator('.ws-available').waitFor({ timeout: 30_000 });
    // The second theme when there is one, else the store theme.
    const themes = page.locator('.ws-theme');
    const count = await themes.count();
    await themes.nth(count > 1 ? 1 : 0).click();
    await shot(page, 'new-website-1440.png');
    await page.getByRole('button', { name: 'Create website' }).click();
    await page.getByRole('heading', { name: 'Your website is ready' }).waitFor({ timeout: 90_000 });
    await shot(page, 'website-ready-1440.png');

    // Open its editor: the hand-off signs the owner in on heron-studio.localhost.
    await Promise.all([
      page.waitForURL(new RegExp(`heron-studio\\.localhost:${server.port}/config`), {
        timeout: 60_000,
      }),
      page.getByRole('button', { name: 'Open its editor' }).click(),
    ]);
    await page.locator('.ws-switcher summary').waitFor();
    expect(await page.locator('.ws-switcher .ed-site-title').textContent()).toBe('Heron Studio');
    // Its live site answers on its host.
    // (Chromium resolves *.localhost itself; Node's resolver may not, so a page, not a request.)
    const live = await page.context().newPage();
    const res = await live.goto(`http://heron-studio.localhost:${server.port}/`);
    expect(res?.status()).toBe(200);
    expect(await live.content()).toContain('Welcome to Heron Studio');
    await shot(live, 'starter-home-1440.png');
    await live.setViewportSize({ width: 390, height: 844 });
    await live.goto(`http://heron-studio.localhost:${server.port}/shop`);
    await shot(live, 'starter-shop-390.png');
    await live.close();

    // Switch back to the demo through the header's menu.
    await page.locator('.ws-switcher summary').click();
    const back = page.locator('.ws-menu button', { hasText: 'Saltmarsh Ceramics' });
    await back.waitFor();
    await Promise.all([
      page.waitForURL(new RegExp(`demo\\.localhost:${server.port}/config`), { timeout: 60_000 }),
      back.click(),
    ]);
    await page.locator('.ws-switcher summary').waitFor();
    expect(await page.locator('.ws-switcher .ed-site-title').textContent()).toBe(
      'Saltmarsh Ceramics',
    );
    expect(errors).toEqual([]);
  }, 240_000);

  it('shows the screens on a phone', async () => {
    const { page } = await newPage(browser, {
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signInOwner(page);
    await page.goto('/config#/websites');
    await page.locator('.ws-card').nth(1).waitFor({ timeout: 30_000 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth + 1,
    );
    expect(overflow).toBe(false);
    await shot(page, 'websites-390.png');
    await page.goto('/config#/websites/new');
    await page.getByLabel('Website title').fill('Pocket Shop');
    await page.locator('.ws-available').waitFor({ timeout: 30_000 });
    await shot(page, 'new-website-390.png');
    await page.locator('.ws-switcher summary').click();
    await page.locator('.ws-menu li').first().waitFor();
    await shot(page, 'switcher-390.png');
    await page.goto('/config#/settings');
    await page.getByRole('heading', { name: 'Domains' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Add a domain').fill('shop.heron.example');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('shop.heron.example is added').waitFor();
    await page.getByRole('heading', { name: 'Domains' }).scrollIntoViewIfNeeded();
    await shot(page, 'domains-390.png');
  }, 180_000);
});
