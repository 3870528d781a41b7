import type { Db } from '../db/database.js';
import { findProduct, loadProducts } from '../catalog/catalog-queries.js';
export { isDraftProduct } from '../catalog/catalog-queries.js';
import { findItemsByIds, listCollections } from '../content/content-queries.js';
import { itemUrl } from '../render/context/item-json.js';

/**
 * What the restock domain needs to know about products and variants, read through the catalog's
 * and content's exported queries (domains do not query each other's tables).
 */
export interface RestockVariantInfo {
  productId: string;
  productName: string;
  productType: number;
  /** Site-relative path of the product page, e.g. '/shop/p/mug'. */
  fullUrl: string;
  variantId: string;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
  unlimited: boolean;
}

export interface VariantRef {
  productId: string;
  variantId: string;
}

/**
 * The named variants of the website's products, by variant id. A variant that does not exist,
 * or does not belong to the named product on this website, is left out.
 */
export async function loadRestockVariants(
  db: Db,
  siteId: string,
  refs: readonly VariantRef[],
): Promise<Map<string, RestockVariantInfo>> {
  const out = new Map<string, RestockVariantInfo>();
  const productIds = [...new Set(refs.map((r) => r.productId))];
  if (productIds.length === 0) return out;
  const [products, items, collections] = await Promise.all([
    loadProducts(db, siteId, productIds),
    findItemsByIds(db, siteId, productIds),
    listCollections(db, siteId),
  ]);
  const itemById = new Map(items.map((i) => [i.id, i]));
  const collectionById = new Map(collections.map((c) => [c.id, c]));
  for (const ref of refs) {
    const product = products.get(ref.productId);
    const variant = product?.variants.find((v) => v.id === ref.variantId);
    if (!product || !variant) continue;
    const item = itemById.get(ref.productId);
    const collection = item ? collectionById.get(item.collection_id) : undefined;
    out.set(variant.id, {
      productId: ref.productId,
      productName: item?.title ?? '',
      productType: product.productType,
      fullUrl: item && collection ? itemUrl(collection, item.url_id) : '/',
      variantId: variant.id,
      sku: variant.sku,
      attributes: variant.attributes,
      qtyInStock: variant.qtyInStock,
      unlimited: variant.unlimited,
    });
  }
  return out;
}

export async function loadRestockVariant(
  db: Db,
  siteId: string,
  ref: VariantRef,
): Promise<RestockVariantInfo | undefined> {
  return (await loadRestockVariants(db, siteId, [ref])).get(ref.variantId);
}

/** Whether the product exists on the website, and its merchandising auto-notify default. */
export async function loadRestockProduct(
  db: Db,
  siteId: string,
  productId: string,
): Promise<{ productId: string; autoNotifyOnRestock: boolean } | undefined> {
  const row = await findProduct(db, siteId, productId);
  return row
    ? {
        productId: row.item_id,
        autoNotifyOnRestock: row.merchandising.autoNotifyOnRestock === true,
      }
    : undefined;
}
