import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';
import { gallerySettings } from '../../shared/gallery/gallery-settings.js';
import { cldrFor } from './cldr.js';
import { createCompiler, renderPartial } from './render-page.js';
import { compileTheme } from './theme.js';
import { seedRenderSite } from './testing/seed-render-site.js';

const THEMES = path.join(import.meta.dirname, '../../../themes');
const compiler = createCompiler({ isIsland: () => false, render: () => '' });
/**
 * Template source that reached the page: an instruction the engine did not run. A directive
 * (`{.section x}`, `{.end}`…) is followed by a space or `}`: CSS such as
 * `@media (…){.section-hero{…}}` is not one.
 */
const LEAKED_SOURCE =
  /\{[@.]?[\w.@]*\|[\w-]+[^}]*\}|\{\.(section|if|equal\?|repeated|end|or)(?=[\s}])/;

describe('the folio theme files', () => {
  const folio = compileTheme(path.join(THEMES, 'folio'), 'folio', compiler);
  const store = compileTheme(path.join(THEMES, 'default'), 'default', compiler);

  it('parses without errors and has every page template the store theme has', () => {
    expect(folio.parseErrors).toEqual([]);
    expect([...folio.templates.keys()].sort()).toEqual(
      expect.arrayContaining([...store.templates.keys()]),
    );
    // The partial the page builder renders alone (content/pages/preview.ts).
    expect(Object.keys(folio.partials)).toContain('page-section.block');
  });

  it('keeps its inlined CSS small: comments dropped, under 14 KB gzipped with reviews, accounts and the four gallery designs', () => {
    expect(folio.css).not.toContain('/*');
    expect(zlib.gzipSync(folio.css).length).toBeLessThan(14_000);
  });

  it('renders every block type of a page section without errors', () => {
    const image = { assetUrl: '/static/images/a', originalSize: '1200x800', altText: 'A' };
    const item = { id: 'i1', title: 'Post', fullUrl: '/blog/post', mainImage: image };
    const block = (typeName: string, data: object, extra: object = {}) => ({
      id: typeName,
      typeName,
      data,
      ...extra,
    });
    const json = {
      layout: 'hero',
      tone: 'dark',
      first: true,
      backgroundImage: image,
      blocks: [
        block('heading', { level: 1, text: 'Hello', align: 'center' }),
        block('text', { html: '<p>Body</p>' }),
        block('image', { caption: 'Cap' }, { image, first: true }),
        block(
          'gallery',
          {},
          {
            images: [image, image],
            perRow: 2,
            gallery: gallerySettings({ thumbnailsPerRow: 2, lightbox: true }),
            entries: [image, image].map((i) => ({
              title: 'T',
              excerpt: '',
              fullUrl: '',
              mainImage: i,
            })),
          },
        ),
        block('button', { url: '/shop', label: 'Shop', align: 'left' }),
        block('quote', { text: 'Quote', source: 'Me' }),
        block('spacer', { size: 40 }),
        block(
          'video',
          { caption: 'Clip' },
          { video: { watchUrl: 'https://y/w', embedUrl: 'https://y/e' } },
        ),
        block('code', { html: '<b>code</b>' }),
        block('map', { label: 'Here' }, { mapUrl: 'https://osm/x' }),
        block('form', { formId: 'f' }),
        block('newsletter', { formId: 'n' }),
        block('product', {}, { items: [{ ...item, fullUrl: '/shop/p/x' }] }),
        block('product-list', { title: 'Shop' }, { items: [{ ...item, fullUrl: '/shop/p/x' }] }),
        block('summary', { title: 'Latest' }, { items: [{ ...item, publishOn: 1 }] }),
        block('social-links', { links: [{ url: 'https://x', label: 'X' }] }),
      ],
    };
    const { html, errors } = renderPartial(compiler, folio, 'page-section.block', json, {
      cldr: cldrFor('en-US'),
      now: 0,
    });
    expect(errors).toEqual([]);
    expect(html).not.toMatch(LEAKED_SOURCE);
    for (const part of [
      'section-hero',
      '<h1 class="block-heading',
      'gallery gallery-grid',
      '<blockquote class="block-quote">',
      'video-facade',
      'map-card',
      'form-block-container',
      'summary-list',
      'social-links',
    ]) {
      expect(html, part).toContain(part);
    }
    // Images go through the image component: SPEC 9.2 widths and the given sizes.
    expect(html).toContain('/static/images/a/1000w.webp 1000w');
    expect(html).toMatch(/sizes="100vw" width="1200" height="800"/);
  });
});

