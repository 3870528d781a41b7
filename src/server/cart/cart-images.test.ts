import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { SITE_A, seedShop, Shopper } from './test-fixtures.js';

const CART = '/api/commerce/shopping-cart';

/** Issue 14: every cart answer carries each line's picture (docs/cart-api.md `image`). */
describeEachBackend('cart line pictures', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    const asset = (id: string, width: number, height: number, extra: object = {}) => ({
      id,
      site_id: SITE_A,
      filename: `${id}.jpg`,
      content_type: 'image/jpeg',
      width,
      height,
      ...extra,
    });
    await h.db
      .insertInto('assets')
      .values([
        asset('a-mug', 1600, 1200, { alt_text: 'A speckled mug' }),
        asset('a-mug-oat', 1200, 1200, { title: 'Oatmeal mug', revision: 3 }),
        // A file named as a picture by mistake: no size, no picture.
        { ...asset('a-pdf', 0, 0), kind: 'file' as const },
      ])
      .execute();
    // The mug: a main image, and size M has a picture of its own.
    await h.db
      .updateTable('items')
      .set({ main_image_id: 'a-mug' })
      .where('id', '=', 'mug')
      .execute();
    await h.db
      .updateTable('variants')
      .set({ image_asset_id: 'a-mug-oat' })
      .where('id', '=', 'v-mug-m')
      .execute();
    // The poster names only a file; the tee has no pictures at all.
    await h.db
      .updateTable('items')
      .set({ asset_ids: JSON.stringify(['a-pdf']) as never })
      .where('id', '=', 'poster')
      .execute();
    ({ app } = await buildTestApp(h));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  it("adds, reads and changes answer with the variant's picture, else the product's, else null", async () => {
    const v = new Shopper(app);
    await v.get(CART);
    const added = await v.add({ itemId: 'mug', sku: 'MUG-M', quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    const oat = {
      assetUrl: '/static/images/a-mug-oat.r3',
      width: 1200,
      height: 1200,
      altText: 'Oatmeal mug',
    };
    expect(added.json().newlyAdded.image).toEqual(oat);
    expect(added.json().shoppingCart.entries[0].image).toEqual(oat);

    expect((await v.add({ itemId: 'mug', sku: 'MUG-S', quantity: 1 })).statusCode).toBe(200);
    expect((await v.add({ itemId: 'poster', sku: 'POSTER', quantity: 1 })).statusCode).toBe(200);
    const cart = (await v.get(CART)).json();
    const bySku = Object.fromEntries(
      cart.entries.map((e: { chosenVariant: { sku: string }; image: unknown }) => [
        e.chosenVariant.sku,
        e.image,
      ]),
    );
    expect(bySku).toEqual({
      'MUG-M': oat,
      'MUG-S': {
        assetUrl: '/static/images/a-mug',
        width: 1600,
        height: 1200,
        altText: 'A speckled mug',
      },
      POSTER: null,
    });

    const line = cart.entries.find(
      (e: { chosenVariant: { sku: string } }) => e.chosenVariant.sku === 'MUG-S',
    );
    const changed = await v.put(`${CART}/entries/${line.id}/quantity`, { quantity: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      changed
        .json()
        .shoppingCart.entries.map(
          (e: { image: { assetUrl: string } | null }) => e.image?.assetUrl ?? null,
        ),
    ).toEqual(['/static/images/a-mug-oat.r3', '/static/images/a-mug', null]);
  });
});
