import type { Db } from '../../db/database.js';
import type { Site } from '../../sites/site-queries.js';
import type { MerchandisingContextJson, ProductJson } from '../../../shared/product/types.js';

/**
 * What rendering needs from the catalog domain. Rendering never reads the catalog's tables
 * itself; `routes.ts` passes the catalog's exported functions in (tests may pass fakes).
 */
export interface CatalogReader {
  /** Product JSON per item id (items without a product row are absent). */
  loadProducts(db: Db, siteId: string, itemIds: string[]): Promise<Map<string, ProductJson>>;
  /** SPEC 3.4 merchandising context per product item id. */
  loadMerchandising(
    db: Db,
    site: Site,
    itemIds: string[],
  ): Promise<Map<string, MerchandisingContextJson>>;
  /** The product's related item ids, in the owner's order. */
  relatedItemIds(db: Db, siteId: string, itemId: string): Promise<string[]>;
  /** The product's add-on item ids (SPEC 1.1), in the owner's order. */
  addOnItemIds(db: Db, siteId: string, itemId: string): Promise<string[]>;
  /** Draft and hidden products: left out of lists, search, blocks, related products, add-ons. */
  unlistedItemIds(db: Db, siteId: string): Promise<{ draft: string[]; hidden: string[] }>;
}
