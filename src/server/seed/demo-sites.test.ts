import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, testConfig, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { addOnItemIds, loadProducts, loadMerchandising } from '../catalog/catalog-queries.js';
import { findSiteById } from '../sites/site-queries.js';
import { ProductType } from '../../shared/enums.js';
import { IMAGE_WIDTHS } from '../../shared/images.js';
import {
  fromPrice,
  hasMultiplePrices,
  installmentNotice,
  isOnSale,
  isSoldOut,
  orderedOptions,
  quantityInputVisible,
  scarcity,
  totalStock,
  usesFormStyle,
  findVariant,
  addButtonLabel,
} from '../../shared/product/rules.js';
import type { ProductJson } from '../../shared/product/types.js';
import { loadDemoSites } from './demo-sites.js';
import { findForm } from '../forms/form-queries.js';
import { FIELD_TYPES } from '../../shared/forms/types.js';
import { everyFieldType } from '../forms/every-field-fixture.js';
import { eventDateLabel } from './event-dates.js';

const NOW = Date.UTC(2026, 4, 1, 12);

describeEachBackend('demo websites', (kind) => {
  let h: DatabaseHandle;
  let dataDir: string;
  let app: FastifyInstance;
  let products: ProductJson[];
  let demoIds: string[];
  let seedMs = 0;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-seed-'));
    const config = testConfig({ dataDir });
    const t0 = Date.now();
    await loadDemoSites({ db: h.db, config, say: () => {}, now: () => NOW });
    seedMs = Date.now() - t0;
    const ids = (
      await h.db
        .selectFrom('products')
        .select('item_id')
        .where('site_id', '=', 'site-demo')
        .execute()
    ).map((r) => r.item_id);
    demoIds = ids;
    products = [...(await loadProducts(h.db, 'site-demo', ids)).values()];
    ({ app } = await buildTestApp(h, { config: { dataDir } }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates both websites with their settings', async () => {
    const demo = (await findSiteById(h.db, 'site-demo'))!;
    expect(demo).toMatchObject({ slug: 'demo', currency: 'USD', language: 'en-US' });
    expect(demo.settings.websiteSettings.captchaSettings.provider).toBe('altcha');
    const jp = (await findSiteById(h.db, 'site-jp'))!;
    expect(jp).toMatchObject({ slug: 'jp', currency: 'JPY', language: 'ja-JP' });
    expect(jp.settings.websiteSettings.timeZone).toBe('Asia/Tokyo');
    expect(jp.settings.websiteSettings.storeSettings.minimumOrderSubtotalCents).toBe(3000);
    const urls = (
      await h.db
        .selectFrom('collections')
        .select(['url_id', 'kind'])
        .where('site_id', '=', 'site-demo')
        .execute()
    ).map((c) => `${c.url_id}:${c.kind}`);
    expect(urls).toEqual(
      expect.arrayContaining(
        ['', 'shop', 'blog', 'gallery', 'events', 'contact'].map((u) =>
          expect.stringMatching(`^${u}:`),
        ),
      ),
    );
    const contact = await h.db
      .selectFrom('collections')
      .select('sections')
      .where('site_id', '=', 'site-demo')
      .where('url_id', '=', 'contact')
      .executeTakeFirstOrThrow();
    expect(contact.sections.flatMap((s) => s.blocks)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 9, formId: 'form-contact' }),
        expect.objectContaining({ type: 51, formId: 'form-newsletter' }),
      ]),
    );
  });

  it('writes the shipping, returns and privacy policies, linked from the footer in the store language (issue 14)', async () => {
    for (const [host, titles] of [
      ['localhost', ['Shipping Policy', 'Returns Policy', 'Privacy Policy']],
      ['jp.localhost', ['配送ポリシー', '返品ポリシー', 'プライバシーポリシー']],
    ] as const) {
      const home = await app.inject({ url: '/', headers: { host } });
      const footer = home.body.slice(home.body.indexOf('<footer'));
      const links = [...footer.matchAll(/<a href="(\/policies\/[a-z]+)">([^<]+)<\/a>/g)];
      expect(links.map((m) => m[1])).toEqual([
        '/policies/shipping',
        '/policies/returns',
        '/policies/privacy',
      ]);
      expect(links.map((m) => m[2])).toEqual(titles);
      for (const [i, m] of links.entries()) {
        const page = await app.inject({ url: m[1]!, headers: { host } });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain(`<h1 class="page-title">${titles[i]}</h1>`);
        expect(page.body).toMatch(/<div class="rich-text"><p>[^<]{20,}/);
      }
    }
  });

  it('has the WELCOME10 sample code on the main demo (issue 15)', async () => {
    const codes = await h.db
      .selectFrom('discounts')
      .select(['site_id', 'code', 'kind', 'value', 'once_per_email'])
      .orderBy('code')
      .execute();
    expect(codes).toContainEqual({
      site_id: 'site-demo',
      code: 'WELCOME10',
      kind: 'percentage',
      value: 10,
      once_per_email: true,
    });
  });

  it('stocks at least 16 products covering every SPEC 3.3 / 4.7 case', async () => {
    expect(products.length).toBeGreaterThanOrEqual(16);
    const some = (f: (p: ProductJson) => boolean) => products.some(f);
    const physical = (p: ProductJson) => p.productType === ProductType.PHYSICAL;
    expect(
      some((p) => physical(p) && orderedOptions(p).length === 1 && p.variants.length > 1),
    ).toBe(true);
    expect(
      some(
        (p) =>
          physical(p) &&
          orderedOptions(p)
            .map((o) => o.name)
            .join() === 'Size,Color',
      ),
    ).toBe(true);
    // Some but not all variants sold out.
    expect(
      some((p) => !isSoldOut(p) && p.variants.some((v) => !v.unlimited && v.qtyInStock === 0)),
    ).toBe(true);
    // A fully sold-out product with its own sold-out text.
    const site = (await findSiteById(h.db, 'site-demo'))!;
    const merch = await loadMerchandising(h.db, site, demoIds);
    const ids = [...merch.keys()];
    const byId = await loadProducts(h.db, 'site-demo', ids);
    expect(
      ids.some((id) => isSoldOut(byId.get(id)!) && merch.get(id)!.customSoldOutText !== ''),
    ).toBe(true);
    // Low stock shows the scarcity text.
    expect(
      ids.some((id) => {
        const p = byId.get(id)!;
        return p.variants.some(
          (v) =>
            scarcity({
              product: p,
              variant: v,
              merchandising: merch.get(id)!,
              view: 'PRODUCT_DETAIL',
            }).visible,
        );
      }),
    ).toBe(true);
    expect(some((p) => p.variants.some((v) => v.unlimited) && physical(p))).toBe(true);
    // On sale: one variant (multiple prices) and all variants.
    expect(some((p) => physical(p) && isOnSale(p) && p.variants.some((v) => !v.onSale))).toBe(true);
    expect(
      some((p) => physical(p) && p.variants.length > 1 && p.variants.every((v) => v.onSale)),
    ).toBe(true);
    expect(
      some(
        (p) =>
          physical(p) &&
          hasMultiplePrices(p) &&
          fromPrice(p) < Math.max(...p.variants.map((v) => v.price)),
      ),
    ).toBe(true);
    expect(some((p) => p.productType === ProductType.DIGITAL && p.onSale)).toBe(true);
    expect(some((p) => p.productType === ProductType.SERVICE)).toBe(true);
    expect(
      some(
        (p) => p.productType === ProductType.GIFT_CARD && orderedOptions(p)[0]?.name === 'Amount',
      ),
    ).toBe(true);
    const sub = products.find((p) => p.isSubscribable)!;
    expect(sub.subscriptionPlan?.billingPeriod.unit).toBeTruthy();
    expect(sub.productSubscriptionOptions.length).toBeGreaterThan(0);
    expect(sub.oneTimePurchaseAllowed).toBe(true);
    expect(addButtonLabel(sub)).toBe('Subscribe');
    expect(some((p) => p.useCustomAddButtonText && addButtonLabel(p) !== 'Add To Cart')).toBe(true);
    expect(
      some((p) => p.additionalFieldsFormId === 'form-product-custom' && usesFormStyle(p)),
    ).toBe(true);
    expect(some((p) => totalStock(p) > 100 && Number.isFinite(totalStock(p)))).toBe(true);
    const store = { multipleQuantityAllowedForServices: true };
    expect(some((p) => quantityInputVisible(p, store))).toBe(true);
    expect(some((p) => physical(p) && !quantityInputVisible(p, store))).toBe(true);
    // A two-option product with a missing combination (variant unavailable).
    expect(
      some((p) => {
        const opts = orderedOptions(p);
        if (opts.length !== 2) return false;
        return opts[0]!.values.some((a) =>
          opts[1]!.values.some((b) => !findVariant(p, { [opts[0]!.name]: a, [opts[1]!.name]: b })),
        );
      }),
    ).toBe(true);
    // Installments in and out of range on physical products.
    const notices = ids.flatMap((id) => {
      const p = byId.get(id)!;
      const n = installmentNotice(p, merch.get(id)!, fromPrice(p), 'USD');
      return n ? [n] : [];
    });
    expect(notices.some((n) => n.inRange)).toBe(true);
    expect(notices.some((n) => !n.inRange)).toBe(true);
    expect(merch.get(ids[0]!)!.restockNotificationMessages.buttonText).toBe('Notify Me');
  });

  it('offers add-ons on a mug page and an Express Checkout product block on the home page', async () => {
    const addOns = await addOnItemIds(h.db, 'site-demo', 'demo-seconds-mug');
    expect(addOns).toEqual(['demo-mug-care-kit', 'demo-gift-wrap']);
    const byId = await loadProducts(h.db, 'site-demo', addOns);
    // Every add-on is a product of this site that can be bought; one has an option to choose.
    expect([...byId.keys()]).toEqual(addOns);
    expect([...byId.values()].every((p) => !isSoldOut(p))).toBe(true);
    expect([...byId.values()].some((p) => orderedOptions(p).length === 1)).toBe(true);
    const home = await h.db
      .selectFrom('collections')
      .select('sections')
      .where('site_id', '=', 'site-demo')
      .where('url_id', '=', '')
      .executeTakeFirstOrThrow();
    const express = home.sections
      .flatMap((s) => s.blocks)
      .filter((b) => b.type === 43 && b.expressCheckout);
    expect(express).toHaveLength(1);
    const itemId = express[0]!.type === 43 ? express[0]!.itemId : '';
    const candle = (await loadProducts(h.db, 'site-demo', [itemId])).get(itemId);
    // Express checkout suits a product added without choices: one variant, always in stock.
    expect(candle!.variants).toHaveLength(1);
    expect(candle!.variants[0]!.unlimited).toBe(true);
  });

  it('adds blog posts, gallery images and events with locations', async () => {
    const items = await h.db
      .selectFrom('items')
      .innerJoin('collections', 'collections.id', 'items.collection_id')
      .select([
        'collections.kind',
        'items.start_date',
        'items.location',
        'items.author',
        'items.main_image_id',
      ])
      .where('items.site_id', '=', 'site-demo')
      .execute();
    const of = (k: string) => items.filter((i) => i.kind === k);
    expect(of('blog').length).toBeGreaterThanOrEqual(4);
    expect(of('blog').every((p) => p.author?.displayName)).toBe(true);
    expect(of('gallery').length).toBeGreaterThanOrEqual(8);
    const events = of('events');
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(events.some((e) => Number(e.start_date) > NOW)).toBe(true);
    expect(events.some((e) => Number(e.start_date) < NOW)).toBe(true);
    expect(
      events.every((e) => e.location && 'mapLat' in e.location && 'addressLine1' in e.location),
    ).toBe(true);
    expect(items.every((i) => i.main_image_id)).toBe(true);
    const jp = await loadProducts(
      h.db,
      'site-jp',
      (
        await h.db
          .selectFrom('products')
          .select('item_id')
          .where('site_id', '=', 'site-jp')
          .execute()
      ).map((r) => r.item_id),
    );
    expect(jp.size).toBeGreaterThanOrEqual(6);
    expect([...jp.values()][0]!.priceMoney.currency).toBe('JPY');
  });

  it('renders every image width up to the original and serves them', async () => {
    // Images only: the e-book's file (kind 'file') has no widths.
    const assets = await h.db
      .selectFrom('assets')
      .selectAll()
      .where('kind', '=', 'image')
      .execute();
    expect(assets.length).toBeGreaterThan(20);
    for (const a of assets) {
      expect(a.widths).toEqual(IMAGE_WIDTHS.filter((w) => w <= a.width));
      expect(Object.keys(a.color_data)).toContain('centerAverage');
      for (const w of a.widths) {
        expect(fs.existsSync(path.join(dataDir, 'assets', a.id, `${w}w.webp`))).toBe(true);
        expect(fs.existsSync(path.join(dataDir, 'assets', a.id, `${w}w.jpg`))).toBe(true);
      }
    }
    const res = await new Visitor(app).get('/static/images/demo-tidepool-mug/500w.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    // Seeding stays quick enough for a first start on a small machine.
    expect(seedMs).toBeLessThan(60_000);
  });

  it('gives the mug a gallery with an image per glaze, and the e-book a file to deliver', async () => {
    const mug = await h.db
      .selectFrom('items')
      .select(['main_image_id', 'asset_ids'])
      .where('id', '=', 'demo-tidepool-mug')
      .executeTakeFirstOrThrow();
    // Its glaze (one per variant), the set, and a close-up of the glaze.
    expect([mug.main_image_id, ...mug.asset_ids]).toHaveLength(5);
    const variants = await h.db
      .selectFrom('variants')
      .select(['sku', 'image_asset_id', 'weight_grams'])
      .where('item_id', '=', 'demo-tidepool-mug')
      .orderBy('position')
      .execute();
    expect(variants.map((v) => [v.sku, v.image_asset_id, v.weight_grams])).toEqual([
      ['SM-MUG-TIDE', 'demo-tidepool-mug', 400],
      ['SM-MUG-OAT', 'demo-tidepool-mug-oat', 400],
      ['SM-MUG-CHAR', 'demo-tidepool-mug-char', 400],
    ]);
    const book = await h.db
      .selectFrom('products')
      .innerJoin('assets', 'assets.id', 'products.digital_asset_id')
      .select(['assets.id', 'assets.kind', 'assets.size', 'assets.filename'])
      .where('products.item_id', '=', 'demo-glaze-notebook')
      .executeTakeFirstOrThrow();
    expect(book).toMatchObject({ kind: 'file', filename: 'the-glaze-notebook.pdf' });
    const pdf = fs.readFileSync(path.join(dataDir, 'files', book.id, 'r1'));
    expect(pdf.length).toBe(book.size);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });

  it('reads like a small studio (issue 14): several pictures per product, one per colour', async () => {
    for (const siteId of ['site-demo', 'site-jp']) {
      const rows = await h.db
        .selectFrom('items')
        .innerJoin('products', 'products.item_id', 'items.id')
        .select(['items.id', 'items.main_image_id', 'items.asset_ids', 'products.product_type'])
        .where('items.site_id', '=', siteId)
        .execute();
      for (const r of rows) {
        // Gift cards and the e-book are one flat picture; anything made has more than one.
        if (r.product_type !== ProductType.PHYSICAL) continue;
        if (r.id === 'demo-clay-club') continue;
        expect([r.main_image_id, ...r.asset_ids].length, r.id).toBeGreaterThanOrEqual(2);
      }
      const variants = await h.db
        .selectFrom('variants')
        .select(['item_id', 'attributes', 'image_asset_id'])
        .where('site_id', '=', siteId)
        .execute();
      // Every colour (Color, Glaze, Paper, 釉薬) has its own picture, one per colour value.
      const colourOf = (a: Record<string, string>) =>
        a.Color ?? a.Glaze ?? a.Paper ?? a['釉薬'] ?? undefined;
      const coloured = variants.filter((v) => colourOf(v.attributes) !== undefined);
      expect(coloured.length).toBeGreaterThan(siteId === 'site-jp' ? 1 : 10);
      const pictureOf = new Map<string, string | null>();
      for (const v of coloured) {
        expect(v.image_asset_id, `${v.item_id} ${JSON.stringify(v.attributes)}`).toBeTruthy();
        const key = `${v.item_id}|${colourOf(v.attributes)}`;
        if (pictureOf.has(key)) expect(pictureOf.get(key)).toBe(v.image_asset_id);
        pictureOf.set(key, v.image_asset_id);
      }
      for (const item of new Set(coloured.map((v) => v.item_id))) {
        const mine = [...pictureOf].filter(([k]) => k.startsWith(`${item}|`)).map(([, p]) => p);
        expect(new Set(mine).size, item).toBe(mine.length);
      }
    }
    // The restock sign-up's newsletter box starts unticked everywhere.
    const merch = await loadMerchandising(h.db, (await findSiteById(h.db, 'site-demo'))!, demoIds);
    expect([...merch.values()].every((m) => !m.mailingListOptInByDefault)).toBe(true);
  });

  it('the name mug asks for a name and an optional message; the booking form has every type', async () => {
    const mug = products.find((p) => p.additionalFieldsFormId === 'form-name-mug');
    expect(mug).toBeDefined();
    const fieldsOf = async (id: string) =>
      (await findForm(h.db, 'site-demo', id))!.fields.map((f) => ({
        id: f.id,
        type: f.type,
        required: !!f.required,
      }));
    expect(await fieldsOf('form-name-mug')).toEqual([
      { id: 'name', type: 'text', required: true },
      { id: 'message', type: 'textarea', required: false },
    ]);
    const booking = await findForm(h.db, 'site-demo', 'form-product-custom');
    expect(booking!.name).toBe('Workshop booking');
    const types = new Set((await fieldsOf('form-product-custom')).map((f) => f.type));
    expect([...FIELD_TYPES].filter((t) => !types.has(t))).toEqual([]);
    const bookingProduct = await h.db
      .selectFrom('products')
      .select(['item_id', 'product_type'])
      .where('site_id', '=', 'site-demo')
      .where('additional_fields_form_id', '=', 'form-product-custom')
      .execute();
    expect(bookingProduct).toEqual([
      { item_id: 'demo-workshop-booking', product_type: ProductType.SERVICE },
    ]);
  });

  it('asks on /contact what a small shop asks, in each store language; every type is a fixture (issue 14)', async () => {
    const shape = async (site: string) =>
      (await findForm(h.db, site, 'form-contact'))!.fields.map((f) => [
        f.id,
        f.type,
        !!f.required,
        f.label,
        ...(f.options ?? []),
      ]);
    expect(await shape('site-demo')).toEqual([
      ['name', 'name', true, 'Name'],
      ['email', 'email', true, 'Email'],
      ['phone', 'phone', false, 'Phone (optional)'],
      ['topic', 'select', false, 'Topic', 'Order', 'Product', 'Wholesale', 'Other'],
      ['subject', 'text', false, 'Subject'],
      ['message', 'textarea', true, 'Message'],
      ['source', 'hidden', false, 'Source'],
    ]);
    const jp = await shape('site-jp');
    expect(jp.map((f) => f.slice(0, 3))).toEqual(
      (await shape('site-demo')).map((f) => f.slice(0, 3)),
    );
    expect(jp.find((f) => f[0] === 'topic')).toEqual([
      'topic',
      'select',
      false,
      'ご用件',
      'ご注文について',
      '商品について',
      '教室・イベントについて',
      'その他',
    ]);
    // The every-type form tests put on a page of their own still has every type.
    const fixture = new Set(everyFieldType().map((f) => f.type));
    expect([...FIELD_TYPES].filter((t) => !fixture.has(t))).toEqual([]);
  });

  it('classes and workshops are sold on the dates the events page lists', async () => {
    const events = await h.db
      .selectFrom('items')
      .innerJoin('collections', 'collections.id', 'items.collection_id')
      .select(['items.title', 'items.start_date', 'items.end_date'])
      .where('items.site_id', '=', 'site-demo')
      .where('collections.kind', '=', 'events')
      .execute();
    const upcoming = events.filter((e) => Number(e.end_date) >= NOW);
    const past = events.filter((e) => Number(e.end_date) < NOW);
    expect(past.length).toBeGreaterThanOrEqual(1);
    expect(upcoming.length).toBeGreaterThan(past.length);
    const label = (title: string) =>
      upcoming
        .filter((e) => e.title.startsWith(title))
        .map((e) => eventDateLabel(Number(e.start_date), 'en-US', 'America/New_York'))
        .sort();
    const optionsOf = (itemId: string) =>
      products
        .find((p) => p.variants.some((v) => v.id.startsWith(itemId)))!
        .variants.map((v) => Object.values(v.attributes).join(''));
    expect(optionsOf('v-demo-workshop-').sort()).toEqual(label('Intro to Wheel Throwing'));
    expect(optionsOf('v-demo-booking-')).toEqual([
      `Glaze Lab — ${label('Glaze Lab')[0]}`,
      `Handbuilding Day — ${label('Handbuilding Day')[0]}`,
    ]);
    // Classes fall on weekends whatever day the seed ran.
    expect(label('Intro to Wheel Throwing').every((l) => l.startsWith('Sat'))).toBe(true);
  });
});
