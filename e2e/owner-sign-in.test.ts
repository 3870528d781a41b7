import { expect, it, describe } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { newPage } from './browser.js';

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
    await page.fill('#password', 'demo-password');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/config$/);
    expect(await page.textContent('header')).toContain('owner@demo.test');
    expect(errors).toEqual([]);
    expect(failed.filter((f) => !f.endsWith('/favicon.ico'))).toEqual(['401 /api/auth/login']);
    await context.close();
  });
});
