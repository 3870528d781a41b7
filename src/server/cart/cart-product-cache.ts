import type { Db } from '../db/database.js';
import type { DomainEvents } from '../events.js';
import { loadCartProduct, type CartProduct } from './catalog-port.js';

/**
 * Products as the cart reads them, kept per website content version. An add-to-cart otherwise
 * re-reads the product, its variants and its item on every request; they change only with the
 * content version, which every catalog write bumps (and announces with `content-changed`, which
 * empties this process's entries at once; other processes see the new version within the site
 * resolver's few seconds). Stock is part of the product, so a cached product is never staler
 * than the page the shopper is looking at.
 */
export class CartProductCache {
  private readonly entries = new Map<string, Promise<CartProduct | undefined>>();

  constructor(
    events?: DomainEvents,
    private readonly maxEntries = 5_000,
  ) {
    events?.on('content-changed', ({ siteId }) => this.dropSite(siteId));
  }

  get(
    db: Db,
    siteId: string,
    contentVersion: number,
    itemId: string,
  ): Promise<CartProduct | undefined> {
    const key = `${siteId}|${contentVersion}|${itemId}`;
    let hit = this.entries.get(key);
    if (!hit) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      hit = loadCartProduct(db, siteId, itemId);
      this.entries.set(key, hit);
      // A failed read is not remembered.
      hit.catch(() => this.entries.delete(key));
    }
    return hit;
  }

  dropSite(siteId: string): void {
    for (const key of this.entries.keys())
      if (key.startsWith(`${siteId}|`)) this.entries.delete(key);
  }
}
