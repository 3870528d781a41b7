import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { Role } from '../../shared/enums.js';
import { insertTestSite } from '../testing/site-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { saveCheckoutSettings } from '../orders/checkout-settings.js';
import { placeBody, SHOP_SETTINGS } from '../orders/test-fixtures.js';
import type { WebsiteCreatedJson } from '../../shared/websites/api.js';

/** A multipart body with one `file` field, as a browser's FormData sends it. */
function multipart(bytes: Uint8Array, name = 'site.zip') {
  const boundary = '----websites-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const COUNTED = [
  'collections',
  'items',
  'products',
  'variants',
  'assets',
  'forms',
  'form_submissions',
  'orders',
  'order_lines',
  'customers',
  'customer_addresses',
] as const;

describeEachBackend('websites: export and import', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let owner: Visitor;
  let siteId: string;
  let zip: Uint8Array;
  let sent = 0;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'websites-export-'));

  async function counts(id: string) {
    const out: Record<string, number> = {};
    for (const t of COUNTED) {
      const r = await h.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('site_id', '=', id)
        .executeTakeFirstOrThrow()
        .catch(async () => ({ n: '-1' }));
      out[t] = Number(r.n);
    }
    return out;
  }
  async function importZip(bytes: Uint8Array) {
    const { payload, headers } = multipart(bytes);
    // Imports are rate-limited per client address (20 an hour): each attempt comes from its own.
    const from = `10.9.${Math.floor(++sent / 250)}.${(sent % 250) + 1}`;
    return owner.request({
      method: 'POST',
      url: '/api/websites/import',
      payload,
      headers: { ...headers, 'x-forwarded-for': from },
    });
  }
  async function siteCount() {
    return (await h.db.selectFrom('sites').select('id').execute()).length;
  }

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await insertTestSite(h.db, { id: 'site-demo', slug: 'demo', title: 'Main' });
    ({ app } = await buildTestApp(h, { config: { dataDir } }));
    const id = await createOwner(h.db, {
      email: 'owner@export.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, 'site-demo', id, Role.ADMIN);
    owner = new Visitor(app);
    expect(
      (await owner.post('/api/auth/login', { email: 'owner@export.test', password: 'pw-123456' }))
        .statusCode,
    ).toBe(200);
    const created = await owner.post('/api/websites', {
      title: 'Round Trip',
      slug: 'round-trip',
      theme: 'default',
    });
    expect(created.statusCode, created.body).toBe(201);
    siteId = created.json<WebsiteCreatedJson>().website.id;
    // A real order through the checkout, and a form submission.
    await saveCheckoutSettings(h.db, siteId, SHOP_SETTINGS, new Date());
    const shopper = new Visitor(app, 'round-trip.localhost');
    const add = await shopper.post('/api/commerce/shopping-cart/entries', {
      itemId: `${siteId}-product-2`,
      quantity: 2,
    });
    expect(add.statusCode, add.body).toBe(200);
    const order = await shopper.post('/api/commerce/orders', placeBody());
    expect(order.statusCode, order.body).toBe(201);
    await h.db
      .insertInto('form_submissions')
      .values({
        id: 'sub-1',
        site_id: siteId,
        form_id: 'contact',
        data: JSON.stringify({ name: 'Ada', message: 'Hello' }) as never,
        page_context: JSON.stringify({ path: '/contact' }) as never,
        created_at: Date.now(),
      })
      .execute();
    // A customer (issue 14) with a saved address and a session, who placed that order; and a
    // members-only page.
    await h.db
      .insertInto('customers')
      .values({
        id: 'cust-1',
        site_id: siteId,
        email: 'ada@example.com',
        name: 'Ada',
        cart_id: null,
        last_sign_in_at: new Date(),
      })
      .execute();
    // Another website's customer, whom a hand-made file might try to point rows at.
    await h.db
      .insertInto('customers')
      .values({
        id: 'demo-customer',
        site_id: 'site-demo',
        email: 'demo@example.com',
        cart_id: null,
        last_sign_in_at: null,
      })
      .execute();
    await h.db
      .insertInto('customer_addresses')
      .values({
        id: 'addr-1',
        customer_id: 'cust-1',
        site_id: siteId,
        address: JSON.stringify(placeBody().shippingAddress) as never,
        is_default: true,
      })
      .execute();
    await h.db
      .insertInto('customer_sessions')
      .values({
        id: 'secret-session-hash',
        customer_id: 'cust-1',
        site_id: siteId,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    await h.db
      .updateTable('orders')
      .set({ customer_id: 'cust-1' })
      .where('site_id', '=', siteId)
      .execute();
    await h.db
      .updateTable('collections')
      .set({ members_only: true })
      .where('site_id', '=', siteId)
      .where('url_id', '=', 'about')
      .execute();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('exports a zip of JSON and media that imports into a new website with the same content', async () => {
    const res = await owner.get(`/api/websites/${siteId}/export`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/round-trip-export-.*\.zip/);
    zip = new Uint8Array(res.rawPayload);
    const files = unzipSync(zip);
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    expect(manifest).toMatchObject({ format: 'website-export', version: 1 });
    expect(manifest.site).toMatchObject({ title: 'Round Trip', slug: 'round-trip' });
    expect(Object.keys(files).some((f) => f.startsWith('media/assets/'))).toBe(true);

    const imported = await importZip(zip);
    expect(imported.statusCode, imported.body).toBe(201);
    const w = imported.json<WebsiteCreatedJson>().website;
    // The slug was taken: made unique.
    expect(w.slug).toBe('round-trip-2');
    expect(w.role).toBe(Role.ADMIN);
    const before = await counts(siteId);
    expect(before.orders).toBe(1);
    expect(before.form_submissions).toBe(1);
    expect(await counts(w.id)).toEqual(before);
    // New ids everywhere, references rewritten: the copy serves its own pages, products, images.
    const ids = await h.db.selectFrom('items').select('id').where('site_id', '=', w.id).execute();
    expect(ids.some((i) => i.id.startsWith(siteId))).toBe(false);
    const copy = new Visitor(app, 'round-trip-2.localhost');
    const home = await copy.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Welcome to Round Trip');
    expect(home.body).not.toContain(siteId);
    expect((await copy.get('/shop/p/product-2')).statusCode).toBe(200);
    const asset = await h.db
      .selectFrom('assets')
      .select(['id', 'widths'])
      .where('site_id', '=', w.id)
      .executeTakeFirstOrThrow();
    const img = await copy.get(`/static/images/${asset.id}/${(asset.widths as number[])[0]}w.webp`);
    expect(img.statusCode).toBe(200);
    const line = await h.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['order_lines.item_id', 'order_lines.quantity'])
      .where('orders.site_id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(line.quantity).toBe(2);
    expect(line.item_id.startsWith(siteId)).toBe(false);
    const item = await h.db
      .selectFrom('items')
      .select('id')
      .where('id', '=', line.item_id)
      .where('site_id', '=', w.id)
      .executeTakeFirst();
    expect(item).toBeDefined();

    // Customers and their addresses came along with new ids; the order still names its
    // customer; sessions stayed behind (they are secrets of this server).
    expect(before.customers).toBe(1);
    expect(before.customer_addresses).toBe(1);
    expect(Object.keys(files).filter((f) => /session|token/.test(f))).toEqual([]);
    for (const [name, bytes] of Object.entries(files))
      if (name.startsWith('data/')) expect(strFromU8(bytes), name).not.toContain('secret-session');
    const cust = await h.db
      .selectFrom('customers')
      .selectAll()
      .where('site_id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(cust).toMatchObject({ email: 'ada@example.com', name: 'Ada', cart_id: null });
    expect(cust.id).not.toBe('cust-1');
    const order = await h.db
      .selectFrom('orders')
      .select('customer_id')
      .where('site_id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(order.customer_id).toBe(cust.id);
    const addr = await h.db
      .selectFrom('customer_addresses')
      .selectAll()
      .where('site_id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(addr).toMatchObject({ customer_id: cust.id, is_default: true });
    expect(addr.address).toEqual(placeBody().shippingAddress);
    const sessions = await h.db
      .selectFrom('customer_sessions')
      .select('id')
      .where('site_id', '=', w.id)
      .execute();
    expect(sessions).toEqual([]);
    // A members-only page stays members-only.
    const about = await h.db
      .selectFrom('collections')
      .select('members_only')
      .where('site_id', '=', w.id)
      .where('url_id', '=', 'about')
      .executeTakeFirstOrThrow();
    expect(about.members_only).toBe(true);
  }, 180_000);

  it('refuses malformed files with IMPORT_INVALID and writes nothing (a small fuzz)', async () => {
    const files = unzipSync(zip);
    // Another website's rows, which a hand-made file might name.
    const other = await owner.post('/api/websites', {
      title: 'Other',
      slug: 'other',
      theme: 'default',
    });
    expect(other.statusCode, other.body).toBe(201);
    const otherId = other.json<WebsiteCreatedJson>().website.id;
    const foreign = async (table: 'collections' | 'items' | 'assets') =>
      (
        await h.db
          .selectFrom(table)
          .select('id')
          .where('site_id', '=', otherId)
          .executeTakeFirstOrThrow()
      ).id;
    const [theirCollection, theirItem, theirAsset] = [
      await foreign('collections'),
      await foreign('items'),
      await foreign('assets'),
    ];
    const replaced = (name: string, text: string) => zipSync({ ...files, [name]: strToU8(text) });
    const without = (name: string) => {
      const copy = { ...files };
      delete copy[name];
      return zipSync(copy);
    };
    const cases: [string, Uint8Array][] = [
      ['empty', new Uint8Array()],
      ['not a zip', strToU8('hello, this is not a zip file')],
      ['truncated', zip.slice(0, Math.floor(zip.length / 2))],
      ['no manifest', without('manifest.json')],
      ['manifest not JSON', replaced('manifest.json', '{"format":')],
      ['wrong format', replaced('manifest.json', '{"format":"other","version":1}')],
      ['items not an array', replaced('data/items.json', '{"a":1}')],
      ['item without id', replaced('data/items.json', '[{"title":"x"}]')],
      [
        'wrong type',
        replaced('data/variants.json', '[{"id":"v","item_id":"x","sku":"s","price_cents":"lots"}]'),
      ],
      ['missing column', replaced('data/collections.json', '[{"id":"c1"}]')],
      ['orphan line', replaced('data/order_lines.json', '[{"id":"l","order_id":"nope"}]')],
      // Rows pointing at a customer the export does not hold (another website's, say).
      [
        'foreign customer address',
        replaced(
          'data/customer_addresses.json',
          '[{"id":"a","customer_id":"demo-customer","address":{},"is_default":false,"created_at":"2026-01-01T00:00:00Z"}]',
        ),
      ],
      [
        "another website's customer on an order",
        replaced(
          'data/orders.json',
          strFromU8(files['data/orders.json']!).replaceAll('"cust-1"', '"demo-customer"'),
        ),
      ],
      // Content pointing at another website's rows: a collection, a product, a picture.
      [
        "an item in another website's collection",
        replaced(
          'data/items.json',
          JSON.stringify(
            JSON.parse(strFromU8(files['data/items.json']!)).map(
              (r: { collection_id: string }, i: number) =>
                i === 0 ? { ...r, collection_id: theirCollection } : r,
            ),
          ),
        ),
      ],
      [
        "a variant of another website's product",
        replaced(
          'data/variants.json',
          JSON.stringify(
            JSON.parse(strFromU8(files['data/variants.json']!)).map(
              (r: { item_id: string }, i: number) => (i === 0 ? { ...r, item_id: theirItem } : r),
            ),
          ),
        ),
      ],
      [
        "another website's picture on an item",
        replaced(
          'data/items.json',
          JSON.stringify(
            JSON.parse(strFromU8(files['data/items.json']!)).map(
              (r: { main_image_id: string | null }, i: number) =>
                i === 0 ? { ...r, main_image_id: theirAsset } : r,
            ),
          ),
        ),
      ],
      ['stray media', zipSync({ ...files, 'media/assets/unknown/1w.webp': new Uint8Array([1]) })],
      ['media path escape', zipSync({ ...files, 'media/../../etc/passwd': new Uint8Array([1]) })],
    ];
    // A random byte flipped here and there.
    for (let i = 0; i < 6; i++) {
      const bad = zip.slice();
      for (let k = 0; k < 20; k++) {
        const at = Math.floor(Math.random() * bad.length);
        bad[at] = (bad[at] ?? 0) ^ 0xff;
      }
      cases.push([`flipped bytes ${i}`, bad]);
    }
    const sites = await siteCount();
    let accepted = 0;
    for (const [name, bytes] of cases) {
      const r = await importZip(bytes);
      // A flipped byte may land in an image's bytes only (stored, not checked): that import is fine.
      if (name.startsWith('flipped') && r.statusCode === 201) {
        accepted++;
        continue;
      }
      expect(r.statusCode, `${name}: ${r.body}`).toBe(400);
      expect(r.json().error.code, name).toBe('IMPORT_INVALID');
    }
    // Every refusal wrote nothing.
    expect(await siteCount()).toBe(sites + accepted);
    // Not multipart at all.
    const raw = await owner.request({
      method: 'POST',
      url: '/api/websites/import',
      payload: { x: 1 },
      headers: { 'x-forwarded-for': '10.8.0.1' },
    });
    expect(raw.statusCode).toBe(400);
    // Visitors cannot import.
    const { payload, headers } = multipart(zip);
    const anon = await new Visitor(app).request({
      method: 'POST',
      url: '/api/websites/import',
      payload,
      headers,
    });
    expect(anon.statusCode).toBe(401);
  }, 180_000);
});
