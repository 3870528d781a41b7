import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage } from './browser.js';
import { useServerAndBrowser } from './harness.js';
import type { RunningServer } from './server.js';
import { signInOwner } from './owner.js';

/** The owner's gift cards screen (issue 15): issue one by hand, see it once, disable it. */
describe('gift cards screen in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('issues a card showing its code once, then opens it and disables it', async () => {
    const { page, errors, context } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
    });
    await signInOwner(page, server.url);
    await page.goto(`${server.url}/config#/gift-cards`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Gift cards');

    await page.getByRole('button', { name: 'Issue gift card' }).click();
    const form = page.locator('form.ed-gc-form');
    // A bad amount is named beside its field; nothing is sent.
    await form.getByLabel(/Amount/).fill('abc');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('#gc-amount-error').textContent()).toMatch(/amount/i);
    await form.getByLabel(/Amount/).fill('25');
    await form.getByLabel(/Recipient email/).fill('carol@example.com');
    await form.locator('button[type="submit"]').click();

    const code = page.locator('.ed-gc-full-code');
    await expect
      .poll(() => code.textContent())
      .toMatch(/^([A-HJ-NP-Z2-9]{4} ){3}[A-HJ-NP-Z2-9]{4}$/);
    const full = (await code.textContent())!;
    const last4 = full.slice(-4);
    const row = page.locator('a.ed-gc-code', { hasText: last4 });
    expect(await row.textContent()).toBe(`•••• •••• •••• ${last4}`);
    // Done: the full code is gone from the screen for good.
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.content()).not.toContain(full);

    await row.click();
    await expect.poll(() => page.locator('.ed-gc-balance').textContent()).toContain('$25.00');
    await page.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => page.locator('.ed-status').first().textContent()).toBe('Disabled');
    expect(await page.locator('table').last().textContent()).toContain('Disabled');
    await page.getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => page.locator('.ed-status').first().textContent()).toBe('Active');
    expect(errors).toEqual([]);
    await context.close();
  });
});
