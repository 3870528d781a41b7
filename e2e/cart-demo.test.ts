import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { addToCartByApi, newPage } from './browser.js';
import { hydrated } from './product-islands-helpers.js';

/**
 * Issue 14 at phone size: the name mug asks for a name only, the added popover shows the line's
 * picture with View cart and Check out, the cart line has its thumbnail and only the answered
 * field, nothing is wider than the screen, and the events page lists upcoming events first with
 * past events apart.
 */
const PHONE = { width: 390, height: 844 };
const MUG_CARD = '.product-card:has-text("Personalised Name Mug")';

/** Content wider than the viewport (px); 0 when the page fits. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('cart look, added popover and demo at 390 px (issue 14)', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it('name mug with a name only: popover with picture and both links, cart line with thumbnail and one answer', async () => {
    const { page, context, errors } = await newPage(browser, {
      baseURL: server.url,
      viewport: PHONE,
    });
    await page.goto('/shop');
    const grid = `${MUG_CARD} [data-island="grid-add-button"]`;
    await page.locator(grid).scrollIntoViewIfNeeded();
    await hydrated(page, grid);
    await page.locator(`${grid} button.pi-button`).click();

    // Its form asks for the name (required) and a message (optional), nothing more.
    const form = page.locator('[data-testid="custom-form"]');
    await form.waitFor();
    expect(await form.locator('input:not([type=hidden]), textarea, select').count()).toBe(2);
    await form.locator('input[type="text"]').fill('Maya');
    await form.locator('button[type="submit"]').click();

    const popover = page.locator('[data-testid="added-popover"]');
    await popover.waitFor({ timeout: 15_000 });
    // Pointing at it keeps it while we look (it would go after 3000 ms otherwise).
    await popover.hover();
    expect(await popover.textContent()).toContain('Personalised Name Mug was added to your cart.');
    const img = popover.locator('img.pi-popover-image');
    await expect
      .poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await img.getAttribute('src')).toMatch(
      /^\/static\/images\/demo-custom-mug[^/]*\/\d+w\.webp$/,
    );
    expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual([
      '64',
      '64',
    ]);
    const viewCart = popover.getByRole('link', { name: 'View cart' });
    const checkOut = popover.getByRole('link', { name: 'Check out' });
    expect(await viewCart.getAttribute('href')).toBe('/cart');
    for (const link of [viewCart, checkOut, popover.getByRole('button', { name: 'Close' })]) {
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // Keyboard: Tab reaches the links inside it.
    await viewCart.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Check out');
    await Promise.all([page.waitForURL('**/checkout'), page.keyboard.press('Enter')]);

    // Checkout summary: the line's picture and its one answer.
    await page.waitForSelector('.co-summary .co-lines li');
    const line = page.locator('.co-lines li', { hasText: 'Personalised Name Mug' });
    expect(await line.locator('img.co-thumb').count()).toBe(1);
    expect(await line.textContent()).toContain('Name: Maya');
    expect(await line.textContent()).not.toContain('N/A');
    expect(await overflow(page)).toBe(0);

    await page.goto('/cart');
    await page.waitForSelector('[data-island="cart-page"] section:not([aria-busy])');
    const row = page.locator('[data-island="cart-page"] tbody tr', {
      hasText: 'Personalised Name Mug',
    });
    const thumb = row.locator('img.ci-thumb');
    await expect
      .poll(() => thumb.evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect([await thumb.getAttribute('width'), await thumb.getAttribute('height')]).toEqual([
      '72',
      '72',
    ]);
    // SPEC 9.2's bucket for 72 px at 2×: never more than the 300w file.
    expect(await thumb.evaluate((i) => (i as HTMLImageElement).currentSrc)).toMatch(
      /\/(100|300)w\.webp$/,
    );
    const answers = await row.locator('.ci-answers > div').allTextContents();
    expect(answers).toEqual(['Name: Maya']);
    expect(await overflow(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/cart and /checkout fit a 360 px screen with several lines', async () => {
    const { page, context } = await newPage(browser, {
      baseURL: server.url,
      viewport: { width: 360, height: 740 },
    });
    await page.goto('/');
    for (const body of [
      { itemId: 'demo-tidepool-mug', sku: 'SM-MUG-OAT', quantity: 1 },
      { itemId: 'demo-marsh-apron', sku: 'SM-APR-SM-INDIGO', quantity: 2 },
      {
        itemId: 'demo-custom-mug',
        sku: 'SM-MUG-CUSTOM',
        quantity: 1,
        additionalFields: JSON.stringify({ name: 'Bartholomew-Alexander', message: 'Happy 40th' }),
      },
    ]) {
      expect(await addToCartByApi(page, body)).toBe(200);
    }
    await page.goto('/cart');
    await page.waitForSelector('[data-island="cart-page"] section:not([aria-busy])');
    // Each line has its own picture: the oatmeal mug and the indigo apron are their variants'.
    const srcs = await page
      .locator('img.ci-thumb')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
    expect(srcs).toHaveLength(3);
    expect(srcs[0]).toContain('/demo-tidepool-mug-oat/');
    expect(srcs[1]).toContain('/demo-marsh-apron-indigo/');
    expect(await overflow(page)).toBe(0);
    await page.goto('/checkout');
    await page.waitForSelector('.co-summary .co-lines li');
    expect(await page.locator('img.co-thumb').count()).toBe(3);
    expect(await overflow(page)).toBe(0);
    await context.close();
  });

  it('/events lists upcoming events first, soonest first, and past events on their own list', async () => {
    const { page, context, errors } = await newPage(browser, {
      baseURL: server.url,
      viewport: PHONE,
    });
    await page.goto('/events');
    const times = (list: string) =>
      page
        .locator(`${list} .event-card time`)
        .evaluateAll((ts) => ts.map((t) => Date.parse(t.getAttribute('datetime')!)));
    const headings = await page.locator('.events-heading').allTextContents();
    expect(headings).toEqual(['Upcoming events', 'Past events']);
    const upcoming = await times('.event-list:not(.event-list-past)');
    const past = await times('.event-list-past');
    expect(upcoming.length).toBeGreaterThan(3);
    expect(past.length).toBeGreaterThanOrEqual(1);
    // Dates are local wall-clock times: a day's margin covers any time zone.
    const now = Date.now();
    expect(upcoming.every((t) => t > now - 86_400_000)).toBe(true);
    expect(past.every((t) => t < now)).toBe(true);
    expect(upcoming).toEqual([...upcoming].sort((a, b) => a - b));
    expect(past).toEqual([...past].sort((a, b) => b - a));
    // The first event on the page is the soonest upcoming one, not a past one.
    expect(await page.locator('.event-card').first().locator('time').getAttribute('datetime')).toBe(
      await page
        .locator('.event-list:not(.event-list-past) .event-card time')
        .first()
        .getAttribute('datetime'),
    );
    expect(await overflow(page)).toBe(0);

    // The workshop's options are the events' dates.
    await page.goto('/shop/p/workshop-booking');
    await hydrated(page, '[data-island="product-form"]');
    const text = await page.locator('[data-island="product-form"]').textContent();
    expect(text).toMatch(/Glaze Lab — (Sun), [A-Z][a-z]{2} \d{1,2}/);
    expect(text).toMatch(/Handbuilding Day — (Sat), [A-Z][a-z]{2} \d{1,2}/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
