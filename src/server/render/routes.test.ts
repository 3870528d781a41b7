import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { bumpContentVersion } from '../sites/site-queries.js';
import { Role } from '../../shared/enums.js';
import { seedRenderSite } from './testing/seed-render-site.js';

describeEachBackend('page routes', (kind) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let clock = 1_700_000_000_000;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedRenderSite(handle.db);
    await seedRenderSite(handle.db, {
      id: 'site-jp',
      slug: 'jp',
      language: 'ja-JP',
      currency: 'JPY',
      timeZone: 'Asia/Tokyo',
    });
    ({ app, deps } = await buildTestApp(handle, { now: () => clock }));
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}, host = 'localhost') =>
    app.inject({ url, headers: { host, ...headers } });

  it('renders every page kind with its pageType and status', async () => {
    const cases: [string, number, number][] = [
      ['/', 200, 2],
      ['/shop', 200, 1],
      ['/shop/p/blue-mug', 200, 50],
      ['/blog', 200, 1],
      ['/blog/first-post', 200, 50],
      ['/events', 200, 1],
      ['/events/launch-party', 200, 50],
      ['/gallery', 200, 1],
      ['/gallery/photo-one', 200, 50],
      ['/search?q=mug', 200, 102],
      ['/cart', 200, 200],
      ['/no-such-page', 404, 100],
      ['/shop/p/no-such-product', 404, 100],
    ];
    for (const [url, status, pageType] of cases) {
      const html = await get(url);
      expect(html.statusCode, url).toBe(status);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.body).toMatch(/^<!doctype html>/);
      const json = await get(`${url}${url.includes('?') ? '&' : '?'}format=json`);
      expect(json.statusCode, url).toBe(status);
      expect(json.headers['content-type']).toContain('application/json');
      expect(JSON.parse(json.body).pageType, url).toBe(pageType);
    }
  });

  it('renders accessible, sized markup: landmarks, one h1, img dimensions, island mounts', async () => {
    const shop = (await get('/shop')).body;
    for (const tag of ['<header', '<nav', '<main', '<footer']) expect(shop).toContain(tag);
    expect(shop.match(/<h1\b/g)).toHaveLength(1);
    for (const img of shop.match(/<img [^>]*>/g) ?? []) {
      expect(img).toMatch(/ width="\d+" height="\d+"/);
      expect(img).toMatch(/ alt="/);
      expect(img).toMatch(/ srcset="/);
    }
    expect(shop.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(shop).toContain('data-island="cart-indicator"');
    expect(shop).toContain('<div class="product-mark sale">sale</div>');
    expect(shop).toContain('<div class="product-mark sold-out">sold out</div>');
    expect(shop).toContain('from $10.00');
    const product = (await get('/shop/p/blue-mug')).body;
    expect(product.match(/<h1\b/g)).toHaveLength(1);
    expect(product).toContain('blue mug</h1>');
    expect(product).toContain('You might also like');
    // schema.org Product data for search engines: one Offer per variant at its current price.
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(product);
    expect(ld).not.toBeNull();
    const data = JSON.parse(ld![1]!);
    expect(data).toMatchObject({ '@type': 'Product', name: 'blue mug' });
    expect(data.offers.map((o: { price: string }) => o.price)).toEqual(['10.00', '15.00']);
    expect(data.offers[0]).toMatchObject({
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    const soldOut = (await get('/shop/p/red-mug')).body;
    expect(soldOut).toContain('"availability":"https://schema.org/OutOfStock"');
    expect(shop).not.toContain('application/ld+json');
    const cart = (await get('/cart')).body;
    expect(cart).toContain('data-island="cart-page"');
    // 'Continue shopping' is plain HTML: it works before (and without) the island.
    expect(cart).toMatch(/<p class="cart-continue"><a href="\/shop">[^<]*Continue shopping<\/a>/);
    const blog = (await get('/blog')).body;
    expect(blog).toContain('2 Comments');
    expect(blog).toContain('No Comments');
    expect(blog).toContain('by Ann Author');
    expect(blog).toContain('href="/blog?tag=mugs"');
    const events = (await get('/events')).body;
    // 23:30 UTC is 6:30 PM in New York (the site's zone).
    expect(events).toContain('6:30');
    expect(events).toContain('The Hall');
  });

  it('renders add-ons as compact product-form islands and the Express Checkout product block', async () => {
    const islandsOf = (body: string, name: string) =>
      [...body.matchAll(new RegExp(`data-island="${name}"[^>]*data-props="([^"]*)"`, 'g'))].map(
        (m) =>
          JSON.parse(
            m[1]!
              .replace(/&quot;/g, '"')
              .replace(/&#39;/g, "'")
              .replace(/&lt;/g, '<')
              .replace(/&gt;/g, '>')
              .replace(/&amp;/g, '&'),
          ) as { pageType: string; expressCheckout?: boolean; item: { id: string } },
      );
    const product = (await get('/shop/p/blue-mug')).body;
    expect(product).toContain('<h2 id="add-ons-title" class="product-add-ons-title">Add-ons</h2>');
    const forms = islandsOf(product, 'product-form');
    expect(forms.map((f) => [f.item.id, f.pageType])).toEqual([
      ['site-r-blue-mug', 'pdp'],
      ['site-r-green-mug', 'add-on'],
      ['site-r-red-mug', 'add-on'],
    ]);
    // Each add-on renders its own form (price and button) on the server, compact.
    const addOns = product.slice(product.indexOf('class="product-add-ons"'));
    expect(addOns.match(/class="pi-product-form pi-compact"/g)).toHaveLength(2);
    expect(addOns).toContain('$20.00');
    expect(addOns).toMatch(/>Add To Cart<\/button>/);
    expect(addOns).toMatch(/disabled=""[^>]*>Sold Out<\/button>/);
    // ?format=json carries them too, with their island props.
    const json = JSON.parse((await get('/shop/p/blue-mug?format=json')).body) as {
      item: { addOns: { id: string; productIsland: { pageType: string } }[] };
    };
    expect(json.item.addOns.map((a) => [a.id, a.productIsland.pageType])).toEqual([
      ['site-r-green-mug', 'add-on'],
      ['site-r-red-mug', 'add-on'],
    ]);
    // No add-ons: no section.
    expect((await get('/shop/p/green-mug')).body).not.toContain('class="product-add-ons"');

    const home = (await get('/')).body;
    expect(islandsOf(home, 'product-block').map((b) => [b.item.id, b.expressCheckout])).toEqual([
      ['site-r-blue-mug', undefined],
      ['site-r-green-mug', true],
    ]);
  });

  it('tells telemetry the page facts in a site-context element, and nothing about the viewer', async () => {
    const contextOf = (body: string) =>
      JSON.parse(
        /<script type="application\/json" id="site-context">(.*?)<\/script>/.exec(body)![1]!,
      );
    const product = contextOf((await get('/shop/p/blue-mug')).body);
    expect(product).toMatchObject({
      websiteId: 'site-r',
      pageType: 50,
      trackingPageType: 'pdp',
      pagePath: '/shop/p/blue-mug',
      isMember: false,
      roles: [],
    });
    expect(product.itemId).toEqual(expect.any(String));
    expect(contextOf((await get('/shop')).body)).toMatchObject({
      pageType: 1,
      trackingPageType: 'plp',
      itemId: null,
    });
    expect(contextOf((await get('/nope-nope')).body)).toMatchObject({
      pageType: 100,
      trackingPageType: null,
    });
  });

  it('formats the Japanese site in ja with yen and Tokyo time', async () => {
    const shop = (await get('/shop', {}, 'jp.localhost')).body;
    expect(shop).toContain('<html lang="ja-JP">');
    expect(shop).toMatch(/￥1,000|¥1,000/);
    expect(shop).not.toMatch(/[￥¥]1,000\.00/);
    const ctx = JSON.parse((await get('/shop?format=json', {}, 'jp.localhost')).body);
    expect(ctx.website.timeZone).toBe('Asia/Tokyo');
    expect(ctx.items[0].structuredContent.variants[0].priceMoney).toEqual({
      value: '1200',
      currency: 'JPY',
    });
  });

  it('shows the storefront texts in the site language: Japanese on jp, SPEC 9.1 English on localhost', async () => {
    const jpShop = (await get('/shop', {}, 'jp.localhost')).body;
    for (const text of [
      '本文へスキップ',
      'クイックビュー',
      'カートに追加',
      '売り切れ',
      'セール',
      '検索',
    ])
      expect(jpShop, text).toContain(text);
    expect(jpShop).toMatch(/[￥¥][\d,]+〜/);
    for (const text of ['Skip to content', 'Quick View', 'Add To Cart', '>sold out<', '>sale<'])
      expect(jpShop, text).not.toContain(text);
    const jpItem = (await get('/shop/p/blue-mug', {}, 'jp.localhost')).body;
    for (const text of ['数量', 'カートに追加', 'パンくずリスト'])
      expect(jpItem, text).toContain(text);
    expect(jpItem).not.toContain('Add To Cart');
    const jpCart = (await get('/cart', {}, 'jp.localhost')).body;
    expect(jpCart).toContain('<h1 class="page-title">カート</h1>');
    expect(jpCart).toContain('買い物を続ける');

    const shop = (await get('/shop')).body;
    for (const text of ['Skip to content', 'Quick View', 'Add To Cart', '>sold out<', '>sale<'])
      expect(shop, text).toContain(text);
    expect(shop).toMatch(/from \$[\d.,]+/);
    expect(shop).not.toMatch(/カート|クイックビュー/);
    const item = (await get('/shop/p/blue-mug')).body;
    for (const text of ['Quantity', 'Add To Cart']) expect(item, text).toContain(text);
    expect((await get('/cart')).body).toContain('<h1 class="page-title">Cart</h1>');
  });

  it('escapes the visitor’s search text', async () => {
    const res = await get('/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;');
  });

  it('serves a favicon so browsers see no 404', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it('caches pages: strong ETag, 304, brotli/gzip variants, Vary', async () => {
    const first = await get('/shop', { 'accept-encoding': 'br, gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('Accept-Encoding');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const html = zlib.brotliDecompressSync(first.rawPayload).toString();
    expect(html).toMatch(/^<!doctype html>/);

    const gz = await get('/shop', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await get('/shop');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);

    const notModified = await get('/shop', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await get('/shop', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Tracking parameters share the cached page.
    expect((await get('/shop?utm_source=x', { 'if-none-match': etag })).statusCode).toBe(304);
    // Pages carry no visitor data: the crumb is only a cookie header.
    expect(plain.headers['set-cookie']).toBeDefined();
    expect(html).not.toContain(String(plain.cookies[0]?.value));
  });

  it('serves a new page after the content version changes', async () => {
    const before = await get('/shop');
    await handle.db
      .updateTable('items')
      .set({ title: 'Azure Mug' })
      .where('id', '=', 'site-r-blue-mug')
      .execute();
    // Until the content version moves, the cached page is served.
    expect((await get('/shop')).body).toBe(before.body);
    await bumpContentVersion(handle.db, 'site-r');
    clock += 10_000; // past the site resolver's 5 s cache
    const after = await get('/shop', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Azure Mug');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('drops cached pages at once on a content-changed event', async () => {
    await handle.db
      .updateTable('items')
      .set({ title: 'Cobalt Mug' })
      .where('id', '=', 'site-r-blue-mug')
      .execute();
    expect((await get('/shop')).body).not.toContain('Cobalt Mug');
    deps.events.emit('content-changed', { siteId: 'site-r' });
    expect((await get('/shop')).body).toContain('Cobalt Mug');
  });

  it('shows templateErrors to the site’s owners only', async () => {
    const visitorJson = JSON.parse((await get('/?format=json')).body);
    expect(visitorJson.templateErrors).toBeUndefined();

    const ownerId = await createOwner(handle.db, {
      email: `owner-${kind}@render.test`,
      password: 'pw-123456',
      displayName: 'Owner',
    });
    await grantRole(handle.db, 'site-r', ownerId, Role.ADMIN);
    const owner = new Visitor(app);
    const login = await owner.post('/api/auth/login', {
      email: `owner-${kind}@render.test`,
      password: 'pw-123456',
    });
    expect(login.statusCode).toBe(200);
    const res = await owner.get('/?format=json');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(JSON.parse(res.body).templateErrors).toEqual([]);
    // The same owner has no role on the Japanese site.
    const jp = new Visitor(app, 'jp.localhost');
    for (const [k, v] of owner.cookies) jp.cookies.set(k, v);
    expect(JSON.parse((await jp.get('/?format=json')).body).templateErrors).toBeUndefined();
    // SPEC 3.10's 'none' role grants nothing, template errors included.
    await grantRole(handle.db, 'site-jp', ownerId, Role.NONE);
    expect(JSON.parse((await jp.get('/?format=json')).body).templateErrors).toBeUndefined();
  });

  it('renders a gallery item page (search links to it) with no template errors', async () => {
    const ownerId = await createOwner(handle.db, {
      email: `gallery-${kind}@render.test`,
      password: 'pw-123456',
      displayName: 'Gallery Owner',
    });
    await grantRole(handle.db, 'site-r', ownerId, Role.ADMIN);
    const owner = new Visitor(app);
    const login = await owner.post(
      '/api/auth/login',
      { email: `gallery-${kind}@render.test`, password: 'pw-123456' },
      { 'x-forwarded-for': '10.6.0.1' },
    );
    expect(login.statusCode).toBe(200);
    const json = JSON.parse((await owner.get('/gallery/photo-one?format=json')).body);
    expect(json.templateErrors).toEqual([]);

    const html = (await get('/gallery/photo-one')).body;
    const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
    expect(main.match(/<h1\b/g)).toHaveLength(1);
    expect(main).toContain('photo one</h1>');
    const img = /<img [^>]*>/.exec(main)?.[0] ?? '';
    expect(img).toMatch(/ srcset="[^"]*\/100w\.webp 100w/);
    expect(img).toMatch(/ width="\d+" height="\d+"/);
    expect(img).toMatch(/ alt="[^"]+"/);
    expect(img).toContain('fetchpriority="high"');
    expect(main).toContain(
      '<figcaption class="gallery-entry-caption rich-text"><p>Excerpt of photo-one</p>',
    );
    expect(main).toContain('<p>Body of photo-one</p>');
    expect(main).toMatch(/<a href="\/gallery">[\s\S]*Back to /);
  });

  it('answers unknown API paths with JSON 404, not a page', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('renders every time with PAGE_CACHE=false, reading rows once per content version', async () => {
    const { app: uncached, deps: uncachedDeps } = await buildTestApp(handle, {
      config: { pageCache: false },
    });
    try {
      const get2 = (headers: Record<string, string> = {}) =>
        uncached.inject({ url: '/shop', headers: { host: 'localhost', ...headers } });
      const a = await get2({ 'accept-encoding': 'br' });
      expect(a.statusCode).toBe(200);
      expect(a.headers.etag).toBeUndefined();
      expect(a.headers['content-encoding']).toBeUndefined();
      await handle.db
        .updateTable('items')
        .set({ title: 'Fresh Mug' })
        .where('id', '=', 'site-r-green-mug')
        .execute();
      // A write that did not announce itself is not read: rows are kept per content version…
      expect((await get2()).body).not.toContain('Fresh Mug');
      // …and every write through the app announces itself, as the catalog and editor do.
      uncachedDeps.events.emit('content-changed', { siteId: 'site-r' });
      expect((await get2()).body).toContain('Fresh Mug');
    } finally {
      await uncached.close();
    }
  });
});
