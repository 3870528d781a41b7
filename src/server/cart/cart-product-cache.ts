import type { Db } from '../db/database.js';
import { VersionedCache, type CacheRegistry } from '../platform/versioned-cache.js';
import { loadCartProduct, type CartProduct } from './catalog-port.js';

/**
 * Products as the cart reads them, kept per website content version. An add-to-cart otherwise
 * re-reads the product, its variants and its item on every request; they change only with the
 * content version, which every catalog write bumps (and announces with `content-changed`, which
 * empties this cache through the registry: in this process at once, in the others through
 * platform/change-bus.ts). Stock is part of the product, so a cached product is never staler
 * than the page the shopper is looking at.
 */
export class CartProductCache {
  private readonly entries: VersionedCache<Promise<CartProduct | undefined>>;

  constructor(caches?: CacheRegistry, maxEntries = 5_000) {
    this.entries = new VersionedCache({ name: 'cart-products', maxEntries });
    caches?.register(this.entries);
  }

  get(
    db: Db,
    siteId: string,
    contentVersion: number,
    itemId: string,
  ): Promise<CartProduct | undefined> {
    return this.entries.memo(`${siteId}|${contentVersion}|${itemId}`, () =>
      loadCartProduct(db, siteId, itemId),
    );
  }

  dropSite(siteId: string): void {
    this.entries.dropSite(siteId);
  }
}
