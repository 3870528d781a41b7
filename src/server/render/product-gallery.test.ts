import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { ProductGalleryProps } from '../../shared/product/gallery.js';
import type { ProductIslandProps } from './context/types.js';
import { seedRenderSite } from './testing/seed-render-site.js';

/** The props of the first island named `name` in a page, parsed from its escaped attribute. */
function islandProps<T>(html: string, name: string): T {
  const m = new RegExp(`data-island="${name}"[^>]*data-props="([^"]*)"`).exec(html);
  expect(m, `island ${name}`).not.toBeNull();
  const json = m![1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(json) as T;
}

describeEachBackend('product page gallery', (kind) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedRenderSite(handle.db);
    // blue-mug: img1 (main) and img2; its large variant shows img3, an image of no item list.
    await handle.db
      .updateTable('variants')
      .set({ image_asset_id: 'site-r-img3' })
      .where('id', '=', 'site-r-blue-l')
      .execute();
    ({ app } = await buildTestApp(handle));
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const get = (url: string) => app.inject({ url, headers: { host: 'localhost' } });

  it('renders every image: main image eager and first, the others lazy, each with srcset and size', async () => {
    const res = await get('/shop/p/blue-mug');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const gallery = islandProps<ProductGalleryProps>(html, 'product-gallery');
    expect(gallery.itemId).toBe('site-r-blue-mug');
    expect(gallery.images.map((i) => i.id)).toEqual(['site-r-img1', 'site-r-img2', 'site-r-img3']);
    expect(gallery.images[0]).toMatchObject({ width: 1200, height: 800, altText: 'A blue mug' });

    const slides = [
      ...html.matchAll(
        // Each large image is a link that opens the lightbox (its largest stored width).
        /<div class="pg-slide" data-image-id="([^"]+)"[^>]*><a class="pg-zoom" href="[^"]+\/\d+w\.webp" data-lightbox=""[^>]*><picture><img ([^>]*)>/gi,
      ),
    ];
    expect(slides.map((s) => s[1])).toEqual(['site-r-img1', 'site-r-img2', 'site-r-img3']);
    for (const [, id, img] of slides) {
      expect(img).toMatch(new RegExp(`srcset="/static/images/${id}/100w\\.webp 100w,`, 'i'));
      expect(img).toContain('1000w.webp 1000w"');
      expect(img).toMatch(/ width="1200" height="800"/);
    }
    expect(slides[0]![2]).toContain('loading="eager"');
    expect(slides[0]![2]).toMatch(/fetchpriority="high"/i);
    // Nothing but the gallery inside the island (React puts preload links before eager images).
    expect(html).not.toMatch(/data-island="product-gallery"[^>]*><link/);
    expect(slides[1]![2]).toContain('loading="lazy"');
    expect(slides[2]![2]).toContain('loading="lazy"');
    // One image of the page paints first: the gallery's main image.
    expect(html.match(/fetchpriority="high"/gi)).toHaveLength(1);
    // The stage keeps the first image's shape before any image arrives (no layout shift).
    expect(html).toContain('aspect-ratio:1200 / 800');
    // A thumbnail button per image, the first marked current.
    const thumbs = [...html.matchAll(/<button type="button" class="pg-thumb"([^>]*)>/g)];
    expect(thumbs).toHaveLength(3);
    expect(thumbs[0]![1]).toContain('aria-current="true"');
    expect(thumbs[1]![1]).not.toContain('aria-current');
  });

  it("gives the product form each variant's image id", async () => {
    const html = (await get('/shop/p/blue-mug')).body;
    const form = islandProps<ProductIslandProps>(html, 'product-form');
    const variants = form.item.structuredContent.variants;
    expect(variants.map((v) => [v.id, v.mainImageId])).toEqual([
      ['site-r-blue-s', undefined],
      ['site-r-blue-l', 'site-r-img3'],
    ]);
    const json = JSON.parse((await get('/shop/p/blue-mug?format=json')).body);
    expect(json.item.structuredContent.variants[1].mainImageId).toBe('site-r-img3');
  });

  it('a product with one image gets the plain image and no gallery island', async () => {
    const html = (await get('/shop/p/red-mug')).body;
    expect(html).not.toContain('data-island="product-gallery"');
    const main = /<div class="product-main-image">\s*<img ([^>]*)>/.exec(html);
    expect(main?.[1]).toContain('fetchpriority="high"');
    expect(main?.[1]).toContain('srcset="/static/images/site-r-img2/100w.webp 100w,');
  });
});
