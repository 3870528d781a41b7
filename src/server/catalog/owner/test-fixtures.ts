import type { FastifyInstance } from 'fastify';
import { Role } from '../../../shared/enums.js';
import type { OwnerProductInput } from '../../../shared/product/owner-api.js';
import type { DatabaseHandle } from '../../db/database.js';
import { createOwner, grantRole } from '../../owners/owner-service.js';
import { insertTestSite } from '../../testing/site-fixtures.js';
import { Visitor } from '../../testing/test-app.js';

export const PASSWORD = 'pw-123456';

/** Two stores (USD at localhost, JPY at jp.localhost) and owners with each role of interest. */
export async function seedOwnerCatalog(h: DatabaseHandle): Promise<void> {
  await insertTestSite(h.db, { id: 's1', slug: 'demo', currency: 'USD', shop: true });
  await insertTestSite(h.db, { id: 's2', slug: 'jp', currency: 'JPY', shop: true });
  for (const [site, id, w, hgt] of [
    ['s1', 'img-a', 800, 600],
    ['s1', 'img-b', 600, 600],
    ['s1', 'img-c', 400, 300],
    ['s2', 'img-jp', 400, 300],
  ] as const) {
    await h.db
      .insertInto('assets')
      .values({
        id,
        site_id: site,
        filename: `${id}.jpg`,
        content_type: 'image/jpeg',
        width: w,
        height: hgt,
      })
      .execute();
  }
  for (const [email, role, site] of [
    ['admin@demo.test', Role.ADMIN, 's1'],
    ['store@demo.test', Role.STORE_MANAGER, 's1'],
    ['viewer@demo.test', Role.VIEWER, 's1'],
    ['admin@jp.test', Role.ADMIN, 's2'],
  ] as const) {
    const id = await createOwner(h.db, { email, password: PASSWORD, displayName: email });
    await grantRole(h.db, site, id, role);
  }
}

export async function signedIn(app: FastifyInstance, email: string, host = 'localhost') {
  const v = new Visitor(app, host);
  const res = await v.post('/api/auth/login', { email, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return v;
}

const usd = (value: string) => ({ value, currency: 'USD' });

/** A physical product with two sizes, the first on sale. */
export function tee(title = 'Harbor Tee', skuPrefix = 'TEE'): OwnerProductInput {
  return {
    productType: 1,
    title,
    body: '<p>Soft <strong>cotton</strong>.</p>',
    tags: ['shirts', 'summer'],
    categories: ['Apparel'],
    imageIds: ['img-a', 'img-b'],
    variantOptionOrdering: ['Size'],
    variants: [
      {
        sku: `${skuPrefix}-S`,
        attributes: { Size: 'S' },
        priceMoney: usd('28.00'),
        salePriceMoney: usd('19.99'),
        onSale: true,
        qtyInStock: 3,
        weightGrams: 180,
      },
      {
        sku: `${skuPrefix}-M`,
        attributes: { Size: 'M' },
        priceMoney: usd('28.00'),
        qtyInStock: 12,
        weightGrams: 200,
        imageAssetId: 'img-b',
      },
    ],
  };
}
