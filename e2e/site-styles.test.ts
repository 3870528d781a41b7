import { describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { newPage } from './browser.js';
import { useServerAndBrowser } from './harness.js';
import type { RunningServer } from './server.js';
import { signInOwner } from './owner.js';

/** The computed accent (a filled button) and heading font of the page. */
async function looks(target: Page | Frame) {
  return target.evaluate(() => {
    // A button on a hero image is drawn white on purpose; any other takes the accent. Without
    // one, a probe painted with the accent variable shows what the page's accent is.
    const button = [...document.querySelectorAll('main .button')].find(
      (b) => !b.closest('.section-hero.has-background'),
    );
    const probe = document.createElement('span');
    probe.style.background = 'var(--color-accent)';
    if (!button) document.querySelector('main')?.append(probe);
    const buttonBackground = getComputedStyle(button ?? probe).backgroundColor;
    probe.remove();
    const h1 = document.querySelector('main h1');
    return {
      buttonBackground,
      headingFont: h1 ? getComputedStyle(h1).fontFamily : null,
    };
  });
}

describe('site styles at /config#/design', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it('previews an accent colour and heading font live, saves them, and visitors see them', async () => {
    const { page, errors } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInOwner(page, server.url, '/config#/design');
    await page.goto(`${server.url}/config#/design`);
    const accentHex = page.locator('#ds-color-accent-hex');
    await accentHex.waitFor();

    // SPEC 5.7's text beside a bad HSL value; nothing changes.
    await page.fill('#ds-color-accent-hsl', 'hsl(400, 0.5, 0.5)');
    await expect
      .poll(() => page.locator('#ds-color-accent-err').textContent())
      .toBe('Hue out of bounds.');

    await accentHex.fill('#c2410c');
    await page
      .locator('label.ds-font:has(input[name=font-heading][value=playfair-display])')
      .click();
    await expect
      .poll(() => page.locator('.ds-save-bar [role=status]').textContent())
      .toBe('Unsaved changes');

    // The live preview shows the unsaved change (same-origin frame, CSS variables set inside).
    const frame = page.frameLocator('.ds-preview-frame');
    await frame.locator('main .button').first().waitFor();
    const preview = page.frames().find((f) => f !== page.mainFrame())!;
    await expect
      .poll(() => looks(preview))
      .toEqual({
        buttonBackground: 'rgb(194, 65, 12)',
        headingFont: expect.stringContaining('Playfair Display'),
      });

    await page.click('button:has-text("Save design")');
    await expect
      .poll(() => page.locator('.ds-save-bar [role=status]').textContent())
      .toBe('Saved.');

    // A visitor (no session) gets the saved look on the home page, fonts from this site only.
    const visitor = await newPage(browser, { viewport: { width: 390, height: 844 } });
    const hosts = new Set<string>();
    visitor.page.on('request', (r) => hosts.add(new URL(r.url()).host));
    await visitor.page.goto(`${server.url}/`);
    await visitor.page.evaluate(() => document.fonts.ready);
    expect(await looks(visitor.page)).toEqual({
      buttonBackground: 'rgb(194, 65, 12)',
      headingFont: expect.stringContaining('Playfair Display'),
    });
    expect(
      await visitor.page.evaluate(() => document.fonts.check("700 2rem 'Playfair Display'")),
    ).toBe(true);
    expect([...hosts]).toEqual([new URL(server.url).host]);
    expect(visitor.errors).toEqual([]);
    expect(errors).toEqual([]);
  });
});
