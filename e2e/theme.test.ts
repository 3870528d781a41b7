import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { newPage } from './browser.js';
import { LIST_LINKS, smallTapTargets } from './tap-targets.js';

/** The storefront pages of issue 14's list (a product, a post, a 404 and the Japanese store too). */
const PAGES = [
  '/',
  '/shop',
  '/shop/p/tidepool-mug',
  '/blog',
  '/blog/a-morning-at-the-marsh',
  '/events',
  '/gallery',
  '/about',
  '/contact',
  '/search?q=mug',
  '/cart',
  '/checkout',
  '/policies/shipping',
  '/no-such-page',
];
const JP_PAGES = ['/', '/shop', '/cart', '/no-such-page'];

const MENU = 'details.mobile-menu';
const BUTTON = `${MENU} > summary`;

const focusedText = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.tagName === 'SUMMARY' ? 'menu button' : (el?.textContent ?? '').trim();
  });

describe('the default theme on phones and desktops (issue 14)', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it('phone menu button: aria-expanded, a focus-trapped panel of 44 px links, Escape closes and returns focus', async () => {
    const { page, errors, context } = await newPage(browser, {
      viewport: { width: 390, height: 800 },
    });
    await page.goto(`${server.url}/shop`);
    const button = page.locator(BUTTON);
    expect(await page.locator('.site-nav').isVisible()).toBe(false);
    expect(await button.getAttribute('aria-controls')).toBe('mobile-nav');
    expect(await button.getAttribute('aria-label')).toBe('Menu');
    await expect
      .poll(() => button.getAttribute('aria-expanded'), { timeout: 30_000 })
      .toBe('false');

    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    const links = page.locator('#mobile-nav a');
    const titles = (await links.allTextContents()).map((t) => t.trim());
    expect(titles).toEqual(expect.arrayContaining(['Shop', 'Journal', 'Contact']));
    for (const box of await links.evaluateAll((as) =>
      as.map((a) => a.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    // Tab walks the links and wraps from the last back to the button; Shift+Tab the other way.
    for (const title of titles) {
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe(title);
    }
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('menu button');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedText(page)).toBe(titles[titles.length - 1]);

    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#mobile-nav').isVisible()).toBe(false);
    expect(await focusedText(page)).toBe('menu button');

    // A tap outside the open panel closes it too.
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.click(200, 700);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the menu without JavaScript (the <details> fallback)', async () => {
    const { page, context } = await newPage(browser, {
      viewport: { width: 390, height: 800 },
      javaScriptEnabled: false,
    });
    await page.goto(`${server.url}/`);
    await page.click(BUTTON);
    expect(await page.locator('#mobile-nav a', { hasText: 'Journal' }).isVisible()).toBe(true);
    await context.close();
  });

  for (const width of [390, 1440]) {
    it(`keeps the header and its cart link in view on scroll at ${width} px, without layout shift`, async () => {
      const { page, errors, context } = await newPage(browser, {
        viewport: { width, height: 800 },
      });
      await page.goto(`${server.url}/blog/a-morning-at-the-marsh`);
      const header = page.locator('.site-header');
      const before = await header.boundingBox();
      const mainTop = await page.locator('main').evaluate((m) => m.getBoundingClientRect().top);
      await page.mouse.wheel(0, 1200);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
      const after = await header.boundingBox();
      expect(after?.y).toBe(0);
      expect(after?.height).toBe(before?.height);
      // Sticky, not fixed: the header keeps its place in the flow, so nothing under it moved.
      const mainTopNow = await page
        .locator('main')
        .evaluate((m) => m.getBoundingClientRect().top + window.scrollY);
      expect(Math.round(mainTopNow)).toBe(Math.round(mainTop));
      const cart = page.locator('.site-header .header-cart-link');
      expect(await cart.isVisible()).toBe(true);
      expect(await cart.getAttribute('href')).toBe('/cart');
      // A focused field lands below the header, not under it (scroll-padding-top).
      await page.goto(`${server.url}/contact`);
      const field = page.locator('form[data-form-id="form-contact"] textarea').first();
      await field.focus();
      const headerBottom = (await header.boundingBox())!.height;
      expect((await field.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom - 1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('list links are tap targets of at least 44 px at 390 px: titles, read more, comments, terms, map', async () => {
    const { page, errors, context } = await newPage(browser, {
      viewport: { width: 390, height: 800 },
    });
    expect(await smallTapTargets(page, server.url, LIST_LINKS.default)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('no page is wider than a 360 px phone, and every page has the cart in its header', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 360, height: 740 } });
    const jp = server.url.replace('localhost', 'jp.localhost');
    const urls = [...PAGES.map((p) => server.url + p), ...JP_PAGES.map((p) => jp + p)];
    const wide: string[] = [];
    for (const url of urls) {
      await page.goto(url, { waitUntil: 'load' });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) wide.push(`${url} is ${width} px wide`);
      expect(await page.locator('.site-header .header-cart').isVisible(), url).toBe(true);
    }
    expect(wide).toEqual([]);
    await context.close();
  });

  it('keeps what was typed into the contact and newsletter forms before they hydrated', async () => {
    const { page, errors, context } = await newPage(browser, {
      viewport: { width: 390, height: 800 },
    });
    // Hold the hydrator's chunk: until it is released the forms are server HTML only.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/hydrate-island-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/contact`);
    const contact = page.locator('form[data-form-id="form-contact"]');
    const newsletter = page.locator('form[data-form-id="form-newsletter"]');
    await contact.locator('input[name="name.First"]').fill('Ada');
    await contact.locator('input[name="email"]').fill('ada@example.com');
    await contact.locator('textarea[name="message"]').fill('Typed before the island was live');
    await newsletter.locator('input[name="email"]').fill('early@example.com');
    expect(await page.locator('[data-island="form-block"][data-hydrated]').count()).toBe(0);

    release();
    await expect
      .poll(() => page.locator('[data-island="form-block"][data-hydrated="true"]').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await expect
      .poll(() => page.locator('[data-island="newsletter-block"][data-hydrated="true"]').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    // A change after hydration re-renders each form from its state: the early values must be in it.
    await contact.locator('input[name="name.Last"]').fill('Lovelace');
    const counter = contact.locator('[data-field-id="message"] .form-counter');
    await expect.poll(() => counter.textContent()).toBe('32 / 500');
    expect(await contact.locator('input[name="name.First"]').inputValue()).toBe('Ada');
    expect(await contact.locator('input[name="email"]').inputValue()).toBe('ada@example.com');
    expect(await contact.locator('textarea[name="message"]').inputValue()).toBe(
      'Typed before the island was live',
    );
    await newsletter.locator('input[name="name.First"]').fill('Grace');
    await expect
      .poll(() => newsletter.locator('input[name="name.First"]').inputValue())
      .toBe('Grace');
    expect(await newsletter.locator('input[name="email"]').inputValue()).toBe('early@example.com');
    expect(errors).toEqual([]);
    await context.close();
  });
});
