import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PageDoc } from '../src/shared/content/page-api.js';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { newPage } from './browser.js';
import { signInOwner } from './owner.js';

const LIGHTBOX = '[role="dialog"].lb';

/** The element that has focus, as a short description for assertions. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    return a ? `${a.tagName.toLowerCase()} ${a.getAttribute('href') ?? a.className}` : '';
  });

/** Issue 14: the lightbox (SPEC 2.2, 3.7) and the gallery designs, on the demo's gallery. */
describe('gallery lightbox and designs in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it('opens from a gallery image by keyboard, moves with the arrows, Escape returns focus', async () => {
    const { page, errors, failed, context } = await newPage(browser, {
      viewport: { width: 1440, height: 900 },
    });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/gallery`, { waitUntil: 'load' });
    // Nothing of the lightbox is fetched before it is used.
    expect(scripts.filter((s) => /\/lightbox-/.test(s))).toEqual([]);
    // The grid design's list spans the gallery (its wrapper once squeezed it into one column).
    const widths = await page.evaluate(() => [
      document.querySelector('.gallery')!.getBoundingClientRect().width,
      document.querySelector('ul.gallery-grid')!.getBoundingClientRect().width,
    ]);
    expect(widths[1]).toBeGreaterThan(widths[0]! * 0.95);
    const first = page.locator('.gallery [data-lightbox]').first();
    const href = await first.getAttribute('href');
    await first.focus();
    await page.keyboard.press('Enter');
    const box = page.locator(LIGHTBOX);
    await expect.poll(() => box.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await box.getAttribute('aria-modal')).toBe('true');
    expect(await box.locator('.lb-title').textContent()).toBe('The kiln at night');
    expect(await box.locator('.lb-description').textContent()).toBe('Glaze firing, hour nine.');
    expect(await box.locator('.lb-count').textContent()).toBe('1 of 8');
    // SPEC 9.1: 0.3 s.
    expect(await box.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('0.3s');
    // The title links to the image's own page.
    expect(await box.locator('.lb-title a').getAttribute('href')).toBe(href);
    // Focus is inside and stays inside.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.lb'))).toBe(true);
    }
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.locator('.lb-title').textContent()).toBe('The salt marsh at dawn');
    expect(await box.locator('.lb-count').textContent()).toBe('2 of 8');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => box.locator('.lb-count').textContent()).toBe('8 of 8');
    // The large picture is the same asset, at a size for the whole window.
    expect(await box.locator('img.lb-img').getAttribute('sizes')).toBe('100vw');

    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(LIGHTBOX).count()).toBe(0);
    expect(await focused(page)).toBe(`a ${href}`);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });

  it('swipes on a phone and opens product images too', async () => {
    const { page, errors, context } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    await page.goto(`${server.url}/shop/p/tidepool-mug`, { waitUntil: 'load' });
    await page.waitForSelector('[data-island="product-gallery"][data-hydrated="true"]', {
      state: 'attached',
    });
    // The lightbox walks every picture of the product's gallery (the demo has several per glaze).
    const pictures = await page.locator('.pg-slide .pg-zoom').count();
    expect(pictures).toBeGreaterThan(2);
    await page.locator('.pg-slide .pg-zoom').first().click();
    const box = page.locator(LIGHTBOX);
    await expect.poll(() => box.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await box.locator('.lb-count').textContent()).toBe(`1 of ${pictures}`);
    // A swipe to the left: the next image.
    const area = (await box.locator('.lb-content').boundingBox())!;
    const y = area.y + area.height / 2;
    await box.locator('.lb-content').dispatchEvent('pointerdown', { clientX: 300, clientY: y });
    await box.locator('.lb-content').dispatchEvent('pointerup', { clientX: 120, clientY: y + 5 });
    await expect.poll(() => box.locator('.lb-count').textContent()).toBe(`2 of ${pictures}`);
    await box.locator('.lb-close').click();
    await expect.poll(() => page.locator(LIGHTBOX).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the owner’s slideshow: arrows, dots, autoplay and pause', async () => {
    const { page, errors, failed, context } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
    });
    // The owner picks the slideshow design with a 1 s autoplay (pages API, as /config does).
    await signInOwner(page, server.url, '/config');
    const crumb = (await context.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    const headers = { 'x-csrf-token': crumb };
    const list = await context.request.get(`${server.url}/api/content/pages`);
    const summary = ((await list.json()) as { pages: { id: string; kind: string }[] }).pages.find(
      (p) => p.kind === 'gallery',
    )!;
    const doc = (
      (await (
        await context.request.get(`${server.url}/api/content/pages/${summary.id}`)
      ).json()) as { page: PageDoc }
    ).page;
    const { title, slug, status, navigation, seo, sections } = doc;
    const saved = await context.request.put(`${server.url}/api/content/pages/${summary.id}`, {
      headers,
      data: {
        title,
        slug,
        status,
        navigation,
        seo,
        sections,
        version: doc.version,
        publish: true,
        gallery: { ...doc.gallery, design: 'slideshow', autoplay: true, autoplayDelay: 1 },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto(`${server.url}/gallery`, { waitUntil: 'load' });
    const show = page.locator('.gallery-slideshow');
    await expect.poll(() => show.getAttribute('data-ready'), { timeout: 10_000 }).toBe('true');
    expect(await show.locator('.gs-slide').count()).toBe(8);
    // Autoplay moves on by itself every second.
    await expect.poll(() => show.getAttribute('data-current'), { timeout: 10_000 }).not.toBe('0');
    // Pause: it stays where it is.
    await show.locator('.gs-play').click();
    expect(await show.locator('.gs-play').getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(0, 0);
    await show.locator('.gs-dot').nth(4).click();
    await expect.poll(() => show.getAttribute('data-current')).toBe('4');
    expect(await show.locator('.gs-dot').nth(4).getAttribute('aria-current')).toBe('true');
    await show.locator('.gs-next').click();
    await expect.poll(() => show.getAttribute('data-current')).toBe('5');
    // The slide in view is the current one.
    await expect
      .poll(() =>
        show.evaluate((el) => {
          const track = el.querySelector('.gs-track')!;
          const slide = el.querySelectorAll<HTMLElement>('.gs-slide')[5]!;
          return Math.abs(slide.offsetLeft - track.scrollLeft) < 4;
        }),
      )
      .toBe(true);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });
});
