import { expect, it, describe } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { newPage } from './browser.js';
import { signInOwner } from './owner.js';

describe('owner sign-in in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it('signs in with the demo owner and reaches the editor', async () => {
    const { page, errors, failed, context } = await newPage(browser);
    await page.goto(`${server.url}/config`);
    expect(page.url()).toContain('/config/login');
    await page.fill('#email', 'owner@demo.test');
    await page.fill('#password', 'wrong-password');
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('#login-error')).toContain('incorrect');
    // The refused attempt stays on the sign-in page's own address.
    expect(new URL(page.url()).pathname).toBe('/config/login');
    await page.fill('#password', 'demo-password');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/config$/);
    expect(await page.textContent('header')).toContain('owner@demo.test');
    expect(errors).toEqual([]);
    expect(failed.filter((f) => !f.endsWith('/favicon.ico'))).toEqual(['401 /config/login']);
    await context.close();
  });

  it('signs in with JavaScript off: the served form carries the crumb', async () => {
    const { page, failed, context } = await newPage(browser, { javaScriptEnabled: false });
    await signInOwner(page, server.url);
    expect(await page.textContent('header')).toContain('owner@demo.test');
    expect(failed.filter((f) => !f.endsWith('/favicon.ico'))).toEqual([]);
    await context.close();
  });

  it('shows a gallery image on its own page', async () => {
    const { page, errors, failed, context } = await newPage(browser);
    const res = await page.goto(`${server.url}/search?q=kiln`);
    expect(res?.status()).toBe(200);
    const link = page.locator('main a[href^="/gallery/"]').first();
    await link.click();
    await page.waitForURL(/\/gallery\/[^/]+$/);
    const img = page.locator('main figure img');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.locator('main h1').count()).toBe(1);
    expect(await img.getAttribute('alt')).not.toBe('');
    expect(errors).toEqual([]);
    expect(failed.filter((f) => !f.endsWith('/favicon.ico'))).toEqual([]);
    await page.screenshot({ path: '/tmp/wt-a-gallery-item.png' });
    await context.close();
  });
});
