import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage } from './browser.js';
import { useServerAndBrowser } from './harness.js';
import type { RunningServer } from './server.js';
import { signInOwner } from './owner.js';

const TITLE = 'E2E Glaze Notes';

/** A `datetime-local` value in the browser's zone, whole minutes (what the input holds). */
function localWall(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

describe('the item editor at /config#/content/{blog}', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it(
    'writes and schedules a blog post with an image and a link; it goes live by itself',
    { timeout: 300_000 },
    async () => {
      const { page, errors } = await newPage(browser, { viewport: { width: 1440, height: 1000 } });
      await signInOwner(page, server.url, '/config');
      const blog = (await (await page.request.get(`${server.url}/blog?format=json`)).json()) as {
        collection: { id: string };
      };

      // The list shows every status with SPEC 4.8's labels (the demo has a draft and a scheduled post).
      await page.goto(`${server.url}/config#/content/${blog.collection.id}`);
      await page.locator('.ed-item-list').waitFor();
      await expect
        .poll(() => page.locator('.ed-item-status').allTextContents())
        .toEqual(expect.arrayContaining(['Draft', 'Scheduled', 'Published']));

      await page.getByRole('link', { name: 'New post' }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe('New post');
      await page.getByLabel('Title', { exact: true }).fill(TITLE);
      const body = page.locator('.ed-rte-content');
      await body.click();
      await page.keyboard.type('Our new glazes are in the shop');
      // Select 'shop' and link it: a bare host gets SPEC 5.7's format hint, a path is fine.
      for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
      await page.getByRole('button', { name: 'Link', exact: true }).click();
      const address = page.getByLabel('Link address');
      await address.fill('example.com');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect
        .poll(() => page.locator('#rte-link-error').textContent())
        .toBe('Links must be formatted as https://example.com or /page');
      await address.fill('/shop');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => body.locator('a[href="/shop"]').count()).toBe(1);

      // The main image from the media library.
      await page.getByRole('button', { name: 'Choose image' }).click();
      const picker = page.getByRole('dialog');
      await picker.locator('[aria-pressed]').first().click();
      await picker.getByRole('button', { name: 'Choose', exact: true }).click();
      await page.getByRole('button', { name: 'Replace image' }).waitFor();

      // Scheduled a little ahead: the input holds whole minutes.
      await page.getByLabel('Status', { exact: true }).selectOption('scheduled');
      const at = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
      await page.getByLabel('Publish on').fill(localWall(at));
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.locator('.ed-saved').textContent()).toContain('Saved.');
      await expect.poll(() => page.locator('h1').textContent()).toBe(TITLE);
      expect(page.url()).toMatch(/#\/content\/[^/]+\/[^/]+$/);

      const url = `${server.url}/blog/e2e-glaze-notes`;
      const visitor = await browser.newContext();
      try {
        expect((await visitor.request.get(url)).status()).toBe(404);
        const previewHref = await page
          .getByRole('link', { name: 'Open preview' })
          .getAttribute('href');
        const preview = await visitor.request.get(`${server.url}${previewHref}`);
        expect(preview.status()).toBe(200);
        expect(await preview.text()).toContain(TITLE);

        // The sweep publishes it within a minute of its time, on /blog too.
        await expect
          .poll(async () => (await visitor.request.get(`${server.url}/blog`)).text(), {
            timeout: at - Date.now() + 90_000,
            interval: 5_000,
          })
          .toContain(TITLE);
        const live = await visitor.request.get(url);
        expect(live.status()).toBe(200);
        const html = await live.text();
        expect(html).toContain('href="/shop"');
      } finally {
        await visitor.close();
      }
      expect(errors).toEqual([]);
    },
  );
});
