import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { newPage } from './browser.js';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { signInOwner } from './owner.js';

/** A photo-like JPEG (a gradient), different per hue. */
async function photo(width: number, height: number, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},60%,40%)"/>
    <stop offset="1" stop-color="hsl(${hue + 90},60%,70%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

describe('the media library at /config#/media', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it('uploads two images with progress, shows thumbnails, renames one and sets its alt text', async () => {
    const { page, errors, failed, context } = await newPage(browser);
    await signInOwner(page, server.url);

    await page.click('nav a[href="#/media"]');
    await page.getByRole('heading', { name: 'Media', level: 1 }).waitFor();
    // The demo's own pictures are in the library.
    await expect.poll(() => page.locator('.md-tile').count()).toBeGreaterThan(5);

    const files = [
      { name: 'lake-e2e.jpg', mimeType: 'image/jpeg', buffer: await photo(1600, 1000, 200) },
      { name: 'field-e2e.jpg', mimeType: 'image/jpeg', buffer: await photo(900, 1200, 80) },
    ];
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/media') && r.request().method() === 'POST',
    );
    await page.setInputFiles('[data-testid="media-file-input"]', files);
    expect((await uploaded).status()).toBe(201);

    // Each file has its bar, full once it is stored.
    const done = page.locator('.md-upload[data-upload-state="done"]');
    await expect.poll(() => done.count(), { timeout: 60_000 }).toBe(2);
    for (const name of ['lake-e2e.jpg', 'field-e2e.jpg']) {
      const item = done.filter({ hasText: name });
      expect(await item.locator('.md-upload-status').textContent()).toBe('Uploaded');
      expect(await item.locator('progress').evaluate((p: HTMLProgressElement) => p.value)).toBe(1);
    }

    // Thumbnails of both, newest first, and the pictures load.
    const tiles = page.locator('.md-tile');
    await expect
      .poll(async () => (await tiles.locator('.md-tile-name').allTextContents()).slice(0, 2).sort())
      .toEqual(['field-e2e.jpg', 'lake-e2e.jpg']);
    const lakeTile = tiles.filter({ hasText: 'lake-e2e.jpg' });
    await expect
      .poll(() => lakeTile.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0);
    expect(await lakeTile.locator('.md-tile-meta').textContent()).toBe('1600 × 1000');

    // Rename: a blank name is refused with SPEC 8.7's texts, then a real one is saved.
    await lakeTile.click();
    const detail = page.locator('.md-detail');
    await detail.getByLabel('File name').fill('   ');
    await detail.getByRole('button', { name: 'Save' }).click();
    const alert = detail.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Unable to Rename File');
    expect(await alert.textContent()).toContain('Please enter a file name');

    await detail.getByLabel('File name').fill('Lake at dawn.jpg');
    await detail.getByLabel('Alt text').fill('A calm lake under a pale sky');
    await detail.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => detail.getByRole('status').textContent()).toBe('Saved');
    await expect.poll(() => tiles.filter({ hasText: 'Lake at dawn.jpg' }).count()).toBe(1);

    // Stored: the API answers the new name and alt text.
    const list = await context.request.get(`${server.url}/api/media?q=dawn.jpg`);
    const body = (await list.json()) as { assets: { filename: string; altText: string }[] };
    expect(body.assets.map((a) => [a.filename, a.altText])).toEqual([
      ['Lake at dawn.jpg', 'A calm lake under a pale sky'],
    ]);

    // The focal point: a click on the picture moves the dot there.
    const focal = detail.locator('.md-focal');
    const box = (await focal.boundingBox())!;
    await focal.click({ position: { x: box.width * 0.2, y: box.height * 0.3 } });
    await expect
      .poll(() => detail.getByTestId('focal-dot').evaluate((d: HTMLElement) => d.style.left))
      .toMatch(/^(19|20|21)(\.\d+)?%$/);

    expect(errors).toEqual([]);
    // The blank rename is the one refused request.
    expect(failed.filter((f) => !f.endsWith('/favicon.ico'))).toEqual([
      expect.stringMatching(/^400 \/api\/media\//),
    ]);
    await context.close();
  });
});
