import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser.js';
import { startServer, type RunningServer } from './server.js';
import { signInOwner } from './owner.js';

const LIGHTBOX = '[role="dialog"].lb';
/** The demo About page's gallery block (demo/demo-store.json): a slideshow of five pictures. */
const BLOCK = '.block-gallery';
/** The same block in the builder's preview. */
const PREVIEW_BLOCK = '[data-block-id="b2"]';

const pageWidth = (page: Page) =>
  page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);

/**
 * Issue 14: gallery blocks of the page builder draw SPEC 3.7's designs and open the lightbox, in
 * the default theme and in Folio (which borrows the default's gallery partials and CSS). The
 * demo is seeded on a first start; Folio's part switches the theme in the stopped server's
 * PGlite folder and starts it again.
 */
describe('gallery blocks in the browser', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-gallery-blocks-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer({}, { dataDir });
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a page’s slideshow block opens the lightbox on a phone; reduced motion keeps it still', async () => {
    const { page, errors, failed, context } = await newPage(browser!, {
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    await page.goto(`${server!.url}/about`, { waitUntil: 'load' });
    const show = page.locator(`${BLOCK} .gallery-slideshow`);
    await expect.poll(() => show.getAttribute('data-ready'), { timeout: 10_000 }).toBe('true');
    expect(await show.getAttribute('data-autoplay')).toBe('5');
    expect(await show.locator('.gs-slide').count()).toBe(5);
    expect(await pageWidth(page)).toEqual([390, 390]);
    // Touch targets: the arrows and dots are at least 44 px.
    for (const sel of ['.gs-next', '.gs-prev', '.gs-dot']) {
      const box = (await show.locator(sel).first().boundingBox())!;
      expect(Math.min(box.width, box.height), sel).toBeGreaterThanOrEqual(44);
    }
    // Under reduced motion autoplay never starts, so there is no pause button either.
    expect(await show.locator('.gs-play').isHidden()).toBe(true);
    await show.locator('.gs-next').click();
    await expect.poll(() => show.getAttribute('data-current')).toBe('1');

    await show.locator('.gs-slide').nth(1).locator('[data-lightbox]').click();
    const box = page.locator(LIGHTBOX);
    await expect.poll(() => box.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await box.locator('.lb-title').textContent()).toBe('Drying shelves');
    expect(await box.locator('.lb-count').textContent()).toBe('2 of 5');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.locator('.lb-title').textContent()).toBe('Breakfast setting');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(LIGHTBOX).count()).toBe(0);
    expect(await show.getAttribute('data-current')).toBe('1');
    // Focus is back on the slide's image; the keyboard moves the slideshow too.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => show.getAttribute('data-current')).toBe('2');
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();

    // Without reduced motion it plays every 5 s, with a pause button of touch size.
    const moving = await newPage(browser!, { viewport: { width: 390, height: 844 } });
    await moving.page.goto(`${server!.url}/about`, { waitUntil: 'load' });
    const playing = moving.page.locator(`${BLOCK} .gallery-slideshow`);
    await expect.poll(() => playing.getAttribute('data-ready'), { timeout: 10_000 }).toBe('true');
    const pause = (await playing.locator('.gs-play').boundingBox())!;
    expect(Math.min(pause.width, pause.height)).toBeGreaterThanOrEqual(44);
    await moving.page.mouse.move(0, 0);
    await expect
      .poll(() => playing.getAttribute('data-current'), { timeout: 20_000 })
      .not.toBe('0');
    await moving.context.close();
  });

  it('the builder changes the block’s design and settings, and the preview shows them', async () => {
    const { page, errors, failed, context } = await newPage(browser!, {
      viewport: { width: 1440, height: 1000 },
    });
    await signInOwner(page, server!.url, '/config');
    const list = (await (await context.request.get(`${server!.url}/api/content/pages`)).json()) as {
      pages: { id: string; url: string | null }[];
    };
    const about = list.pages.find((p) => p.url === '/about')!;
    await page.goto(`${server!.url}/config#/pages/${encodeURIComponent(about.id)}/edit`);
    const frame = page.frameLocator('iframe.bd-frame');
    const block = frame.locator(PREVIEW_BLOCK);
    await block.waitFor();
    expect(await block.locator('.gallery').getAttribute('class')).toContain('gallery-slideshow');
    await block.click();
    await expect.poll(() => page.locator('.bd-panel-title').textContent()).toBe('Gallery');

    await page.getByLabel('Design', { exact: true }).selectOption('slider');
    await expect
      .poll(() => block.locator('.gallery').getAttribute('class'), { timeout: 10_000 })
      .toContain('gallery-slider');
    expect(await block.locator('.gs-arrow').count()).toBe(2);
    // A setting only the slider reads, then one every design reads.
    await page.getByLabel('Previous and next arrows').uncheck();
    await expect.poll(() => block.locator('.gs-arrow').count(), { timeout: 10_000 }).toBe(0);
    await page.getByLabel('Spacing between images').fill('0');
    await expect
      .poll(() => block.locator('.gallery').getAttribute('style'), { timeout: 10_000 })
      .toContain('--gap:0px');
    await page.getByLabel('Design', { exact: true }).selectOption('grid');
    await expect
      .poll(() => block.locator('ul.gallery-grid li').count(), { timeout: 10_000 })
      .toBe(5);
    await page.getByLabel('Thumbnails per row').fill('3');
    await expect
      .poll(() => block.locator('.gallery').getAttribute('style'), { timeout: 10_000 })
      .toContain('--per-row:3;');

    // Saved as a draft with every setting; published, a visitor gets the grid.
    await expect
      .poll(() => page.locator('.bd-save').textContent(), { timeout: 15_000 })
      .toBe('Saved');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() => page.locator('.bd-publish').textContent(), { timeout: 10_000 })
      .toBe('✓ Published');
    const visitor = await newPage(browser!, { viewport: { width: 1440, height: 900 } });
    await visitor.page.goto(`${server!.url}/about`);
    const live = visitor.page.locator(`${BLOCK} .gallery`);
    expect(await live.getAttribute('class')).toContain('gallery-grid');
    expect(await live.getAttribute('style')).toContain('--per-row:3;--gap:0px');
    await visitor.context.close();
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });

  it(
    'Folio draws the gallery page’s and the block’s designs with the default theme’s parts',
    { timeout: 300_000 },
    async () => {
      await server!.stop();
      const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
      try {
        await pglite.query(`UPDATE sites SET theme = 'folio' WHERE id = 'site-demo'`);
      } finally {
        await pglite.close();
      }
      server = await startServer({}, { dataDir });

      for (const width of [390, 1440]) {
        const { page, errors, failed, context } = await newPage(browser!, {
          viewport: { width, height: 900 },
        });
        await page.goto(`${server.url}/gallery`, { waitUntil: 'load' });
        expect(await page.locator('body').getAttribute('class')).toMatch(/^folio /);
        const grid = page.locator('.gallery.gallery-grid');
        expect(await grid.locator('ul.gallery-grid > li').count()).toBe(8);
        // The grid has columns (two on a phone, the owner's four from 48rem).
        const columns = await grid
          .locator('ul.gallery-grid')
          .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
        expect(columns).toBe(width === 390 ? 2 : 4);
        expect(await pageWidth(page)).toEqual([width, width]);
        await grid.locator('[data-lightbox]').first().click();
        await expect.poll(() => page.locator(LIGHTBOX).isVisible(), { timeout: 10_000 }).toBe(true);
        await page.keyboard.press('Escape');

        // The About page's block (the grid published above) in Folio's type.
        await page.goto(`${server.url}/about`, { waitUntil: 'load' });
        expect(await page.locator(`${BLOCK} ul.gallery-grid > li`).count()).toBe(5);
        expect(await pageWidth(page)).toEqual([width, width]);
        expect(errors).toEqual([]);
        expect(failed).toEqual([]);
        await context.close();
      }
    },
  );
});
