import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { findSiteById } from '../sites/site-queries.js';
import { ProductType, RecordType, Role } from '../../shared/enums.js';
import { isSoldOut } from '../../shared/product/rules.js';
import { insertProduct } from './insert-product.js';
import {
  findVariant,
  loadMerchandising,
  loadProducts,
  relatedItemIds,
  stockOf,
  addOnItemIds,
} from './catalog-queries.js';
import { setVariantStock } from './set-variant-stock.js';
import { storeSettingsJson } from './product-json.js';
import { insertTestSite } from '../testing/site-fixtures.js';

async function addSite(h: DatabaseHandle, id: string, slug: string, currency: string) {
  await insertTestSite(h.db, {
    id,
    slug,
    currency,
    store: {
      multipleQuantityAllowedForServices: false,
      minimumOrderSubtotalCents: currency === 'JPY' ? 3000 : 0,
    },
    shop: true,
  });
}

async function addItem(h: DatabaseHandle, siteId: string, id: string) {
  await h.db
    .insertInto('items')
    .values({
      id,
      site_id: siteId,
      collection_id: `${siteId}-shop`,
      url_id: id,
      title: id,
      record_type: RecordType.STORE_ITEM,
      author: null,
      tags: '[]',
      categories: '[]',
      published_on: new Date(0),
      start_date: null,
      end_date: null,
      location: null,
      main_image_id: null,
      asset_ids: '[]',
      position: 0,
      data: '{}',
    })
    .execute();
}

