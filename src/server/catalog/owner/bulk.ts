import { sql } from 'kysely';
import { ErrorCode } from '../../../shared/errors.js';
import type { BulkAction, ProductVisibility } from '../../../shared/product/owner-api.js';
import { isGiftCard, pricedOnProduct } from '../../../shared/product/rules.js';
import { deleteProductItems } from '../../content/product-items.js';
import type { Db } from '../../db/database.js';
import { appError } from '../../errors/app-error.js';
import { bumpContentVersion } from '../../sites/site-queries.js';
import { announce, invalid, type OwnerDeps } from './save-product.js';

/** Why a product cannot be put on sale in bulk (the editor shows it per product). */
export const BulkTexts = {
  NO_SALE_PRICE: 'Set a sale price below the price first.',
  GIFT_CARD: 'Gift cards cannot be put on sale.',
} as const;

const VISIBILITY_OF: Partial<Record<BulkAction, ProductVisibility>> = {
  publish: 'published',
  hide: 'hidden',
  draft: 'draft',
};

/** DELETE /api/commerce/products/:id: the product and its variants; 404 when not the site's. */
export async function deleteProduct(
  deps: OwnerDeps,
  siteId: string,
  itemId: string,
): Promise<void> {
  await bulkAction(deps, siteId, [itemId], 'delete');
}

/**
 * POST /api/commerce/products/bulk: one action on up to 500 products in one transaction — all of
 * them change or none does (an id that is not a product of the site: 404; a product that cannot
 * go on sale: 400 PRODUCT_INVALID with `fieldErrors` by product id). Every changed product's
 * `version` moves, so an editor open on one of them gets a conflict instead of undoing this.
 */
export async function bulkAction(
  deps: OwnerDeps,
  siteId: string,
  ids: string[],
  action: BulkAction,
): Promise<{ changed: number }> {
  const unique = [...new Set(ids)];
  const now = new Date(deps.now());
  const changed = await deps.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('products')
      .select(['item_id', 'product_type', 'price_cents', 'sale_price_cents'])
      .where('site_id', '=', siteId)
      .where('item_id', 'in', unique)
      .forUpdate()
      .execute();
    if (rows.length !== unique.length) {
      const found = new Set(rows.map((r) => r.item_id));
      throw appError(ErrorCode.NOT_FOUND, undefined, {
        missing: unique.filter((id) => !found.has(id)),
      });
    }
    if (action === 'delete') {
      await deleteProductItems(trx, siteId, unique);
    } else {
      const touched = { version: sql<number>`version + 1`, updated_at: now };
      const visibility = VISIBILITY_OF[action];
      if (visibility) {
        await trx
          .updateTable('products')
          .set({ visibility, ...touched })
          .where('site_id', '=', siteId)
          .where('item_id', 'in', unique)
          .execute();
      } else if (action === 'clear-on-sale') {
        await clearSale(trx, siteId, unique, touched);
      } else {
        await setSale(trx, siteId, rows, touched);
      }
    }
    await bumpContentVersion(trx, siteId);
    return unique.length;
  });
  announce(deps.events, siteId, []);
  return { changed };
}

type Touched = { version: ReturnType<typeof sql<number>>; updated_at: Date };

async function clearSale(trx: Db, siteId: string, ids: string[], touched: Touched): Promise<void> {
  await trx
    .updateTable('products')
    .set({ on_sale: false, ...touched })
    .where('site_id', '=', siteId)
    .where('item_id', 'in', ids)
    .execute();
  await trx
    .updateTable('variants')
    .set({ on_sale: false })
    .where('site_id', '=', siteId)
    .where('item_id', 'in', ids)
    .execute();
}

/**
 * Puts products on sale at the sale prices they have: digital products on the product, others on
 * every variant whose sale price is above 0 and below its price. A product with no such price
 * (or a gift card, never on sale) stops the whole action.
 */
async function setSale(
  trx: Db,
  siteId: string,
  rows: { item_id: string; product_type: number; price_cents: number; sale_price_cents: number }[],
  touched: Touched,
): Promise<void> {
  const ids = rows.map((r) => r.item_id);
  const priced = await trx
    .selectFrom('variants')
    .select('item_id')
    .where('site_id', '=', siteId)
    .where('item_id', 'in', ids)
    .where('sale_price_cents', '>', 0)
    .whereRef('sale_price_cents', '<', 'price_cents')
    .groupBy('item_id')
    .execute();
  const withSalePrice = new Set(priced.map((r) => r.item_id));
  const fieldErrors: Record<string, string> = {};
  for (const r of rows) {
    if (isGiftCard(r.product_type)) fieldErrors[r.item_id] = BulkTexts.GIFT_CARD;
    else if (pricedOnProduct(r.product_type)) {
      if (!(r.sale_price_cents > 0 && r.sale_price_cents < r.price_cents)) {
        fieldErrors[r.item_id] = BulkTexts.NO_SALE_PRICE;
      }
    } else if (!withSalePrice.has(r.item_id)) fieldErrors[r.item_id] = BulkTexts.NO_SALE_PRICE;
  }
  if (Object.keys(fieldErrors).length) throw invalid(fieldErrors);
  const own = rows.filter((r) => pricedOnProduct(r.product_type)).map((r) => r.item_id);
  if (own.length) {
    await trx
      .updateTable('products')
      .set({ on_sale: true })
      .where('site_id', '=', siteId)
      .where('item_id', 'in', own)
      .execute();
  }
  await trx
    .updateTable('products')
    .set(touched)
    .where('site_id', '=', siteId)
    .where('item_id', 'in', ids)
    .execute();
  await trx
    .updateTable('variants')
    .set({ on_sale: true })
    .where('site_id', '=', siteId)
    .where('item_id', 'in', ids.filter((id) => !own.includes(id)).concat(['']))
    .where('sale_price_cents', '>', 0)
    .whereRef('sale_price_cents', '<', 'price_cents')
    .execute();
}
