import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { newPage } from './browser.js';
import { cartCount, hydrated } from './product-islands-helpers.js';

const FORM = '[data-island="product-form"]';

/** Issue 14: the demo's Everyday Bowl (Size: 3 values, Color: Sea Glass / Sandstone). */
describe('variant options as buttons and colour swatches', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it('picks a size and a colour swatch by pointer and keyboard, then adds to the cart', async () => {
    // The server draws the radio groups itself: the page works the same before hydration.
    const html = await (await fetch(`${server.url}/shop/p/everyday-bowl`)).text();
    expect(html).toMatch(/pi-option-swatches[^>]*data-variant-option-name="Color"/);
    expect(html).toMatch(/pi-option-buttons[^>]*data-variant-option-name="Size"/);

    const { page, errors, failed, context } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`${server.url}/shop/p/everyday-bowl`);
    await hydrated(page, FORM);
    const form = page.locator(FORM);
    const size = form.locator('fieldset[data-variant-option-name="Size"]');
    const color = form.locator('fieldset[data-variant-option-name="Color"]');
    expect(await color.locator('.pi-swatch').count()).toBe(2);
    expect(await color.locator('legend').textContent()).toBe('Color');
    // Every choice is a touch target of at least 44 × 44 px.
    for (const label of await form.locator('.pi-choice').all()) {
      const box = (await label.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }

    // Large Sandstone is sold out: once Large is chosen, the Sandstone swatch is crossed out…
    await size.getByRole('radio', { name: 'Large' }).click();
    const sandstone = color.locator('.pi-choice', {
      has: page.locator('input[value="Sandstone"]'),
    });
    await expect.poll(() => sandstone.getAttribute('data-availability')).toBe('sold-out');
    expect(await color.getByRole('radio', { name: /^Sandstone\s*, sold out$/ }).count()).toBe(1);
    // …yet choosable: the button says Sold Out and the legend names the colour.
    await sandstone.click();
    const button = form.locator('button.pi-button');
    await expect.poll(() => button.textContent()).toBe('Sold Out');
    expect(await button.isDisabled()).toBe(true);
    expect(await color.locator('legend').textContent()).toBe('ColorSandstone');

    // Keyboard: the group is one radio group; an arrow key moves the choice to Sea Glass.
    expect(
      await color.locator('input[value="Sandstone"]').evaluate((i) => i === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => color.locator('input[value="Sea Glass"]').isChecked()).toBe(true);
    expect(await color.locator('legend').textContent()).toBe('ColorSea Glass');
    await expect.poll(() => button.textContent()).toBe('Add To Cart');

    const before = await cartCount(page);
    await button.click();
    await expect.poll(() => button.textContent(), { timeout: 5000 }).toBe('Added!');
    await expect.poll(() => cartCount(page)).toBe(before + 1);
    const cart = (await (
      await context.request.get(`${server.url}/api/commerce/shopping-cart`)
    ).json()) as { entries: { chosenVariant: { attributes: Record<string, string> } }[] };
    expect(cart.entries.map((e) => e.chosenVariant.attributes)).toEqual([
      { Size: 'Large', Color: 'Sea Glass' },
    ]);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });
});
