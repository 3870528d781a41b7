import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { describeEachBackend, openTestDatabase } from '../../testing/backends.js';
import { buildTestApp, type Visitor } from '../../testing/test-app.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { OwnerMessages } from '../../../shared/errors.js';
import {
  CSV_COLUMNS,
  type ImportPreview,
  type ImportStatus,
  type OwnerProduct,
  type ProductListResponse,
  type TagsResponse,
} from '../../../shared/product/owner-api.js';
import { ProductFieldTexts } from '../../../shared/product/validate-product.js';
import { BulkTexts } from './bulk.js';
import { seedOwnerCatalog, signedIn, tee } from './test-fixtures.js';

const HEADER = CSV_COLUMNS.join(',');

describeEachBackend('product CSV, bulk actions and tags', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let admin: Visitor;

  const create = async (input: ReturnType<typeof tee>) => {
    const res = await admin.post('/api/commerce/products', input);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ product: OwnerProduct }>().product;
  };
  const list = async (query = '') =>
    (await admin.get(`/api/commerce/products?limit=100${query}`)).json<ProductListResponse>();
  const importCsv = async (csv: string) => {
    const start = await admin.post('/api/commerce/products/import', { csv });
    expect(start.statusCode, start.body).toBe(202);
    const { importId } = start.json<{ importId: string }>();
    // The queue may already run it (enqueue wakes it): wait for the stored state to end.
    for (let i = 0; i < 300; i++) {
      await deps.jobs.drain();
      const status = (
        await admin.get(`/api/commerce/products/import/${importId}`)
      ).json<ImportStatus>();
      if (status.state === 'done' || status.state === 'failed') return status;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the import did not end');
  };

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

  it('exports one row per variant and imports the file back to the same products', async () => {
    const input = tee('=cmd|calc, "quoted" Tee', 'CSV');
    input.body = '<p>Line one,\nline "two"</p>';
    input.tags = ['-minus', 'summer'];
    const p = await create(input);
    const res = await admin.get('/api/commerce/products/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.body.replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(HEADER);
    // Formula cells are written as text; quotes and line breaks are quoted.
    expect(text).toContain(`"'=cmd|calc, ""quoted"" Tee"`);
    expect(text).toContain(`"'-minus, summer"`);
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(0, 4)).toEqual([p.id, 'physical', `'=cmd|calc, "quoted" Tee`, p.urlId]);
    expect(rows[1]![CSV_COLUMNS.indexOf('Description')]).toBe('<p>Line one,\nline "two"</p>');
    expect(rows[1]![CSV_COLUMNS.indexOf('SKU')]).toBe('CSV-S');
    expect(rows[1]![CSV_COLUMNS.indexOf('Option Name 1')]).toBe('Size');
    expect(rows[1]![CSV_COLUMNS.indexOf('Option Value 1')]).toBe('S');
    expect(rows[1]![CSV_COLUMNS.indexOf('Sale Price')]).toBe('19.99');
    expect(rows[1]![CSV_COLUMNS.indexOf('On Sale')]).toBe('Yes');
    expect(rows[2]![CSV_COLUMNS.indexOf('Stock')]).toBe('12');
    expect(rows[1]![CSV_COLUMNS.indexOf('Image URLs')]).toBe(
      '/static/images/img-a /static/images/img-b',
    );

    // Importing the export changes nothing but the version.
    const preview = await admin.post('/api/commerce/products/import/preview', { csv: res.body });
    expect(preview.json<ImportPreview>()).toMatchObject({
      rowCount: 2,
      productsToCreate: 0,
      productsToUpdate: 1,
      errors: [],
      warnings: [],
    });
    const status = await importCsv(res.body);
    expect(status).toMatchObject({ state: 'done', total: 1, processed: 1, created: 0, updated: 1 });
    const after = (await admin.get(`/api/commerce/products/${p.id}`)).json<{
      product: OwnerProduct;
    }>().product;
    expect({ ...after, version: 0, updatedOn: 0 }).toEqual({ ...p, version: 0, updatedOn: 0 });

    // An edited price and stock come back in.
    rows[2]![CSV_COLUMNS.indexOf('Price')] = '31.50';
    rows[2]![CSV_COLUMNS.indexOf('Stock')] = '40';
    await importCsv(Papa.unparse(rows));
    const edited = (await admin.get(`/api/commerce/products/${p.id}`)).json<{
      product: OwnerProduct;
    }>().product;
    expect(edited.structuredContent.variants[1]).toMatchObject({ price: 3150, qtyInStock: 40 });
    await admin.delete(`/api/commerce/products/${p.id}`);
  });

  it('previews errors and warnings without writing anything', async () => {
    const before = (await list()).total;
    const empty = await admin.post('/api/commerce/products/import/preview', { csv: HEADER });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'DATASET_INVALID',
      message: OwnerMessages.DATASET_NO_ROWS,
    });
    const csv = [
      `${HEADER},Extra`,
      ',physical,Good Mug,,,mugs,,,MUG-1,,,,,,,12.00,,,5,300,/static/images/img-c https://elsewhere.test/a.jpg,x',
      ',physical,Bad Price,,,,,,BAD-1,,,,,,,abc,,,,,',
      ',spaceship,Odd Type,,,,,,ODD-1,,,,,,,1,,,,,',
      ',physical,Two Sizes,,,,,,TS-1,Size,S,,,,,5,,,,,',
      ',physical,Two Sizes,,,,,,TS-2,Size,S,,,,,5,,,,,',
      ',physical,,,,,,,NOTITLE,,,,,,,5',
    ].join('\n');
    const res = await admin.post('/api/commerce/products/import/preview', { csv });
    expect(res.statusCode).toBe(200);
    const preview = res.json<ImportPreview>();
    expect(preview.rowCount).toBe(6);
    expect(preview.productsToCreate).toBe(1);
    expect(preview.sample).toEqual([
      { title: 'Good Mug', productType: 1, variantCount: 1, priceText: '$12.00' },
    ]);
    expect(preview.errors).toEqual([
      { row: 3, message: `Price: ${ProductFieldTexts.PRICE_INVALID}` },
      { row: 4, message: `Product Type: ${ProductFieldTexts.TYPE}` },
      { row: 6, message: `Option Value: ${ProductFieldTexts.VARIANT_DUPLICATE}` },
    ]);
    expect(preview.warnings).toEqual([
      OwnerMessages.DATASET_MISSING_DATA,
      'Columns ignored: Extra.',
      "Row 2: https://elsewhere.test/a.jpg is not an image of this website's media library; it was ignored (images are not downloaded).",
    ]);
    // An import with errors is refused.
    const start = await admin.post('/api/commerce/products/import', { csv });
    expect(start.statusCode).toBe(400);
    expect(start.json().error.errors).toHaveLength(3);
    expect((await list()).total).toBe(before);
  });

  it('imports a few hundred products through the job queue', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 300; i++) {
      for (const size of ['S', 'M']) {
        lines.push(
          `,physical,Bulk Item ${i},,<p>Item ${i}</p>,bulk,Imported,,BULK-${i}-${size},Size,${size},,,,,${10 + (i % 5)}.00,,,${i % 7},100,/static/images/img-a`,
        );
      }
    }
    const status = await importCsv(lines.join('\r\n'));
    expect(status).toMatchObject({
      state: 'done',
      total: 300,
      processed: 300,
      created: 300,
      errors: [],
    });
    const page = await list('&tag=bulk&sort=title');
    expect(page.total).toBe(300);
    expect(page.products[0]).toMatchObject({
      title: 'Bulk Item 0',
      variantCount: 2,
      priceText: '$10.00',
      categories: ['Imported'],
      thumbnailUrl: '/static/images/img-a/100w.webp',
      stockState: 'out',
    });
    // Paging walks every match once.
    let cursor: string | null = '';
    const seen = new Set<string>();
    while (cursor !== null) {
      const p: ProductListResponse = await (
        await admin.get(`/api/commerce/products?tag=bulk&limit=100&cursor=${cursor}`)
      ).json();
      for (const x of p.products) seen.add(x.id);
      cursor = p.nextCursor;
    }
    expect(seen.size).toBe(300);
    // Filters: stock states from the same rule as scarcity (1 to 5 is low).
    const low = await list('&tag=bulk&stock=low');
    // Both sizes hold i % 7: totals 2 and 4 are low.
    expect(low.total).toBe(86);
    const search = await list('&q=BULK-12-M');
    expect(search.products.map((p) => p.title)).toEqual(['Bulk Item 12']);
    // The storefront lists them at once.
    const shop = await admin.get('/shop?format=json');
    expect(shop.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);
  });

  it('runs bulk actions on all the products or none', async () => {
    const a = await create(tee('Bulk A', 'BA'));
    const b = await create(tee('Bulk B', 'BB'));
    const gift = await create({
      productType: 4,
      title: 'Gift Card',
      variants: [
        { sku: 'GC-25', attributes: {}, priceMoney: { value: '25', currency: 'USD' } },
        { sku: 'GC-50', attributes: {}, priceMoney: { value: '50', currency: 'USD' } },
      ],
    });
    const hide = await admin.post('/api/commerce/products/bulk', {
      ids: [a.id, b.id],
      action: 'hide',
    });
    expect(hide.json()).toEqual({ changed: 2 });
    expect((await list('&visibility=hidden')).products.map((p) => p.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    const missing = await admin.post('/api/commerce/products/bulk', {
      ids: [a.id, 'nope'],
      action: 'publish',
    });
    expect(missing.statusCode).toBe(404);
    expect((await list('&visibility=hidden')).total).toBe(2);
    const sale = await admin.post('/api/commerce/products/bulk', {
      ids: [a.id, gift.id],
      action: 'set-on-sale',
    });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().error.fieldErrors).toEqual({ [gift.id]: BulkTexts.GIFT_CARD });
    await admin.post('/api/commerce/products/bulk', { ids: [a.id, b.id], action: 'clear-on-sale' });
    expect((await list('&onSale=true')).total).toBe(0);
    const set = await admin.post('/api/commerce/products/bulk', {
      ids: [a.id],
      action: 'set-on-sale',
    });
    expect(set.json()).toEqual({ changed: 1 });
    const onSale = (await list('&onSale=true')).products.map((p) => p.id);
    expect(onSale).toEqual([a.id]);
    const del = await admin.post('/api/commerce/products/bulk', {
      ids: [a.id, b.id, gift.id],
      action: 'delete',
    });
    expect(del.json()).toEqual({ changed: 3 });
    expect((await admin.get(`/api/commerce/products/${a.id}`)).statusCode).toBe(404);
  });

  it('renames, merges and deletes tags with the SPEC texts', async () => {
    const x = await create({
      ...tee('Tag X', 'TX'),
      tags: ['mugs', 'Blue'],
      categories: ['Kitchen'],
    });
    const y = await create({
      ...tee('Tag Y', 'TY'),
      tags: ['cups', 'blue'],
      categories: ['Kitchen'],
    });
    const tags = (await admin.get('/api/commerce/product-tags')).json<TagsResponse>();
    expect(tags.categories).toContainEqual({ name: 'Kitchen', count: 2 });
    const two = await admin.post('/api/commerce/product-tags', {
      tagType: 'tag',
      action: 'rename',
      from: ['mugs', 'cups'],
      to: 'drinkware',
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe('You may only edit one tag at a time');
    const exists = await admin.post('/api/commerce/product-tags', {
      tagType: 'category',
      action: 'rename',
      from: ['Kitchen'],
      to: 'imported',
    });
    expect(exists.statusCode).toBe(409);
    expect(exists.json().error.message).toBe('This category already exists');
    const merged = await admin.post('/api/commerce/product-tags', {
      tagType: 'tag',
      action: 'merge',
      from: ['mugs', 'cups', 'Blue'],
      to: 'blue',
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().changed).toBe(2);
    const px = (await admin.get(`/api/commerce/products/${x.id}`)).json<{ product: OwnerProduct }>()
      .product;
    const py = (await admin.get(`/api/commerce/products/${y.id}`)).json<{ product: OwnerProduct }>()
      .product;
    expect(px.tags).toEqual(['blue']);
    expect(py.tags).toEqual(['blue']);
    // The editor open on x before the merge now gets a conflict instead of undoing it.
    expect(px.version).toBe(x.version + 1);
    const renamed = await admin.post('/api/commerce/product-tags', {
      tagType: 'category',
      action: 'rename',
      from: ['Kitchen'],
      to: 'Home',
    });
    expect(renamed.json().categories).toContainEqual({ name: 'Home', count: 2 });
    await admin.post('/api/commerce/product-tags', {
      tagType: 'tag',
      action: 'delete',
      from: ['blue'],
    });
    const pyAfter = (await admin.get(`/api/commerce/products/${y.id}`)).json<{
      product: OwnerProduct;
    }>().product;
    expect(pyAfter.tags).toEqual([]);
  });
});