describeEachBackend('a website on the folio theme', (kind) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let owner: Visitor;
  let clock = 1_700_000_000_000;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedRenderSite(handle.db);
    await handle.db
      .updateTable('sites')
      .set({
        theme: 'folio',
        settings: sql`jsonb_set(settings::jsonb, '{policies}', '{"shipping":"<p>We ship weekly.</p>"}'::jsonb)`,
      })
      .where('id', '=', 'site-r')
      .execute();
    ({ app } = await buildTestApp(handle, { now: () => clock }));
    const ownerId = await createOwner(handle.db, {
      email: `folio-${kind}@render.test`,
      password: 'pw-123456',
      displayName: 'Owner',
    });
    await grantRole(handle.db, 'site-r', ownerId, Role.ADMIN);
    owner = new Visitor(app);
    const login = await owner.post('/api/auth/login', {
      email: `folio-${kind}@render.test`,
      password: 'pw-123456',
    });
    expect(login.statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const get = (url: string) => app.inject({ url, headers: { host: 'localhost' } });

  it('renders every page kind with no template errors and none of its source in the page', async () => {
    const cases: [string, number, string][] = [
      ['/', 200, 'page-content'],
      ['/shop', 200, 'class="wrap shop"'],
      ['/shop/p/blue-mug', 200, 'product-detail'],
      ['/blog', 200, 'journal-list'],
      ['/blog/first-post', 200, 'story-journal'],
      ['/events', 200, 'agenda-list'],
      ['/events/launch-party', 200, 'event-story'],
      ['/gallery', 200, 'class="gallery gallery-grid'],
      ['/gallery/photo-one', 200, 'plate-page'],
      ['/search?q=mug', 200, 'search-summary'],
      ['/cart', 200, 'cart-page'],
      ['/checkout', 200, 'checkout-page'],
      ['/policies/shipping', 200, 'policy-page'],
      ['/no-such-page', 404, 'not-found'],
    ];
    for (const [url, status, marker] of cases) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(status);
      expect(page.body, url).toContain('<body class="folio ');
      expect(page.body, url).toContain(marker);
      expect(page.body, url).toContain('class="masthead');
      expect(page.body, url).not.toMatch(LEAKED_SOURCE);
      const json = await owner.get(`${url}${url.includes('?') ? '&' : '?'}format=json`);
      expect(JSON.parse(json.body).templateErrors, url).toEqual([]);
    }
  });

  it('uses the template helpers: bundled fonts, the message formatter, the image component', async () => {
    const home = (await get('/')).body;
    expect(home).toMatch(
      /@font-face\{font-family:'Playfair Display'.*src:url\(\/assets\/fonts\/playfair-display-latin-400-normal\.\w+\.woff2\)/,
    );
    expect(home).toMatch(
      /<link rel="preload" href="\/assets\/fonts\/dm-sans-latin-400-normal\.\w+\.woff2" as="font"/,
    );
    const search = (await get('/search?q=mug')).body;
    expect(search).toMatch(/<p class="search-summary" role="status">\d+ results? for “mug”<\/p>/);
    // The gallery draws the default theme's designs (borrowed): the first images load at once.
    const gallery = (await get('/gallery')).body;
    const first = /<li class="gallery-item">[\s\S]*?<img [^>]*>/.exec(gallery)?.[0] ?? '';
    expect(first).toMatch(/ srcset="[^"]+ 100w/);
    expect(first).toContain('loading="eager"');
  });

  it("draws the default theme's header actions (borrowed) and lists past events under their own heading", async () => {
    const before = (await get('/')).body;
    // blocks/header-actions.block: the phone menu the island loader enhances, the cart link.
    expect(before).toContain('<details class="mobile-menu">');
    expect(before).toContain('aria-controls="mobile-nav"');
    expect(before).toContain('<a class="header-cart-link" href="/cart"');
    expect(before).not.toContain('class="header-account"');
    expect((await get('/events')).body).toMatch(
      /<h2 class="agenda-heading" id="events-upcoming">Upcoming events<\/h2>\s*<ol class="agenda-list" role="list" aria-labelledby="events-upcoming">\s*<li class="agenda-item">[\s\S]*?href="\/events\/launch-party"/,
    );

    // Customer accounts on, and the launch party (1 March 2026) over.
    await handle.db
      .updateTable('sites')
      .set((eb) => ({
        settings: sql`jsonb_set(settings::jsonb, '{websiteSettings,customerAccountsEnabled}', 'true'::jsonb)`,
        content_version: eb('content_version', '+', 1),
      }))
      .where('id', '=', 'site-r')
      .execute();
    clock = Date.UTC(2026, 3, 1);
    const after = (await get('/')).body;
    expect(after).toMatch(/<a class="header-account" href="\/account"/);
    expect(after).toMatch(/<nav class="mobile-nav"[\s\S]*<a href="\/account">Account<\/a>/);
    const events = (await get('/events')).body;
    expect(events).toContain('<p class="empty">No upcoming events.</p>');
    expect(events).toMatch(
      /<h2 class="agenda-heading agenda-past-heading" id="events-past">Past events<\/h2>\s*<ol class="agenda-list agenda-list-past" role="list" aria-labelledby="events-past">\s*<li class="agenda-item">[\s\S]*?href="\/events\/launch-party"/,
    );
    expect(events).not.toContain('id="events-upcoming"');
  });

  it('shows its own lock screen on a protected page', async () => {
    await handle.db
      .updateTable('collections')
      .set({ password_hash: 'not-a-real-hash' })
      .where('site_id', '=', 'site-r')
      .where('url_id', '=', 'events')
      .execute();
    await handle.db
      .updateTable('sites')
      .set((eb) => ({ content_version: eb('content_version', '+', 1) }))
      .where('id', '=', 'site-r')
      .execute();
    clock += 10_000; // past the site resolver's 5 s cache
    const page = await get('/events');
    expect(page.body).toContain('class="lock-panel"');
    expect(page.body).toContain('name="password"');
    expect(page.body).not.toMatch(LEAKED_SOURCE);
  });
});
