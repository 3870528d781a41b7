import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend, openTestDatabase } from '../../testing/backends.js';
import type { DatabaseHandle } from '../../db/database.js';
import { findSiteById, type Site } from '../../sites/site-queries.js';
import {
  findAssets,
  findItem,
  findItemsByIds,
  listCollections,
  listItems,
  searchItems,
} from '../../content/content-queries.js';
import {
  addOnItemIds,
  unlistedItemIds,
  loadMerchandising,
  loadProducts,
  relatedItemIds,
} from '../../catalog/catalog-queries.js';
import { seedRenderSite } from '../testing/seed-render-site.js';
import { resolvePage } from '../resolve-page.js';
import { parsePageUrl } from '../page-query.js';
import type { ContextDeps } from './context-deps.js';
import type { PageContext, ProductIslandProps } from './types.js';

describeEachBackend('page context builders', (kind) => {
  let handle: DatabaseHandle;
  let site: Site;
  let deps: ContextDeps;
  const formLoads: string[] = [];

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedRenderSite(handle.db);
    site = (await findSiteById(handle.db, 'site-r'))!;
    deps = {
      db: handle.db,
      catalog: { loadProducts, loadMerchandising, relatedItemIds, addOnItemIds, unlistedItemIds },
      content: { listItems, findItem, findItemsByIds, findAssets, searchItems },
      blockProps: {
        form: async ({ block, page }) => {
          formLoads.push(`${block.data.formId}@${page.path}`);
          return { form: { id: block.data.formId }, pageContext: { path: page.path } };
        },
      },
    };
  });
  afterAll(async () => handle?.close());

  async function page(url: string): Promise<{ status: number; ctx: PageContext }> {
    const parsed = parsePageUrl(url);
    const collections = await listCollections(handle.db, site.id);
    return resolvePage(deps, {
      base: { site, collections, path: parsed.path, baseUrl: 'http://localhost' },
      query: parsed.query,
    });
  }

  it('builds the website parts without secrets', async () => {
    const { ctx } = await page('/');
    expect(ctx.website).toMatchObject({
      id: 'site-r',
      identifier: 'demo',
      siteTitle: 'Render Shop',
      language: 'en-US',
      timeZone: 'America/New_York',
      baseUrl: 'http://localhost',
      siteStatus: 1,
      websiteType: 1,
      developerMode: false,
    });
    expect(typeof ctx.website.createdOn).toBe('number');
    expect(ctx.websiteSettings.captchaSettings).toEqual({
      provider: 'recaptcha',
      siteKey: 'site-key-public',
    });
    expect(JSON.stringify(ctx)).not.toContain('TOP-SECRET');
    expect(ctx.websiteSettings.storeSettings).toEqual({
      multipleQuantityAllowedForServices: true,
      minimumOrderSubtotal: { value: '25.00', currency: 'USD' },
      currencyCode: 'USD',
    });
    expect(ctx.localizedStrings).toMatchObject({
      productSoldOutText: 'sold out',
      salePriceText: 'Sale Price:',
    });
    expect(ctx.navigation.map((n) => [n.fullUrl, n.active])).toEqual([
      ['/', true],
      ['/shop', false],
      ['/blog', false],
      ['/events', false],
      ['/gallery', false],
    ]);
  });

  it('home page: pageType 2 with blocks, images, products and form island props', async () => {
    const { status, ctx } = await page('/');
    expect(status).toBe(200);
    expect(ctx.pageType).toBe(2);
    const blocks = ctx.collection!.sections![0]!.blocks;
    expect(blocks.map((b) => b.typeName)).toEqual([
      'text',
      'image',
      'product-list',
      'form',
      'product',
      'product',
    ]);
    expect(blocks[1]!.image).toMatchObject({
      assetUrl: '/static/images/site-r-img1',
      originalSize: '1200x800',
      altText: 'A blue mug',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
    });
    expect(blocks[2]!.items!.map((i) => i.urlId)).toEqual(['blue-mug', 'red-mug']);
    expect(blocks[2]!.items![0]!.plpIsland!.pageType).toBe('plp');
    expect(blocks[3]!.formIsland).toEqual({
      form: { id: 'form-contact' },
      pageContext: { path: '/' },
    });
    expect(formLoads).toContain('form-contact@/');
  });

  it('product blocks: product_block props; only the Express Checkout block says so', async () => {
    const { ctx } = await page('/');
    const [plain, express] = ctx.collection!.sections![0]!.blocks.filter((b) => b.type === 43);
    const plainProps = plain!.productIsland as ProductIslandProps;
    const expressProps = express!.productIsland as ProductIslandProps;
    expect(plainProps).toMatchObject({
      pageType: 'product_block',
      item: { id: 'site-r-blue-mug', fullUrl: '/shop/p/blue-mug' },
    });
    expect(plainProps.expressCheckout).toBeUndefined();
    expect(expressProps).toMatchObject({
      pageType: 'product_block',
      expressCheckout: true,
      item: { id: 'site-r-green-mug' },
    });
    // The template reads the item's props: the same object, so the setting reaches the island.
    expect(express!.items![0]!.productIsland).toBe(expressProps);
    expect(express!.data).toMatchObject({
      type: 43,
      itemId: 'site-r-green-mug',
      expressCheckout: true,
    });
    // A plain product page of the same product is never express.
    const pdp = (await page('/shop/p/green-mug')).ctx.item!.productIsland!;
    expect(pdp.pageType).toBe('pdp');
    expect(pdp.expressCheckout).toBeUndefined();
  });

  it('shop list: pageType 1, products with structuredContent, merchandising and plp props', async () => {
    const { ctx } = await page('/shop');
    expect(ctx.pageType).toBe(1);
    expect(ctx.collection).toMatchObject({
      urlId: 'shop',
      fullUrl: '/shop',
      type: 13,
      typeName: 'products',
    });
    const [blue, red, green] = ctx.items!;
    expect(blue!.fullUrl).toBe('/shop/p/blue-mug');
    expect(blue!.structuredContent!.variants).toHaveLength(2);
    expect(red!.structuredContent!.variants[0]!.qtyInStock).toBe(0);
    expect(green!.mainImage).toBeUndefined();
    expect(Object.keys(ctx.productMerchandisingContext).sort()).toEqual([
      'site-r-blue-mug',
      'site-r-green-mug',
      'site-r-red-mug',
    ]);
    expect(blue!.plpIsland).toMatchObject({
      item: { id: 'site-r-blue-mug', fullUrl: '/shop/p/blue-mug', title: 'blue mug' },
      locale: 'en-US',
      pageType: 'plp',
      captcha: { provider: 'recaptcha', siteKey: 'site-key-public' },
      store: { currencyCode: 'USD' },
    });
    expect(ctx.pagination).toMatchObject({
      pageSize: 24,
      offset: 0,
      nextPage: false,
      prevPage: false,
    });
  });

  it('product page: pageType 50 with pdp props, images and related products', async () => {
    const { ctx } = await page('/shop/p/blue-mug');
    expect(ctx.pageType).toBe(50);
    expect(ctx.item!.recordType).toBe(11);
    expect(ctx.item!.productIsland!.pageType).toBe('pdp');
    expect(ctx.item!.productIsland!.merchandising.customSoldOutText).toBe('');
    expect(ctx.item!.items!.map((i) => i.id)).toEqual(['site-r-img2']);
    // SPEC 9.2 alt fallback: the body, tags stripped.
    expect(ctx.item!.items![0]!.altText).toBe('Second image body');
    expect(ctx.item!.relatedItems!.map((i) => i.urlId)).toEqual(['red-mug', 'green-mug']);
    expect(ctx.item!.relatedItems![0]!.plpIsland!.pageType).toBe('plp');
    // Add-ons in the owner's order, products of this site only, never the product itself.
    const addOns = ctx.item!.addOns!;
    expect(addOns.map((i) => i.urlId)).toEqual(['green-mug', 'red-mug']);
    for (const a of addOns) {
      expect(a.productIsland).toMatchObject({
        pageType: 'add-on',
        item: { id: a.id, fullUrl: a.fullUrl, title: a.title },
        locale: 'en-US',
        store: { currencyCode: 'USD' },
        merchandising: { customSoldOutText: '' },
      });
      expect(a.productIsland!.item.structuredContent).toEqual(a.structuredContent);
      expect(a.plpIsland).toBeUndefined();
      expect(ctx.productMerchandisingContext[a.id]).toBeDefined();
    }
    expect(addOns[1]!.structuredContent!.variants[0]!.qtyInStock).toBe(0);
    expect(addOns[0]!.structuredContent!.variants[0]!.priceMoney).toEqual({
      value: '20.00',
      currency: 'USD',
    });
    // The page's own form stays pdp; products without add-ons carry none.
    expect(ctx.item!.productIsland!.pageType).toBe('pdp');
    expect((await page('/shop/p/red-mug')).ctx.item!.addOns).toBeUndefined();
    expect((await page('/shop/blue-mug')).status).toBe(404);
    expect((await page('/shop/p/nope')).status).toBe(404);
  });

  it('blog: newest first, tag and category filters, comments, author', async () => {
    const all = (await page('/blog')).ctx;
    expect(all.items!.map((i) => i.urlId)).toEqual(['second-post', 'first-post']);
    const first = all.items![1]!;
    expect(first).toMatchObject({
      author: { displayName: 'Ann Author' },
      tags: ['news', 'mugs'],
      categories: ['Updates'],
      publicCommentCount: 2,
      commentsVisible: true,
      likeCount: 1,
      fullUrl: '/blog/first-post',
    });
    expect((await page('/blog?tag=mugs')).ctx.items!.map((i) => i.urlId)).toEqual(['first-post']);
    expect((await page('/blog?category=Updates')).ctx.filter).toEqual({ category: 'Updates' });
    expect((await page('/blog?tag=none')).ctx.items).toEqual([]);
    const post = await page('/blog/first-post');
    expect(post.ctx.pageType).toBe(50);
    expect(post.ctx.item!.excerpt).toBe('<p>Excerpt of first-post</p>');
  });

  it('events carry dates (epoch ms) and location; gallery has SPEC 9.2 defaults', async () => {
    const ev = (await page('/events/launch-party')).ctx.item!;
    expect(ev.startDate).toBe(Date.UTC(2026, 2, 1, 23, 30));
    expect(ev.location).toEqual({ addressTitle: 'The Hall', addressLine1: '1 Main St' });
    const gallery = (await page('/gallery')).ctx.collection!.gallery;
    expect(gallery).toMatchObject({ design: 'grid', thumbnailsPerRow: 4, padding: 20 });
  });

  it('events lists: upcoming and past by the render clock (issue 14)', async () => {
    const at = async (now: number) => {
      const collections = await listCollections(handle.db, site.id);
      const { ctx } = await resolvePage(deps, {
        base: { site, collections, path: '/events', baseUrl: 'http://localhost' },
        query: parsePageUrl('/events').query,
        now,
      });
      const ids = (list?: { urlId?: string }[]) => (list ?? []).map((i) => i.urlId);
      return { upcoming: ids(ctx.upcoming), past: ids(ctx.past), items: ids(ctx.items) };
    };
    // The launch party starts 1 March 2026 at 23:30 UTC.
    expect(await at(Date.UTC(2026, 1, 1))).toEqual({
      upcoming: ['launch-party'],
      past: [],
      items: ['launch-party'],
    });
    expect(await at(Date.UTC(2026, 5, 1))).toEqual({
      upcoming: [],
      past: ['launch-party'],
      items: ['launch-party'],
    });
  });

  it('search (102), cart (200) and not found (100)', async () => {
    const s = await page('/search?q=BLUE%20mug');
    expect(s.ctx.pageType).toBe(102);
    expect(s.ctx.search).toEqual({ query: 'BLUE mug', resultCount: 1 });
    expect(s.ctx.items![0]!.fullUrl).toBe('/shop/p/blue-mug');
    expect((await page('/search?q=100%25')).ctx.items).toEqual([]);
    expect((await page('/search?q=excerpt')).ctx.items!.length).toBeGreaterThan(3);
    const cart = await page('/cart');
    expect(cart.ctx.pageType).toBe(200);
    expect(cart.ctx.cartPageIsland).toEqual({
      locale: 'en-US',
      currency: 'USD',
      minimumOrderSubtotal: { value: '25.00', currency: 'USD' },
    });
    const nf = await page('/no/such/page');
    expect(nf.status).toBe(404);
    expect(nf.ctx.pageType).toBe(100);
    expect((await page('/%E0%A4%A')).status).toBe(404);
  });

  it('paginates lists with offset links that keep filters', async () => {
    const collections = await listCollections(handle.db, site.id);
    const { ctx } = await resolvePage(deps, {
      base: { site, collections, path: '/blog', baseUrl: '' },
      query: { offset: 1, tag: 'news' },
    });
    expect(ctx.items!.map((i) => i.urlId)).toEqual(['first-post']);
    expect(ctx.pagination).toMatchObject({
      offset: 1,
      prevPage: true,
      prevPageUrl: '/blog?tag=news',
    });
  });
});
