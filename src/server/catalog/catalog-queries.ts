import type { Db } from '../db/database.js';
import { findSiteById, type Site } from '../sites/site-queries.js';
import type { MerchandisingContextJson, ProductJson } from '../../shared/product/types.js';
import {
  merchandisingJson,
  productJson,
  type ProductRow,
  type VariantRow,
} from './product-json.js';

/**
 * What other domains read from the catalog. They call these instead of querying the catalog's
 * tables (ARCHITECTURE: domains do not reach into each other's tables).
 */

/** SPEC 3.3 product JSON per item id; ids without a product on this site are absent. */
export async function loadProducts(
  db: Db,
  siteId: string,
  itemIds: string[],
): Promise<Map<string, ProductJson>> {
  const out = new Map<string, ProductJson>();
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return out;
  const site = await findSiteById(db, siteId);
  if (!site) return out;
  const [products, variants] = await Promise.all([
    db
      .selectFrom('products')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('item_id', 'in', ids)
      .execute(),
    db
      .selectFrom('variants')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('item_id', 'in', ids)
      .orderBy('position')
      .execute(),
  ]);
  const byItem = new Map<string, VariantRow[]>();
  for (const v of variants) {
    const list = byItem.get(v.item_id) ?? [];
    list.push(v);
    byItem.set(v.item_id, list);
  }
  // Keep the caller's order so list pages can iterate the map as they asked.
  const byId = new Map(products.map((p) => [p.item_id, p]));
  for (const id of ids) {
    const p = byId.get(id);
    if (p) out.set(id, productJson(p, byItem.get(id) ?? [], site.currency));
  }
  return out;
}

/** SPEC 3.4 merchandising (and installment) context per product item id. */
export async function loadMerchandising(
  db: Db,
  site: Site,
  itemIds: string[],
): Promise<Map<string, MerchandisingContextJson>> {
  const out = new Map<string, MerchandisingContextJson>();
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('products')
    .select(['item_id', 'merchandising', 'installment'])
    .where('site_id', '=', site.id)
    .where('item_id', 'in', ids)
    .execute();
  for (const r of rows) out.set(r.item_id, merchandisingJson(r, site));
  return out;
}

/** The product's related item ids in the owner's order ([] for unknown products). */
export async function relatedItemIds(db: Db, siteId: string, itemId: string): Promise<string[]> {
  const row = await db
    .selectFrom('products')
    .select('related_item_ids')
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row ? [...row.related_item_ids] : [];
}

/**
 * The product's add-on item ids in the owner's order ([] for unknown products). Ids are as stored:
 * the page keeps only those that are still products of this site.
 */
export async function addOnItemIds(db: Db, siteId: string, itemId: string): Promise<string[]> {
  const row = await db
    .selectFrom('products')
    .select('add_on_item_ids')
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row ? [...row.add_on_item_ids] : [];
}

/** The product row of an item on this site. */
export async function findProduct(
  db: Db,
  siteId: string,
  itemId: string,
): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
}

/** A variant of the item by SKU, with its product row; undefined when either is not this site's. */
export async function findVariant(
  db: Db,
  siteId: string,
  itemId: string,
  sku: string,
): Promise<{ variant: VariantRow; product: ProductRow } | undefined> {
  const variant = await db
    .selectFrom('variants')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .where('sku', '=', sku)
    .executeTakeFirst();
  if (!variant) return undefined;
  const product = await findProduct(db, siteId, itemId);
  return product ? { variant, product } : undefined;
}

export interface StockResult {
  sku: string;
  variantId: string;
  unlimited: boolean;
  qtyInStock: number;
}

/** SPEC 7 inventory stock results of an item's variants, in display order. */
export async function stockOf(db: Db, siteId: string, itemId: string): Promise<StockResult[]> {
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'sku', 'unlimited', 'qty_in_stock'])
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .orderBy('position')
    .orderBy('sku')
    .execute();
  return rows.map((r) => ({
    sku: r.sku,
    variantId: r.id,
    unlimited: r.unlimited,
    qtyInStock: r.qty_in_stock,
  }));
}

/**
 * The products visitors do not find by browsing (shared/product/owner-api.ts visibility): drafts
 * (their page is a 404, they cannot be bought) and hidden ones (reachable by link only). Lists,
 * search, blocks, related products and add-ons leave both out; sites have few, so the renderer
 * passes them to its list queries.
 */
export async function unlistedItemIds(
  db: Db,
  siteId: string,
): Promise<{ draft: string[]; hidden: string[] }> {
  const rows = await db
    .selectFrom('products')
    .select(['item_id', 'visibility'])
    .where('site_id', '=', siteId)
    .where('visibility', '<>', 'published')
    .execute();
  return {
    draft: rows.filter((r) => r.visibility === 'draft').map((r) => r.item_id),
    hidden: rows.filter((r) => r.visibility === 'hidden').map((r) => r.item_id),
  };
}

/** Whether the item is a draft product: visitors cannot see or buy it. */
export async function isDraftProduct(db: Db, siteId: string, itemId: string): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('visibility')
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row?.visibility === 'draft';
}

/**
 * Products whose variant image or delivered file is the asset (the media library refuses to
 * delete an asset in use): item id and how it is used.
 */
export async function productUsesOfAsset(
  db: Db,
  siteId: string,
  assetId: string,
): Promise<{ itemId: string; role: 'variant image' | 'digital file' }[]> {
  const [variants, products] = await Promise.all([
    db
      .selectFrom('variants')
      .select('item_id')
      .distinct()
      .where('site_id', '=', siteId)
      .where('image_asset_id', '=', assetId)
      .execute(),
    db
      .selectFrom('products')
      .select('item_id')
      .where('site_id', '=', siteId)
      .where('digital_asset_id', '=', assetId)
      .execute(),
  ]);
  return [
    ...variants.map((v) => ({ itemId: v.item_id, role: 'variant image' as const })),
    ...products.map((p) => ({ itemId: p.item_id, role: 'digital file' as const })),
  ];
}