describeEachBackend('catalog', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await addSite(h, 's1', 'demo', 'USD');
    await addSite(h, 's2', 'jp', 'JPY');
    await addItem(h, 's1', 'shirt');
    await insertProduct(h.db, {
      itemId: 'shirt',
      siteId: 's1',
      productType: ProductType.PHYSICAL,
      // Ordering differs from the attributes' key order on purpose.
      variantOptionOrdering: ['Size', 'Color'],
      merchandising: {
        restockNotificationViews: ['PRODUCT_DETAIL'],
        scarcityEnabled: true,
        scarcityTemplateViews: ['PRODUCT_DETAIL'],
        scarcityThreshold: 3,
      },
      installment: {
        afterPayAvailable: true,
        afterPayMinCents: 3500,
        afterPayMaxCents: 100000,
        country: 'US',
      },
      relatedItemIds: ['ebook'],
      addOnItemIds: ['ebook', 'gift'],
      variants: [
        {
          id: 'shirt-s-blue',
          sku: 'SH-S-BL',
          attributes: { Color: 'Blue', Size: 'S' },
          priceCents: 2850,
          qtyInStock: 0,
        },
        {
          id: 'shirt-m-blue',
          sku: 'SH-M-BL',
          attributes: { Color: 'Blue', Size: 'M' },
          priceCents: 2850,
          salePriceCents: 1999,
          onSale: true,
          qtyInStock: 0,
        },
      ],
    });
    await addItem(h, 's1', 'ebook');
    await insertProduct(h.db, {
      itemId: 'ebook',
      siteId: 's1',
      productType: ProductType.DIGITAL,
      priceCents: 1200,
      salePriceCents: 900,
      onSale: true,
      variants: [{ id: 'ebook-v', sku: 'EB-1', priceCents: 1200, unlimited: true }],
    });
    await addItem(h, 's2', 'tea');
    await insertProduct(h.db, {
      itemId: 'tea',
      siteId: 's2',
      productType: ProductType.PHYSICAL,
      variants: [{ id: 'tea-v', sku: 'TEA-1', priceCents: 1200, qtyInStock: 4 }],
    });
    const owner = await createOwner(h.db, {
      email: 'owner@demo.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, 's1', owner, Role.ADMIN);
    await createOwner(h.db, { email: 'other@demo.test', password: 'pw-123456', displayName: 'X' });
    for (const [email, role] of [
      ['viewer@demo.test', Role.VIEWER],
      ['commenter@demo.test', Role.COMMENTER],
      ['editor@demo.test', Role.EDITOR],
      ['store@demo.test', Role.STORE_MANAGER],
    ] as const) {
      const id = await createOwner(h.db, { email, password: 'pw-123456', displayName: email });
      await grantRole(h.db, 's1', id, role);
    }
    ({ app, deps } = await buildTestApp(h));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  it('lets only admins and store managers change stock; others get 403 and no restock fires', async () => {
    const restocks: unknown[] = [];
    const on = (e: unknown) => restocks.push(e);
    deps.events.on('variant-restocked', on);
    try {
      const as = async (email: string) => {
        const v = new Visitor(app);
        const res = await v.post('/api/auth/login', { email, password: 'pw-123456' });
        expect(res.statusCode).toBe(200);
        return v;
      };
      for (const email of ['viewer@demo.test', 'commenter@demo.test', 'editor@demo.test']) {
        const v = await as(email);
        const res = await v.put('/api/commerce/inventory/shirt-s-blue', { qtyInStock: 0 });
        expect(res.statusCode, email).toBe(403);
        const up = await v.put('/api/commerce/inventory/shirt-s-blue', { qtyInStock: 4 });
        expect(up.statusCode, email).toBe(403);
      }
      expect(restocks).toHaveLength(0);
      const manager = await as('store@demo.test');
      await manager.put('/api/commerce/inventory/shirt-s-blue', { qtyInStock: 0 });
      const ok = await manager.put('/api/commerce/inventory/shirt-s-blue', { qtyInStock: 2 });
      expect(ok.statusCode).toBe(200);
      expect(restocks).toHaveLength(1);
      // Back to sold out, as the other tests expect it.
      expect(
        (await manager.put('/api/commerce/inventory/shirt-s-blue', { qtyInStock: 0 })).statusCode,
      ).toBe(200);
    } finally {
      deps.events.off('variant-restocked', on);
    }
  });

  it('builds the SPEC 3.3 product JSON with options in ordering order and money', async () => {
    const products = await loadProducts(h.db, 's1', ['ebook', 'shirt', 'tea', 'missing']);
    expect([...products.keys()]).toEqual(['ebook', 'shirt']);
    const shirt = products.get('shirt')!;
    expect(shirt.productType).toBe(1);
    expect(shirt.variantOptionOrdering).toEqual(['Size', 'Color']);
    expect(shirt.variants.map((v) => v.sku)).toEqual(['SH-S-BL', 'SH-M-BL']);
    const m = shirt.variants[1]!;
    expect(m.optionValues).toEqual([
      { optionName: 'Size', value: 'M' },
      { optionName: 'Color', value: 'Blue' },
    ]);
    expect(m).toMatchObject({
      id: 'shirt-m-blue',
      attributes: { Color: 'Blue', Size: 'M' },
      price: 2850,
      salePrice: 1999,
      priceMoney: { value: '28.50', currency: 'USD' },
      salePriceMoney: { value: '19.99', currency: 'USD' },
      onSale: true,
      qtyInStock: 0,
      unlimited: false,
    });
    expect(shirt.priceMoney).toEqual({ value: '28.50', currency: 'USD' });
    expect(shirt.onSale).toBe(true);
    expect(isSoldOut(shirt)).toBe(true);
    const ebook = products.get('ebook')!;
    expect(ebook.priceMoney).toEqual({ value: '12.00', currency: 'USD' });
    expect(ebook.salePriceMoney).toEqual({ value: '9.00', currency: 'USD' });
    expect(ebook.onSale).toBe(true);

    const jp = await loadProducts(h.db, 's2', ['tea']);
    expect(jp.get('tea')!.variants[0]!.priceMoney).toEqual({ value: '1200', currency: 'JPY' });
    expect(await loadProducts(h.db, 's1', [])).toEqual(new Map());
  });

  it('builds the merchandising and installment context and store settings', async () => {
    const site = (await findSiteById(h.db, 's1'))!;
    const merch = (await loadMerchandising(h.db, site, ['shirt'])).get('shirt')!;
    expect(merch).toMatchObject({
      restockNotificationViews: ['PRODUCT_DETAIL'],
      restockNotificationMessages: { buttonText: 'Notify Me', placeholderText: 'Email Address' },
      scarcityEnabled: true,
      scarcityThreshold: 3,
      afterPayAvailable: true,
      afterPayMin: '35.00',
      afterPayMax: '1000.00',
      shopperLanguage: 'en_US',
      paymentProviderCountry: 'US',
    });
    expect(await relatedItemIds(h.db, 's1', 'shirt')).toEqual(['ebook']);
    expect(await relatedItemIds(h.db, 's2', 'shirt')).toEqual([]);
    // Add-ons keep the owner's order; another site's product of the same id has none.
    expect(await addOnItemIds(h.db, 's1', 'shirt')).toEqual(['ebook', 'gift']);
    expect(await addOnItemIds(h.db, 's1', 'ebook')).toEqual([]);
    expect(await addOnItemIds(h.db, 's2', 'shirt')).toEqual([]);
    expect(storeSettingsJson(site)).toEqual({
      multipleQuantityAllowedForServices: false,
      minimumOrderSubtotal: null,
      currencyCode: 'USD',
    });
    const jp = (await findSiteById(h.db, 's2'))!;
    expect(storeSettingsJson(jp).minimumOrderSubtotal).toEqual({ value: '3000', currency: 'JPY' });
    // A site may point the installment modal at another information page.
    const configured = structuredClone(site);
    configured.settings.websiteSettings.storeSettings.installmentInfoUrl = '/bnpl/{locale}.html';
    expect(storeSettingsJson(configured).installmentInfoUrl).toBe('/bnpl/{locale}.html');
  });

  it('finds variants and stock only within the site', async () => {
    const found = await findVariant(h.db, 's1', 'shirt', 'SH-M-BL');
    expect(found?.variant.id).toBe('shirt-m-blue');
    expect(found?.product.item_id).toBe('shirt');
    expect(await findVariant(h.db, 's2', 'shirt', 'SH-M-BL')).toBeUndefined();
    expect(await findVariant(h.db, 's1', 'shirt', 'NOPE')).toBeUndefined();
    expect(await stockOf(h.db, 's1', 'shirt')).toEqual([
      { sku: 'SH-S-BL', variantId: 'shirt-s-blue', unlimited: false, qtyInStock: 0 },
      { sku: 'SH-M-BL', variantId: 'shirt-m-blue', unlimited: false, qtyInStock: 0 },
    ]);
    expect(await stockOf(h.db, 's2', 'shirt')).toEqual([]);
  });

  it('announces a restock only when stock goes from 0 to above 0, and bumps the content version', async () => {
    const events: unknown[] = [];
    const changes: unknown[] = [];
    const onRestock = (e: unknown) => events.push(e);
    const onChange = (e: unknown) => changes.push(e);
    deps.events.on('variant-restocked', onRestock);
    deps.events.on('content-changed', onChange);
    try {
      const v0 = (await findSiteById(h.db, 's1'))!.content_version;
      const up = await setVariantStock(h.db, deps.events, 's1', 'shirt-s-blue', { qtyInStock: 5 });
      expect(up).toMatchObject({ qtyInStock: 5, unlimited: false, restocked: true });
      expect(events).toEqual([
        { siteId: 's1', itemId: 'shirt', variantId: 'shirt-s-blue', qtyInStock: 5 },
      ]);
      expect((await findSiteById(h.db, 's1'))!.content_version).toBe(v0 + 1);
      // Above 0 to more: no new announcement.
      await setVariantStock(h.db, deps.events, 's1', 'shirt-s-blue', { qtyInStock: 7 });
      expect(events).toHaveLength(1);
      // Back to 0, then unlimited: announced again.
      await setVariantStock(h.db, deps.events, 's1', 'shirt-s-blue', { qtyInStock: 0 });
      await setVariantStock(h.db, deps.events, 's1', 'shirt-s-blue', { unlimited: true });
      expect(events).toHaveLength(2);
      expect(changes).toHaveLength(4);
      await setVariantStock(h.db, deps.events, 's1', 'shirt-s-blue', {
        unlimited: false,
        qtyInStock: 0,
      });
      await expect(
        setVariantStock(h.db, deps.events, 's2', 'shirt-s-blue', { qtyInStock: 1 }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(
        setVariantStock(h.db, deps.events, 's1', 'shirt-s-blue', { qtyInStock: -1 }),
      ).rejects.toMatchObject({ code: 'VALIDATION' });
      await expect(
        setVariantStock(h.db, deps.events, 's1', 'shirt-s-blue', {}),
      ).rejects.toMatchObject({ code: 'VALIDATION' });
    } finally {
      deps.events.off('variant-restocked', onRestock);
      deps.events.off('content-changed', onChange);
    }
  });

  it('lets only signed-in owners of the site set stock, with a crumb', async () => {
    const restocks: unknown[] = [];
    const on = (e: unknown) => restocks.push(e);
    deps.events.on('variant-restocked', on);
    try {
      const anon = new Visitor(app);
      expect(
        (await anon.put('/api/commerce/inventory/shirt-m-blue', { qtyInStock: 3 })).statusCode,
      ).toBe(401);

      const stranger = new Visitor(app);
      await stranger.post('/api/auth/login', { email: 'other@demo.test', password: 'pw-123456' });
      expect(
        (await stranger.put('/api/commerce/inventory/shirt-m-blue', { qtyInStock: 3 })).statusCode,
      ).toBe(403);

      const owner = new Visitor(app);
      await owner.post('/api/auth/login', { email: 'owner@demo.test', password: 'pw-123456' });
      const noCrumb = await owner.request({
        method: 'PUT',
        url: '/api/commerce/inventory/shirt-m-blue',
        payload: { qtyInStock: 3 },
        crumb: false,
      });
      expect(noCrumb.statusCode).toBe(403);
      expect(restocks).toHaveLength(0);

      const bad = await owner.put('/api/commerce/inventory/shirt-m-blue', { qtyInStock: 1.5 });
      expect(bad.statusCode).toBe(400);

      const ok = await owner.put('/api/commerce/inventory/shirt-m-blue', { qtyInStock: 3 });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().variant).toMatchObject({
        variantId: 'shirt-m-blue',
        sku: 'SH-M-BL',
        qtyInStock: 3,
        restocked: true,
      });
      expect(restocks).toHaveLength(1);
      expect((await stockOf(h.db, 's1', 'shirt'))[1]!.qtyInStock).toBe(3);

      // The jp site's variant is not reachable through the demo site's host.
      const missing = await owner.put('/api/commerce/inventory/tea-v', { qtyInStock: 9 });
      expect(missing.statusCode).toBe(404);
    } finally {
      deps.events.off('variant-restocked', on);
    }
  });
});
