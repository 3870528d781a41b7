import { describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import type { PageDoc, PageListResponse } from '../src/shared/content/page-api.js';
import { newPage } from './browser.js';
import { useServerAndBrowser } from './harness.js';
import type { RunningServer } from './server.js';
import { signInOwner } from './owner.js';

const HEADING = 'Slow mornings, made by hand';

/** The owner's API, called from the signed-in page (its session cookie). */
function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { accept: 'application/json' } });
    return (await res.json()) as unknown;
  }, path) as Promise<T>;
}

async function homeDoc(page: Page): Promise<PageDoc> {
  const list = await getJson<PageListResponse>(page, '/api/content/pages');
  const res = await getJson<PageDoc | { page: PageDoc }>(page, `/api/content/pages/${list.homeId}`);
  return 'page' in res ? res.page : res;
}

/** Media asset ids an element tree shows (`/static/images/{id}…` in src, srcset or style). */
function assetIdsIn(html: string): string[] {
  return [
    ...new Set([...html.matchAll(/\/static\/images\/([\w-]+?)(?:\.r\d+)?\//g)].map((m) => m[1]!)),
  ];
}

/** What a page shows of its sections: text and images, comparable between preview and live. */
async function shown(root: Page | FrameLocator): Promise<{ text: string; images: string[] }> {
  const main = root.locator('main').first();
  const text = (await main.innerText()).replace(/\s+/g, ' ').trim();
  return { text, images: assetIdsIn(await main.innerHTML()) };
}

async function pick(page: Page, count: number, skip: readonly string[] = []): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.locator('.md-tile').first().waitFor();
  const tiles = dialog.locator('.md-tile');
  let chosen = 0;
  for (let i = 0; i < (await tiles.count()) && chosen < count; i++) {
    const html = await tiles.nth(i).innerHTML();
    if (skip.some((id) => html.includes(id))) continue;
    await tiles.nth(i).click();
    chosen++;
  }
  await dialog.getByRole('button', { name: 'Choose', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the page builder at /config#/pages/{id}/edit', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it(
    'edits the home page in place, previews every change, undoes, publishes what it showed',
    { timeout: 180_000 },
    async () => {
      const { page, errors, failed } = await newPage(browser, {
        viewport: { width: 1440, height: 1000 },
      });
      await signInOwner(page, server.url, '/config');
      const before = await homeDoc(page);
      const blocks = before.sections.flatMap((s) => s.blocks);
      // The home page's heading: a heading block, or the h1 of its text block.
      const heading =
        blocks.find((b) => b.type === 3) ??
        blocks.find((b) => b.type === 2 && b.html.includes('<h1'));
      // Its hero image: a hero section's background, or its first image block.
      const heroSection = before.sections.find((s) => s.layout === 'hero');
      const heroBlock = blocks.find((b) => b.type === 5);
      expect(heading, 'the demo home page has a heading').toBeDefined();
      expect(heroSection ?? heroBlock, 'the demo home page has a hero image').toBeDefined();

      await page.goto(`${server.url}/config#/pages/${encodeURIComponent(before.id)}/edit`);
      await expect.poll(() => page.locator('.bd-top h1').textContent()).toBe(before.title);
      const frame = page.frameLocator('iframe.bd-frame');
      const previewHeading = frame.locator(`[data-block-id="${heading!.id}"]`);
      await previewHeading.waitFor();
      expect(await page.locator('.bd-save').textContent()).toBe('Saved');

      // --- Change the heading: click it in the preview, type; the preview follows ---
      await previewHeading.click();
      if (heading!.type === 3) {
        await expect.poll(() => page.locator('.bd-panel-title').textContent()).toBe('Heading');
        await page.getByLabel('Heading text', { exact: true }).fill(HEADING);
        await expect.poll(() => previewHeading.innerText(), { timeout: 5000 }).toBe(HEADING);
      } else {
        await expect.poll(() => page.locator('.bd-panel-title').textContent()).toBe('Text');
        const h1 = page.locator('.ed-rte-content h1');
        await h1.click({ clickCount: 3 });
        await page.keyboard.type(HEADING);
        await expect.poll(() => h1.innerText()).toBe(HEADING);
        await expect
          .poll(() => previewHeading.locator('h1').innerText(), { timeout: 5000 })
          .toBe(HEADING);
      }
      // Links inside the preview never navigate away.
      const link = frame.locator('main a[href]').first();
      if (await link.count()) {
        await link.click();
        expect(page.url()).toContain('/edit');
      }

      // --- Change the hero image from its panel ---
      await page.getByRole('button', { name: 'Page outline' }).click();
      const oldImage = heroSection ? heroSection.backgroundImageId : heroBlock!.assetId;
      if (heroSection) {
        await page
          .locator('.bd-section')
          .nth(before.sections.indexOf(heroSection))
          .locator('.bd-section-head .bd-row-main')
          .click();
      } else {
        await page.locator(`[data-block-row="${heroBlock!.id}"]`).click();
      }
      await page.getByRole('button', { name: /^(Replace|Choose) image$/ }).click();
      await pick(page, 1, oldImage ? [oldImage] : []);
      const heroPreview = frame.locator(
        heroSection
          ? `[data-section-id="${heroSection.id}"]`
          : `[data-block-id="${heroBlock!.id}"]`,
      );
      let heroImage = '';
      await expect
        .poll(
          async () => {
            const ids = assetIdsIn(await heroPreview.innerHTML());
            heroImage = ids.find((id) => id !== oldImage) ?? '';
            return heroImage;
          },
          { timeout: 5000 },
        )
        .not.toBe('');

      // --- Add a gallery section with three images ---
      await page.getByRole('button', { name: 'Page outline' }).click();
      await page.getByRole('button', { name: 'Add section' }).click();
      await expect
        .poll(() => page.locator('.bd-panel-title').textContent())
        .toMatch(/^Section \d+$/);
      await page.locator('.bd-actions').getByRole('button', { name: 'Add block' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Gallery/ })
        .click();
      await expect.poll(() => page.locator('.bd-panel-title').textContent()).toBe('Gallery');
      await page.getByRole('button', { name: 'Add images' }).click();
      await pick(page, 3);
      await expect.poll(() => page.locator('.bd-gallery-list li').count()).toBe(3);
      const sections = frame.locator('main [data-section-id]');
      await expect
        .poll(async () => assetIdsIn(await sections.last().innerHTML()).length, { timeout: 5000 })
        .toBe(3);

      // --- Undo and redo (keyboard and buttons) over the document ---
      await page.locator('.bd-panel-title').click();
      await page.keyboard.press('Control+z');
      await expect.poll(() => page.locator('.bd-gallery-list li').count()).toBe(0);
      await expect
        .poll(async () => assetIdsIn(await sections.last().innerHTML()).length, { timeout: 5000 })
        .toBe(0);
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => page.locator('.bd-gallery-list li').count()).toBe(3);
      await page.locator('.bd-top').getByRole('button', { name: 'Undo', exact: true }).click();
      await expect.poll(() => page.locator('.bd-gallery-list li').count()).toBe(0);
      await page.locator('.bd-top').getByRole('button', { name: 'Redo', exact: true }).click();
      await expect.poll(() => page.locator('.bd-gallery-list li').count()).toBe(3);
      await expect
        .poll(async () => assetIdsIn(await sections.last().innerHTML()).length, { timeout: 5000 })
        .toBe(3);

      // --- Autosave, then publish ---
      await expect
        .poll(() => page.locator('.bd-save').textContent(), { timeout: 10_000 })
        .toBe('Saved');
      const saved = await homeDoc(page);
      expect(saved.sections).toHaveLength(before.sections.length + 1);
      expect(saved.hasUnpublishedChanges).toBe(true);
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect
        .poll(() => page.locator('.bd-publish').textContent(), { timeout: 10_000 })
        .toBe('✓ Published');
      const previewed = await shown(frame);
      expect(previewed.text).toContain(HEADING);
      expect(previewed.images).toContain(heroImage);

      // --- A visitor sees exactly what the preview showed ---
      const visitor = await newPage(browser, { viewport: { width: 1440, height: 1000 } });
      await visitor.page.goto(`${server.url}/`);
      const live = await shown(visitor.page);
      expect(live.text).toBe(previewed.text);
      expect(live.images.sort()).toEqual(previewed.images.sort());
      expect(await visitor.page.locator('main').innerHTML()).not.toContain('data-block-id');
      await visitor.context.close();

      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
    },
  );
});
