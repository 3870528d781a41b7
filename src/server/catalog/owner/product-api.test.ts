import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../../testing/backends.js';
import { buildTestApp, Visitor } from '../../testing/test-app.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { OwnerMessages } from '../../../shared/errors.js';
import type { OwnerProduct, ProductListResponse } from '../../../shared/product/owner-api.js';
import { ProductFieldTexts } from '../../../shared/product/validate-product.js';
import { seedOwnerCatalog, signedIn, tee } from './test-fixtures.js';

async function counts(h: DatabaseHandle) {
  const n = async (t: 'items' | 'products' | 'variants') =>
    Number(
      (
        await h.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { items: await n('items'), products: await n('products'), variants: await n('variants') };
}

describeEachBackend('owner product API', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let admin: Visitor;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedOwnerCatalog(h);
    ({ app, deps } = await buildTestApp(h));
    admin = await signedIn(app, 'admin@demo.test');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  it('creates, reads, updates and deletes a product in the Squarespace shape', async () => {
    const changes: unknown[] = [];
    const onChange = (e: unknown) => changes.push(e);
    deps.events.on('content-changed', onChange);
    try {
      const created = await admin.post('/api/commerce/products', tee());
      expect(created.statusCode, created.body).toBe(201);
      const p = created.json<{ product: OwnerProduct }>().product;
      expect(p).toMatchObject({
        title: 'Harbor Tee',
        urlId: 'harbor-tee',
        fullUrl: '/shop/p/harbor-tee',
        version: 1,
        visibility: 'published',
        tags: ['shirts', 'summer'],
        categories: ['Apparel'],
        body: '<p>Soft <strong>cotton</strong>.</p>',
        images: [
          { assetId: 'img-a', assetUrl: '/static/images/img-a', originalSize: '800x600' },
          { assetId: 'img-b', assetUrl: '/static/images/img-b', originalSize: '600x600' },
        ],
        digitalFile: null,
      });
      const sc = p.structuredContent;
      expect(sc.productType).toBe(1);
      expect(sc.variantOptionOrdering).toEqual(['Size']);
      expect(sc.onSale).toBe(true);
      expect(sc.variants).toHaveLength(2);
      expect(sc.variants[0]).toMatchObject({
        sku: 'TEE-S',
        attributes: { Size: 'S' },
        optionValues: [{ optionName: 'Size', value: 'S' }],
        price: 2800,
        salePrice: 1999,
        priceMoney: { value: '28.00', currency: 'USD' },
        salePriceMoney: { value: '19.99', currency: 'USD' },
        onSale: true,
        qtyInStock: 3,
        unlimited: false,
        weightGrams: 180,
        imageAssetId: null,
      });
      expect(sc.variants[1]).toMatchObject({ sku: 'TEE-M', qtyInStock: 12, imageAssetId: 'img-b' });
      expect(changes).toHaveLength(1);

      const read = await admin.get(`/api/commerce/products/${p.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json<{ product: OwnerProduct }>().product).toEqual(p);

      // Update: rename a variant's SKU, drop one variant, add one, leave stock of the kept one.
      const [small] = sc.variants;
      const updated = await admin.put(`/api/commerce/products/${p.id}`, {
        ...tee('Harbor Tee II'),
        version: 1,
        urlId: '',
        visibility: 'hidden',
        variants: [
          {
            id: small!.id,
            sku: 'TEE-SMALL',
            attributes: { Size: 'S' },
            priceMoney: { value: '30', currency: 'USD' },
          },
          { sku: '', attributes: { Size: 'L' }, priceMoney: { value: '32.5', currency: 'USD' } },
        ],
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const u = updated.json<{ product: OwnerProduct }>().product;
      expect(u.version).toBe(2);
      // A cleared slug keeps the page where it was.
      expect(u.urlId).toBe('harbor-tee');
      expect(u.title).toBe('Harbor Tee II');
      expect(u.visibility).toBe('hidden');
      expect(u.structuredContent.variants.map((v) => v.sku)).toEqual([
        'TEE-SMALL',
        expect.stringMatching(/^SQ\d{7}$/),
      ]);
      // The kept variant keeps its id and its stock (qtyInStock was not sent).
      expect(u.structuredContent.variants[0]).toMatchObject({
        id: small!.id,
        qtyInStock: 3,
        price: 3000,
      });
      expect(u.structuredContent.variants[1]).toMatchObject({ qtyInStock: 0, price: 3250 });
      expect(changes).toHaveLength(2);

      const list = await admin.get('/api/commerce/products?q=harbor');
      const page = list.json<ProductListResponse>();
      expect(page.total).toBe(1);
      expect(page.products[0]).toMatchObject({
        id: p.id,
        title: 'Harbor Tee II',
        visibility: 'hidden',
        priceText: 'from $30.00',
        stockState: 'low',
        stockTotal: 3,
        variantCount: 2,
        thumbnailUrl: '/static/images/img-a/100w.webp',
      });

      const del = await admin.delete(`/api/commerce/products/${p.id}`);
      expect(del.statusCode).toBe(204);
      expect((await admin.get(`/api/commerce/products/${p.id}`)).statusCode).toBe(404);
      expect((await admin.delete(`/api/commerce/products/${p.id}`)).statusCode).toBe(404);
      expect(await counts(h)).toEqual({ items: 0, products: 0, variants: 0 });
    } finally {
      deps.events.off('content-changed', onChange);
    }
  });

  it('answers every bad field with its own message and writes nothing', async () => {
    const before = await counts(h);
    const input = tee('');
    input.urlId = 'Not A Slug';
    input.variants[0]!.priceMoney = { value: '-1', currency: 'USD' };
    input.variants[0]!.salePriceMoney = { value: '30.00', currency: 'USD' };
    input.variants[1]!.sku = 'TEE-S';
    input.variants[1]!.attributes = {};
    input.variants[1]!.qtyInStock = 1.5;
    input.imageIds = ['img-a', 'img-jp'];
    const res = await admin.post('/api/commerce/products', input);
    expect(res.statusCode).toBe(400);
    const error = res.json<{
      error: { code: string; message: string; fieldErrors: Record<string, string> };
    }>().error;
    expect(error.code).toBe('PRODUCT_INVALID');
    expect(error.message).toBe(OwnerMessages.PRODUCT_INVALID);
    expect(error.fieldErrors).toEqual({
      title: ProductFieldTexts.TITLE_REQUIRED,
      urlId: ProductFieldTexts.SLUG_INVALID,
      'variants.0.priceMoney': ProductFieldTexts.PRICE_INVALID,
      'variants.1.sku': ProductFieldTexts.SKU_DUPLICATE,
      'variants.1.attributes.Size': 'Enter a value for Size.',
      'variants.1.qtyInStock': ProductFieldTexts.STOCK_INVALID,
    });
    // Sale price above the price; an image of another website.
    const sale = tee('Sale');
    sale.variants[0]!.salePriceMoney = { value: '28.00', currency: 'USD' };
    sale.imageIds = ['img-a', 'img-jp'];
    const res2 = await admin.post('/api/commerce/products', sale);
    expect(res2.json().error.fieldErrors).toEqual({
      'variants.0.salePriceMoney': ProductFieldTexts.SALE_NOT_LOWER,
    });
    const ok = tee('Images');
    ok.imageIds = ['img-a', 'img-jp'];
    const res3 = await admin.post('/api/commerce/products', ok);
    expect(res3.json().error.fieldErrors).toEqual({ imageIds: ProductFieldTexts.IMAGE_MISSING });
    expect(await counts(h)).toEqual(before);
  });

  it('checks prices in the store currency: JPY has no decimals', async () => {
    const jp = await signedIn(app, 'admin@jp.test', 'jp.localhost');
    const input = {
      productType: 1,
      title: '抹茶',
      variants: [
        { sku: 'MATCHA', attributes: {}, priceMoney: { value: '1200.5', currency: 'JPY' } },
      ],
    };
    const bad = await jp.post('/api/commerce/products', input);
    expect(bad.json().error.fieldErrors).toEqual({
      'variants.0.priceMoney': 'Enter a whole amount: JPY has no decimal places.',
    });
    const usd = await jp.post('/api/commerce/products', {
      ...input,
      variants: [{ ...input.variants[0], priceMoney: { value: '1200', currency: 'USD' } }],
    });
    expect(usd.json().error.fieldErrors['variants.0.priceMoney']).toBe(
      'Prices are in JPY, the currency of the store.',
    );
    const ok = await jp.post('/api/commerce/products', {
      ...input,
      variants: [{ ...input.variants[0], priceMoney: { value: '1200', currency: 'JPY' } }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const p = ok.json<{ product: OwnerProduct }>().product;
    // A title without Latin letters still gets a slug.
    expect(p.urlId).toBe('product');
    expect(p.structuredContent.variants[0]!.priceMoney).toEqual({ value: '1200', currency: 'JPY' });
    // The same SKU on another website is fine; slugs made from the same title count up.
    const again = await jp.post('/api/commerce/products', {
      ...input,
      variants: [
        { sku: 'MATCHA-2', attributes: {}, priceMoney: { value: '900', currency: 'JPY' } },
      ],
    });
    expect(again.json<{ product: OwnerProduct }>().product.urlId).toBe('product-2');
    const dupSku = await jp.post('/api/commerce/products', {
      ...input,
      variants: [{ sku: 'MATCHA', attributes: {}, priceMoney: { value: '900', currency: 'JPY' } }],
    });
    expect(dupSku.json().error.fieldErrors).toEqual({
      'variants.0.sku': ProductFieldTexts.SKU_TAKEN,
    });
  });

  it("gives a new product the restock and low-stock texts of the website's language", async () => {
    const stored = async (id: string) =>
      (
        await h.db
          .selectFrom('products')
          .select('merchandising')
          .where('item_id', '=', id)
          .executeTakeFirstOrThrow()
      ).merchandising;
    const en = (await admin.post('/api/commerce/products', tee('Texts Tee', 'TXT'))).json<{
      product: OwnerProduct;
    }>().product;
    expect(await stored(en.id)).toMatchObject({
      restockNotificationMessages: {
        buttonText: 'Notify Me',
        CTAText: 'Get notified when this item is back in stock.',
        placeholderText: 'Email Address',
        mailingListDescription: 'Also sign up for our newsletter',
      },
      scarcityText: 'Only {quantity} left in stock',
    });

    const jp = await signedIn(app, 'admin@jp.test', 'jp.localhost');
    const created = await jp.post('/api/commerce/products', {
      productType: 1,
      title: '煎茶',
      variants: [{ sku: 'SENCHA', attributes: {}, priceMoney: { value: '800', currency: 'JPY' } }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json<{ product: OwnerProduct }>().product;
    const japanese = {
      restockNotificationMessages: {
        buttonText: '入荷お知らせ',
        CTAText: '再入荷したらメールでお知らせします。',
        placeholderText: 'メールアドレス',
        mailingListDescription: 'ニュースレターも受け取る',
      },
      scarcityText: '残り{quantity}点',
    };
    expect(await stored(p.id)).toMatchObject(japanese);
    expect(p.merchandising).toMatchObject(japanese);

    // A product saved with the English defaults before (the row as older versions wrote it)
    // opens in the editor with the Japanese the storefront shows; the owner's own words stay.
    const old = await stored(p.id);
    await h.db
      .updateTable('products')
      .set({
        merchandising: JSON.stringify({
          ...old,
          restockNotificationMessages: {
            ...old.restockNotificationMessages,
            buttonText: 'Notify Me',
            CTAText: '入荷したらご連絡します',
          },
          scarcityText: 'Only {quantity} left in stock',
        }),
      })
      .where('item_id', '=', p.id)
      .execute();
    const read = (await jp.get(`/api/commerce/products/${p.id}`)).json<{ product: OwnerProduct }>();
    expect(read.product.merchandising).toMatchObject({
      restockNotificationMessages: {
        ...japanese.restockNotificationMessages,
        CTAText: '入荷したらご連絡します',
      },
      scarcityText: '残り{quantity}点',
    });
  });

  it('gives the second of two saves with one version a conflict, never both a win', async () => {
    const created = (await admin.post('/api/commerce/products', tee('Race Tee', 'RACE'))).json<{
      product: OwnerProduct;
    }>().product;
    const save = (title: string) =>
      admin.put(`/api/commerce/products/${created.id}`, { ...tee(title, 'RACE'), version: 1 });
    const results = await Promise.all([save('First'), save('Second')]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const conflict = results.find((r) => r.statusCode === 409)!;
    expect(conflict.json().error).toMatchObject({
      code: 'PRODUCT_CONFLICT',
      message: OwnerMessages.PRODUCT_CONFLICT,
    });
    const winner = results
      .find((r) => r.statusCode === 200)!
      .json<{ product: OwnerProduct }>().product;
    const stored = (await admin.get(`/api/commerce/products/${created.id}`)).json<{
      product: OwnerProduct;
    }>().product;
    expect(stored.version).toBe(2);
    expect(stored.title).toBe(winner.title);
    // A stale version later is a conflict too.
    const stale = await admin.put(`/api/commerce/products/${created.id}`, {
      ...tee('Late', 'RACE'),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('lets any role read but only admins and store managers write', async () => {
    const viewer = await signedIn(app, 'viewer@demo.test');
    expect((await viewer.get('/api/commerce/products')).statusCode).toBe(200);
    const denied = await viewer.post('/api/commerce/products', tee('Viewer Tee', 'VIEW'));
    expect(denied.statusCode).toBe(403);
    const store = await signedIn(app, 'store@demo.test');
    const created = await store.post('/api/commerce/products', tee('Manager Tee', 'MGR'));
    expect(created.statusCode).toBe(201);
    const id = created.json<{ product: OwnerProduct }>().product.id;
    expect((await viewer.delete(`/api/commerce/products/${id}`)).statusCode).toBe(403);
    expect(
      (await viewer.post('/api/commerce/products/bulk', { ids: [id], action: 'hide' })).statusCode,
    ).toBe(403);
    const anon = new Visitor(app);
    expect((await anon.get('/api/commerce/products')).statusCode).toBe(401);
    // Another website's owner cannot see this one's products.
    const jp = await signedIn(app, 'admin@jp.test', 'jp.localhost');
    expect((await jp.get(`/api/commerce/products/${id}`)).statusCode).toBe(404);
    // Writes need the crumb.
    const noCrumb = await store.request({
      method: 'DELETE',
      url: `/api/commerce/products/${id}`,
      crumb: false,
    });
    expect(noCrumb.statusCode).toBe(403);
  });

  it('sends restock mails for variants a save brings back', async () => {
    const restocked: { variantId: string; qtyInStock: number }[] = [];
    const on = (e: { variantId: string; qtyInStock: number }) => restocked.push(e);
    deps.events.on('variant-restocked', on);
    try {
      const input = tee('Restock Tee', 'RST');
      input.variants[0]!.qtyInStock = 0;
      const p = (await admin.post('/api/commerce/products', input)).json<{
        product: OwnerProduct;
      }>().product;
      const [s, m] = p.structuredContent.variants;
      const res = await admin.put(`/api/commerce/products/${p.id}`, {
        ...input,
        version: p.version,
        variants: [
          { ...input.variants[0], id: s!.id, qtyInStock: 4 },
          { ...input.variants[1], id: m!.id, qtyInStock: undefined },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(restocked).toEqual([expect.objectContaining({ variantId: s!.id, qtyInStock: 4 })]);
    } finally {
      deps.events.off('variant-restocked', on);
    }
  });
});
