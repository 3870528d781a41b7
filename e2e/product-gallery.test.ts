import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { newPage } from './browser.js';
import { chooseOption, hydrated } from './product-islands-helpers.js';

const GALLERY = '[data-island="product-gallery"]';

/** The image id the gallery says is current, and whether that slide is the one in view. */
async function shown(page: Page): Promise<{ id: string | null; inView: boolean }> {
  return page.evaluate((sel) => {
    const root = document.querySelector(`${sel} .pg`);
    const id = root?.getAttribute('data-current-image-id') ?? null;
    const stage = root?.querySelector('.pg-stage')?.getBoundingClientRect();
    const slide = root?.querySelector(`.pg-slide[data-image-id="${id}"]`)?.getBoundingClientRect();
    const inView = !!stage && !!slide && Math.abs(slide.left - stage.left) < 2;
    return { id, inView };
  }, GALLERY);
}

async function expectShown(page: Page, id: string) {
  await expect.poll(() => shown(page), { timeout: 5000 }).toEqual({ id, inView: true });
}

/** The demo's Tidepool Mug: four images; each glaze variant shows its own. */
describe('product page gallery in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  async function open(path: string, width: number, height: number) {
    const opened = await newPage(browser, { viewport: { width, height } });
    // The server's first image, before any script ran: hydration must keep it, not redraw it.
    await opened.page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __firstImg: Element | null }).__firstImg =
          document.querySelector('.pg-slide img');
      });
    });
    await opened.page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    await hydrated(opened.page, GALLERY);
    return opened;
  }

  it('switches the large image by thumbnail, arrow key and variant choice', async () => {
    const { page, errors, failed, context } = await open('/shop/p/tidepool-mug', 1440, 900);
    const slides = await page.$$eval(`${GALLERY} .pg-slide`, (l) =>
      l.map((s) => s.getAttribute('data-image-id')),
    );
    expect(slides).toEqual([
      'demo-tidepool-mug',
      'demo-tidepool-mug-oat',
      'demo-tidepool-mug-char',
      'demo-tidepool-mug-set',
      'demo-tidepool-mug-detail',
    ]);
    await expectShown(page, 'demo-tidepool-mug');
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { __firstImg: Element | null }).__firstImg ===
          document.querySelector('.pg-slide img'),
      ),
    ).toBe(true);
    // The first image is the page's priority image and already painted.
    const first = page.locator(`${GALLERY} .pg-slide img`).first();
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(
      true,
    );

    await page.locator(`${GALLERY} .pg-thumb`).nth(2).click();
    await expectShown(page, 'demo-tidepool-mug-char');
    expect(await page.locator(`${GALLERY} .pg-thumb[aria-current="true"]`).count()).toBe(1);

    await page.keyboard.press('ArrowRight');
    await expectShown(page, 'demo-tidepool-mug-set');
    await page.keyboard.press('ArrowRight');
    await expectShown(page, 'demo-tidepool-mug-detail');
    await page.keyboard.press('ArrowRight'); // wraps around
    await expectShown(page, 'demo-tidepool-mug');

    await page.locator(`${GALLERY} .pg-next`).click({ force: true });
    await expectShown(page, 'demo-tidepool-mug-oat');

    // Choosing a glaze shows that glaze's image.
    await hydrated(page, '[data-island="product-form"]');
    const productForm = page.locator('[data-island="product-form"]');
    await chooseOption(productForm, 'Glaze', 'Charcoal');
    await expectShown(page, 'demo-tidepool-mug-char');
    await chooseOption(productForm, 'Glaze', 'Tidepool');
    await expectShown(page, 'demo-tidepool-mug');

    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });

  it('a colour chosen before the size already shows its image (Everyday Bowl)', async () => {
    const { page, errors, context } = await open('/shop/p/everyday-bowl', 1440, 900);
    await expectShown(page, 'demo-everyday-bowl');
    await hydrated(page, '[data-island="product-form"]');
    await chooseOption(page.locator('[data-island="product-form"]'), 'Color', 'Sandstone');
    await expectShown(page, 'demo-everyday-bowl-sand');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone: no sideways page scroll, swiping moves the gallery', async () => {
    const { page, errors, context } = await open('/shop/p/tidepool-mug', 390, 844);
    const widths = await page.evaluate((sel) => {
      const g = document.querySelector(`${sel} .pg`)!.getBoundingClientRect();
      return {
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        left: g.left,
        right: g.right,
      };
    }, GALLERY);
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.left).toBeGreaterThanOrEqual(0);
    expect(widths.right).toBeLessThanOrEqual(widths.viewport);

    // A swipe is a scroll of the track; the thumbnails follow it.
    await page.evaluate((sel) => {
      const track = document.querySelector<HTMLElement>(`${sel} .pg-track`)!;
      track.scrollTo({ left: track.clientWidth * 2, behavior: 'auto' });
    }, GALLERY);
    await expectShown(page, 'demo-tidepool-mug-char');
    expect(await page.locator(`${GALLERY} .pg-thumb`).nth(2).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
