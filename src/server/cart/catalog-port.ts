import type { Db } from '../db/database.js';
import { isDraftProduct, loadProducts } from '../catalog/catalog-queries.js';
import { findItemsByIds } from '../content/content-queries.js';
import { moneyToMinor } from '../../shared/money.js';
import { currentPrice, pricedOnProduct } from '../../shared/product/rules.js';
import type { ProductJson, VariantJson } from '../../shared/product/types.js';

/** What the cart needs of a product: its title and its structuredContent (SPEC 3.3). */
export interface CartProduct {
  itemId: string;
  title: string;
  product: ProductJson;
  /** The item's first picture (its main image, else the first of its images), for cart lines. */
  firstImageId?: string | null;
}

/**
 * The product of an item on a website, through the catalog's and content's own queries (domains
 * do not read each other's tables), fetched concurrently. A draft product is not for sale
 * (owner-api.ts visibility): undefined, as for a product that does not exist. Hidden products
 * sell to whoever has the link.
 */
export async function loadCartProduct(
  db: Db,
  siteId: string,
  itemId: string,
): Promise<CartProduct | undefined> {
  const [products, items, draft] = await Promise.all([
    loadProducts(db, siteId, [itemId]),
    findItemsByIds(db, siteId, [itemId]),
    isDraftProduct(db, siteId, itemId),
  ]);
  const product = products.get(itemId);
  const item = items[0];
  if (!product || !item || draft) return undefined;
  return {
    itemId,
    title: item.title,
    product: withSellableVariant(itemId, product),
    firstImageId: item.main_image_id ?? item.asset_ids[0] ?? null,
  };
}

/**
 * A digital product may be sold without variants (its price is the product's own): the cart
 * still needs one line target, so it gets a single unlimited variant named after the item.
 */
function withSellableVariant(itemId: string, product: ProductJson): ProductJson {
  if (product.variants.length > 0 || !pricedOnProduct(product.productType)) return product;
  const variant: VariantJson = {
    id: `item:${itemId}`,
    sku: '',
    attributes: {},
    optionValues: [],
    price: moneyToMinor(product.priceMoney),
    salePrice: moneyToMinor(product.salePriceMoney),
    priceMoney: product.priceMoney,
    salePriceMoney: product.salePriceMoney,
    onSale: product.onSale,
    qtyInStock: 0,
    unlimited: true,
  };
  return { ...product, variants: [variant] };
}

/**
 * What one unit costs now, in minor units, always from the catalog (never from the client).
 * Digital products carry their own product-level price; the others are priced per variant.
 */
export function unitPriceCents(product: ProductJson, variant: VariantJson): number {
  if (pricedOnProduct(product.productType)) {
    return moneyToMinor(product.onSale ? product.salePriceMoney : product.priceMoney);
  }
  return currentPrice(variant);
}
