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
import { themeTexts } from '../../shared/i18n/storefront-texts.js';

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

/**
 * The English chrome Folio once wrote into its templates (issue 14). A Japanese page shows none
 * of it where a shopper reads: text between tags and the spoken or hinted attributes.
 */
const ENGLISH_CHROME = [
  'Read more',
  'about ',
  'No posts yet',
  'Posts tagged',
  'Posts in',
  'All posts',
  'Filed under',
  'Tags',
  'Like',
  'Comment',
  'Search',
  'No results',
  'Upcoming events',
  'Past events',
  'No upcoming events',
  'No images yet',
  'Back to',
  'Page Not Found',
  "couldn't find",
  'home page',
  'protected',
  'password',
  'Password',
  'Enter',
  'When',
  'Where',
  'Pagination',
  'Newer',
  'Older',
  'Play video',
  'Skip to content',
  'Cart',
  'Account',
  'Menu',
  'Breadcrumb',
];

/** What a shopper reads or hears: text outside tags, scripts and styles, and labelling attributes. */
function readableText(html: string): string {
  const body = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ');
  const attrs = [...body.matchAll(/\s(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map(
    (m) => m[1],
  );
  return [body.replace(/<[^>]*>/g, ' '), ...attrs].join('\n');
}

/** The texts missing from a page (a short failure message, not the whole page). */
function expectTexts(html: string, label: string, texts: string[]): void {
  expect(
    texts.filter((t) => !html.includes(t)),
    label,
  ).toEqual([]);
}

function englishLeft(html: string): string[] {
  const text = readableText(html);
  return ENGLISH_CHROME.filter((word) => text.includes(word));
}

describe('the folio theme in Japanese: its pagination and video blocks', () => {
  const folio = compileTheme(path.join(THEMES, 'folio'), 'folio', compiler);
  const render = (partial: string, json: object) =>
    renderPartial(compiler, folio, partial, json, { cldr: cldrFor('ja-JP'), now: 0 }).html;

  it('reads its words from localizedStrings', () => {
    const localizedStrings = themeTexts('ja');
    const pagination = render('pagination.block', {
      localizedStrings,
      prevPage: true,
      nextPage: true,
      prevPageUrl: '/blog',
      nextPageUrl: '/blog?offset=2',
    });
    expect(pagination).toContain('aria-label="ページ送り"');
    expect(pagination).toContain('rel="prev">前のページ</a>');
    expect(pagination).toContain('rel="next">次のページ</a>');
    const video = render('page-section.block', {
      localizedStrings,
      layout: 'default',
      tone: 'light',
      blocks: [
        {
          id: 'v',
          typeName: 'video',
          data: { caption: 'Clip' },
          video: { watchUrl: 'https://y/w', embedUrl: 'https://y/e' },
        },
      ],
    });
    expect(video).toContain('aria-label="動画を再生: Clip"');
    const footer = render('entry-footer.block', {
      localizedStrings,
      websiteSettings: { simpleLikingEnabled: true },
      likeCount: 3,
      categories: ['Updates'],
      tags: ['news'],
    });
    expect(footer).toContain('<span class="entry-likes">いいね 3件</span>');
    expect(englishLeft(pagination + video + footer)).toEqual([]);
  });
});

describeEachBackend('a Japanese website on the folio theme', (kind) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let clock = Date.UTC(2026, 0, 20);

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedRenderSite(handle.db, {
      id: 'site-jp',
      slug: 'jp',
      language: 'ja-JP',
      currency: 'JPY',
      timeZone: 'Asia/Tokyo',
    });
    await handle.db
      .updateTable('sites')
      .set({
        theme: 'folio',
        settings: sql`jsonb_set(settings::jsonb, '{websiteSettings,customerAccountsEnabled}', 'true'::jsonb)`,
      })
      .where('id', '=', 'site-jp')
      .execute();
    ({ app } = await buildTestApp(handle, { now: () => clock }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const get = (url: string) => app.inject({ url, headers: { host: 'jp.localhost' } });

  it('shows none of its English chrome and the Japanese texts instead', async () => {
    const cases: [string, number, string[]][] = [
      ['/blog', 200, ['続きを読む', '「first post」']],
      ['/blog?tag=news', 200, ['タグ「news」の記事', 'すべての記事']],
      ['/blog?category=Updates', 200, ['カテゴリー「Updates」の記事']],
      [
        '/blog/first-post',
        200,
        [
          '<span class="label">カテゴリー</span>',
          '<span class="label">タグ</span>',
          '#comments">コメント 2 件</a>',
        ],
      ],
      ['/events', 200, ['今後のイベント', '<dt>日時</dt>', '<dt>場所</dt>']],
      ['/events/launch-party', 200, ['<dt>日時</dt>', '<dt>場所</dt>']],
      ['/gallery', 200, []],
      ['/gallery/photo-one', 200, ['Galleryに戻る']],
      ['/search', 200, ['<h1 class="display-title">検索</h1>', 'placeholder="サイト内を検索"']],
      ['/search?q=mug', 200, ['「mug」の検索結果']],
      ['/search?q=zzz', 200, ['該当する結果はありませんでした。別の言葉でお試しください。']],
      ['/no-such-page', 404, ['ページが見つかりません', 'ホームへ戻る', 'サイト内を検索']],
      ['/cart', 200, ['<h1 class="display-title">カート</h1>']],
      ['/account/sign-in', 200, ['data-account-page=']],
    ];
    for (const [url, status, japanese] of cases) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(status);
      expect(page.body, url).toContain('<html lang="ja-JP">');
      expect(page.body, url).toContain('<body class="folio ');
      expect(englishLeft(page.body), url).toEqual([]);
      expectTexts(page.body, url, japanese);
    }
  });

  const bump = async () => {
    await handle.db
      .updateTable('sites')
      .set((eb) => ({ content_version: eb('content_version', '+', 1) }))
      .where('id', '=', 'site-jp')
      .execute();
    clock += 10_000; // past the site resolver's 5 s cache
  };

  it('lists past events under their Japanese heading and locks a page in Japanese', async () => {
    clock = Date.UTC(2026, 3, 1); // the launch party (1 March 2026) is over
    await bump();
    const events = (await get('/events')).body;
    expectTexts(events, '/events', [
      '<p class="empty">今後予定されているイベントはありません。</p>',
      'id="events-past">過去のイベント</h2>',
    ]);
    expect(englishLeft(events)).toEqual([]);

    await handle.db
      .updateTable('collections')
      .set({ password_hash: 'not-a-real-hash' })
      .where('site_id', '=', 'site-jp')
      .where('url_id', '=', 'events')
      .execute();
    await bump();
    const lock = (await get('/events')).body;
    expectTexts(lock, 'lock', [
      'class="lock-panel"',
      'このページは保護されています',
      '閲覧するにはパスワードを入力してください。',
      '>パスワード</label>',
      '>表示する</button>',
    ]);
    expect(englishLeft(lock)).toEqual([]);
  });
});
