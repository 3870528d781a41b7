import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import type { ContentBlock, PageSection } from '../../shared/content/blocks.js';
import { seedRenderSite } from './testing/seed-render-site.js';
import { bumpContentVersion } from '../sites/site-queries.js';

const p = (s: string) => `site-r-${s}`;

/** One block of every type, as the builder saves them. */
const EVERY_BLOCK: ContentBlock[] = [
  { id: 'text', type: 2, html: '<p>Plain <strong>text</strong></p>' },
  { id: 'heading', type: 3, text: 'Our <story>', level: 2, align: 'center' },
  { id: 'map', type: 4, label: '1 Harbor Rd', lat: 43.36, lng: -70.47, zoom: 15 },
  { id: 'image', type: 5, assetId: p('img1'), caption: 'A mug', link: '/shop' },
  { id: 'gallery', type: 8, assetIds: [p('img2'), p('img3')], perRow: 2 },
  { id: 'form', type: 9, formId: 'form-contact' },
  { id: 'social', type: 13, links: [{ network: 'instagram', url: 'https://instagram.com/x' }] },
  { id: 'summary', type: 17, collectionId: p('events'), limit: 3, title: 'Coming up' },
  { id: 'spacer', type: 21, size: 64 },
  { id: 'code', type: 23, html: '<div class="owner-code">Hi</div>' },
  { id: 'quote', type: 31, text: 'Well made', source: 'A customer' },
  { id: 'video', type: 32, url: 'https://youtu.be/dQw4w9WgXcQ', caption: 'Studio tour' },
  { id: 'product', type: 43, itemId: p('blue-mug') },
  { id: 'list', type: 44, collectionId: p('shop'), limit: 2, title: 'Featured' },
  { id: 'news', type: 51, formId: 'form-newsletter' },
  { id: 'button', type: 53, label: 'Shop now', url: '/shop', style: 'secondary' },
];

describeEachBackend('page sections rendering', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedRenderSite(h.db);
    const sections: PageSection[] = [
      { id: 'hero', layout: 'hero', tone: 'dark', backgroundImageId: p('img2'), blocks: [] },
      { id: 'all', layout: 'default', tone: 'light', blocks: EVERY_BLOCK },
    ];
    await h.db
      .updateTable('collections')
      .set({ sections: JSON.stringify(sections) })
      .where('id', '=', p('home'))
      .execute();
    // Events around the clock below: one past, two upcoming (the seeded one on 1 March).
    const event = (id: string, start: number) => ({
      id: p(id),
      site_id: 'site-r',
      collection_id: p('events'),
      url_id: id,
      title: id,
      record_type: 12,
      start_date: start,
      end_date: start + 3_600_000,
    });
    await h.db
      .insertInto('items')
      .values([
        event('old-fair', Date.UTC(2026, 0, 10)),
        event('spring-show', Date.UTC(2026, 3, 1)),
      ])
      .execute();
    ({ app, deps } = await buildTestApp(h, { now: () => Date.UTC(2026, 1, 15) }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  it('renders every block type through the theme', async () => {
    const res = await new Visitor(app).get('/');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<section class="page-section section-hero tone-dark has-background">');
    // The first section's background is the page's largest image: loaded at once.
    expect(html).toMatch(
      /<div class="section-background"[^>]*><img [^>]*loading="eager"[^>]*fetchpriority="high"/,
    );
    expect(html).toContain('<p>Plain <strong>text</strong></p>');
    expect(html).toContain('<h2 class="block-heading align-center">Our &lt;story&gt;</h2>');
    expect(html).toContain(
      'https://www.openstreetmap.org/?mlat=43.36&amp;mlon=-70.47#map=15/43.36/-70.47',
    );
    expect(html).toMatch(/<a href="\/shop"><img [^>]*\/static\/images\/site-r-img1/);
    expect(html).toContain('<figcaption>A mug</figcaption>');
    // A gallery block stored before it had settings: its grid of `perRow`, opening the lightbox.
    expect(html).toMatch(
      /<div class="gallery gallery-grid [^"]*" style="--per-row:2;[^"]*" data-lightbox-group>/,
    );
    expect(html).toContain('data-form-id="form-contact"');
    expect(html).toContain('>Instagram</a>');
    expect(html).toContain('style="height:64px"');
    expect(html).toContain('<div class="owner-code">Hi</div>');
    expect(html).toContain('<cite>A customer</cite>');
    // The video is a link until clicked: no request to YouTube before the visitor asks.
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain(
      'data-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"',
    );
    expect(html).not.toMatch(/<iframe[^>]*youtube/);
    expect(html).toContain('a[data-embed]');
    expect(html).toContain('data-form-id="form-newsletter"');
    expect(html).toContain('<a class="button button-secondary" href="/shop">Shop now</a>');
    expect(html).not.toContain('data-section-id');

    const json = (await new Visitor(app).get('/?format=json')).json();
    const blocks = json.collection.sections[1].blocks as {
      id: string;
      typeName: string;
      items?: { urlId: string }[];
    }[];
    expect(blocks.map((b) => b.typeName)).toEqual([
      'text',
      'heading',
      'map',
      'image',
      'gallery',
      'form',
      'social-links',
      'summary',
      'spacer',
      'code',
      'quote',
      'video',
      'product',
      'product-list',
      'newsletter',
      'button',
    ]);
    // Upcoming events first (soonest first), past ones after.
    expect(blocks.find((b) => b.id === 'summary')!.items!.map((i) => i.urlId)).toEqual([
      'launch-party',
      'spring-show',
      'old-fair',
    ]);
    expect(blocks.find((b) => b.id === 'list')!.items!.map((i) => i.urlId)).toEqual([
      'blue-mug',
      'red-mug',
    ]);
  });

  it('draws the footer row on every page, and the 404 row on unknown paths', async () => {
    const row = (k: 'footer' | 'not-found', text: string) => ({
      id: p(k),
      site_id: 'site-r',
      url_id: `_${k}`,
      title: k,
      type: 10,
      kind: k,
      folder_behavior: null,
      nav_index: null,
      nav_visible: false,
      sections: JSON.stringify([
        {
          id: 'f',
          layout: 'default',
          tone: 'light',
          blocks: [{ id: 't', type: 2, html: `<p>${text}</p>` }],
        },
      ]),
    });
    await h.db
      .insertInto('collections')
      .values([row('footer', 'Footer words'), row('not-found', 'Lost?')])
      .execute();
    await bumpContentVersion(h.db, 'site-r');
    deps.events.emit('content-changed', { siteId: 'site-r' });
    const shop = await new Visitor(app).get('/shop');
    expect(shop.body).toMatch(
      /<footer class="site-footer">\s*<div class="footer-sections">[\s\S]*Footer words/,
    );
    const missing = await new Visitor(app).get('/nowhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<p>Lost?</p>');
    expect(missing.body).not.toContain('Page Not Found</h1>');
    // Neither row is a page of its own.
    expect((await new Visitor(app).get('/_footer')).statusCode).toBe(404);
  });
});
