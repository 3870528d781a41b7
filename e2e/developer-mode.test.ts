import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser.js';
import { useServerAndBrowser } from './harness.js';
import type { RunningServer } from './server.js';
import { signInOwner } from './owner.js';

const SHOTS = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
};

/**
 * Developer mode (issue 16, "done when" 3 and 4): turn it on, break a template and see the error
 * in the editor while visitors keep the last good page, then fix it and see the change live.
 */
describe('developer mode in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  const visitorHome = async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    return res.text();
  };

  async function signIn(page: Page) {
    await signInOwner(page, server.url);
  }

  it('edits the live theme with errors shown in the editor, never to visitors', async () => {
    const { page, errors } = await newPage(browser, { viewport: { width: 1440, height: 1000 } });
    await signIn(page);
    await page.goto(`${server.url}/config#/developer`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Developer mode');
    const toggle = page.getByRole('switch', { name: /Developer mode/ });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByRole('heading', { name: 'Developer mode is on' }).waitFor({ timeout: 60_000 });

    // The home page's template opens in CodeMirror, highlighted as JSON-T.
    const code = page.locator('.dv-code .cm-content');
    await code.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('.dv-path').textContent())
      .toContain('collections/page.page');
    expect(await page.locator('.dv-code .cm-line').first().innerHTML()).toMatch(/<span/);

    // A first change, saved: live for visitors at once.
    await code.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('<p class="dev-mark">Hello from developer mode</p>\n');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. Version 2 is live.').waitFor({ timeout: 60_000 });
    expect(await visitorHome()).toContain('Hello from developer mode');

    // Break it: the error shows live, with its line, as a lint marker and in the list.
    await code.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('<p>{collection.title|no-such-formatter}</p>\n');
    const list = page.getByRole('region', { name: 'Template errors' });
    await list.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => list.textContent(), { timeout: 60_000 })
      .toMatch(/collections\/page\.page:1.*Formatter 'no-such-formatter' is unknown/);
    await page.locator('.dv-code .cm-lint-marker-error').first().waitFor();
    // The preview shows the draft without the failed tag's source.
    const frame = page.frameLocator('iframe[title="Page preview"]');
    await frame.locator('.dev-mark').waitFor({ timeout: 60_000 });
    expect(await frame.locator('body').textContent()).not.toContain('no-such-formatter');
    await shot(page, 'developer-error-1440.png');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Not published: 1 error/).waitFor({ timeout: 60_000 });
    const kept = await visitorHome();
    expect(kept).toContain('Hello from developer mode');
    expect(kept).not.toMatch(/no-such-formatter|SyntaxError|RuntimeError/);

    // Fix it (the broken first line goes, the text changes) and see it live.
    await code.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('<p class="dev-fixed">Fixed and live</p>\n');
    await page.getByText('No template errors.').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. Version 3 is live.').waitFor({ timeout: 60_000 });
    await expect.poll(visitorHome, { timeout: 30_000 }).toContain('Fixed and live');

    // Versions: the list and a diff of the first save.
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page.getByRole('button', { name: /Version 2 · Saved/ }).click();
    await page.locator('.dv-merge .cm-changedLine').first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Restore version 2' }).waitFor();
    await shot(page, 'developer-versions-1440.png');

    // The live pages rendered since the fix have no errors.
    await page.getByRole('tab', { name: 'Page errors' }).click();
    await page
      .getByText('No errors on the pages rendered since the last save.')
      .waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
  }, 300_000);

  it('fits a phone, and says code editing is not available on Android', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page);
    await page.goto(`${server.url}/config#/developer`);
    await page.locator('.dv-code .cm-content').waitFor({ timeout: 60_000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // The preview renders here too (below the editor on a phone).
    const frame = page.frameLocator('iframe[title="Page preview"]');
    await frame.locator('.dev-fixed').waitFor({ timeout: 60_000 });
    await shot(page, 'developer-390.png');
    if (SHOTS) {
      await page.locator('.dv-editor').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'developer-390-editor.png') });
    }
    await context.close();

    const android = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    });
    await signIn(android.page);
    await android.page.goto(`${server.url}/config#/developer`);
    await android.page.getByText('Code editing is not available on Android.').waitFor();
    expect(await android.page.locator('.cm-editor').count()).toBe(0);
    await android.context.close();
  }, 180_000);
});
