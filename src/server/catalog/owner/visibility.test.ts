import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../../testing/backends.js';
import { buildTestApp, Visitor } from '../../testing/test-app.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { OwnerProduct } from '../../../shared/product/owner-api.js';
import { seedOwnerCatalog, signedIn, tee } from './test-fixtures.js';

interface ListJson {
  items?: { id: string }[];
  item?: { id: string; title: string; relatedItems?: { id: string }[] };
  collection?: { sections?: { blocks: { type: number; items?: { id: string }[] }[] }[] };
}

describeEachBackend('product visibility on the storefront', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let admin: Visitor;
  const ids: Record<string, string> = {};
  const slugs: Record<string, string> = {};

  const create = async (name: string, visibility: string, related: string[] = []) => {
    const res = await admin.post('/api/commerce/products', {
      ...tee(`${name} Tee`, name.toUpperCase()),
      visibility,
      relatedItemIds: related,
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json<{ product: OwnerProduct }>().product;
    ids[name] = p.id;
    slugs[name] = p.urlId;
    return p;
  };
  const json = async (v: Visitor, url: string) => {
    const res = await v.get(`${url}${url.includes('?') ? '&' : '?'}format=json`);
    return { status: res.statusCode, body: res.json<ListJson>() };
  };

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedOwnerCatalog(h);
    // A home page with a products block and a product block naming the hidden product.
    await h.db
      .insertInto('collections')
      .values({
        id: 's1-home',
        site_id: 's1',
        url_id: '',
        title: 'Home',
        type: 10,
        kind: 'page',
        folder_behavior: null,
        nav_index: 1,
        sections: JSON.stringify([]),
        settings: '{}',
      })
      .execute();
    ({ app } = await buildTestApp(h));
    admin = await signedIn(app, 'admin@demo.test');
    await create('shown', 'published');
    await create('hidden', 'hidden');
    await create('draft', 'draft');
    await create('linker', 'published', [ids.hidden!, ids.draft!, ids.shown!]);
    await h.db
      .updateTable('collections')
      .set({
        sections: JSON.stringify([
          {
            id: 's1',
            layout: 'default',
            tone: 'light',
            blocks: [
              { id: 'b1', type: 44, collectionId: 's1-shop', limit: 12 },
              { id: 'b2', type: 43, itemId: ids.hidden },
            ],
          },
        ]),
      })
      .where('id', '=', 's1-home')
      .execute();
    await h.db
      .updateTable('sites')
      .set((eb) => ({ content_version: eb('content_version', '+', 1) }))
      .execute();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  it('lists only published products on /shop, in search and in blocks', async () => {
    const visitor = new Visitor(app);
    const shop = await json(visitor, '/shop');
    expect(shop.body.items!.map((i) => i.id).sort()).toEqual([ids.linker, ids.shown].sort());
    const search = await json(visitor, '/search?q=tee');
    expect(search.body.items!.map((i) => i.id).sort()).toEqual([ids.linker, ids.shown].sort());
    const home = await json(visitor, '/');
    const blocks = home.body.collection!.sections![0]!.blocks;
    expect(blocks[0]!.items!.map((i) => i.id).sort()).toEqual([ids.linker, ids.shown].sort());
    expect(blocks[1]!.items ?? []).toEqual([]);
    const linker = await json(visitor, `/shop/p/${slugs.linker}`);
    expect(linker.body.item!.relatedItems!.map((i) => i.id)).toEqual([ids.shown]);
  });

  it('opens a hidden product by its link and sells it; a draft is a 404 and not for sale', async () => {
    const visitor = new Visitor(app);
    expect((await visitor.get(`/shop/p/${slugs.hidden}`)).statusCode).toBe(200);
    expect((await visitor.get(`/shop/p/${slugs.draft}`)).statusCode).toBe(404);
    const addHidden = await visitor.post('/api/commerce/shopping-cart/entries', {
      itemId: ids.hidden,
      sku: 'HIDDEN-M',
    });
    expect(addHidden.statusCode, addHidden.body).toBe(200);
    const addDraft = await visitor.post('/api/commerce/shopping-cart/entries', {
      itemId: ids.draft,
      sku: 'DRAFT-M',
    });
    expect(addDraft.statusCode).toBe(400);
    expect(addDraft.json().error.code).toBe('VARIANT_UNAVAILABLE');
    // The owner previews the draft's page; visitors still get the 404 after that.
    const preview = await admin.get(`/shop/p/${slugs.draft}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.body).toContain('draft Tee');
    expect((await visitor.get(`/shop/p/${slugs.draft}`)).statusCode).toBe(404);
  });

  it('shows a save on the product page at once (the page cache drops it)', async () => {
    const visitor = new Visitor(app);
    const url = `/shop/p/${slugs.shown}`;
    const first = await visitor.get(url);
    expect(first.body).toContain('shown Tee');
    const stored = (await admin.get(`/api/commerce/products/${ids.shown}`)).json<{
      product: OwnerProduct;
    }>().product;
    const saved = await admin.put(`/api/commerce/products/${ids.shown}`, {
      ...tee('Renamed Tee', 'SHOWN'),
      version: stored.version,
      urlId: stored.urlId,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await visitor.get(url);
    expect(after.body).toContain('Renamed Tee');
    expect(after.body).not.toContain('shown Tee');
    // Publishing the draft lists it at once; drafting it again takes it away.
    const publish = await admin.post('/api/commerce/products/bulk', {
      ids: [ids.draft],
      action: 'publish',
    });
    expect(publish.json()).toEqual({ changed: 1 });
    expect((await visitor.get(`/shop/p/${slugs.draft}`)).statusCode).toBe(200);
    await admin.post('/api/commerce/products/bulk', { ids: [ids.draft], action: 'draft' });
    expect((await visitor.get(`/shop/p/${slugs.draft}`)).statusCode).toBe(404);
  });

  it('keeps a cart working when a product in it is deleted', async () => {
    const visitor = new Visitor(app);
    const doomed = await create('doomed', 'published');
    const add = await visitor.post('/api/commerce/shopping-cart/entries', {
      itemId: doomed.id,
      sku: 'DOOMED-S',
    });
    expect(add.statusCode, add.body).toBe(200);
    const keep = await visitor.post('/api/commerce/shopping-cart/entries', {
      itemId: ids.linker,
      sku: 'LINKER-S',
    });
    expect(keep.statusCode).toBe(200);
    expect((await admin.delete(`/api/commerce/products/${doomed.id}`)).statusCode).toBe(204);
    const cart = await visitor.get('/api/commerce/shopping-cart');
    expect(cart.statusCode).toBe(200);
    const entries = cart.json<{ entries: { id: string; itemId: string }[] }>().entries;
    expect(entries.map((e) => e.itemId).sort()).toEqual([doomed.id, ids.linker].sort());
    // Raising the vanished line's quantity is refused; removing it works.
    const gone = entries.find((e) => e.itemId === doomed.id)!;
    const raise = await visitor.request({
      method: 'PUT',
      url: `/api/commerce/shopping-cart/entries/${gone.id}/quantity`,
      payload: { quantity: 2 },
    });
    expect(raise.statusCode).toBe(400);
    const remove = await visitor.delete(`/api/commerce/shopping-cart/entries/${gone.id}`);
    expect(remove.statusCode, remove.body).toBe(200);
    expect((await visitor.get('/shop')).statusCode).toBe(200);
  });
});
