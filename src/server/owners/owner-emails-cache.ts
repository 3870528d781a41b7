import type { Db } from '../db/database.js';
import { VersionedCache, type CacheRegistry } from '../platform/versioned-cache.js';
import { ownerEmailsOfSite } from './owner-service.js';

const byRegistry = new WeakMap<CacheRegistry, VersionedCache<Promise<string[]>>>();

/**
 * The addresses of a website's owners, as the mails that notify them (form submissions, new
 * orders) read them on every request. Granting or removing a role announces nothing, so an
 * entry lives 10 s: a new owner gets notifications at most that late.
 */
export function cachedOwnerEmails(
  deps: { db: Db; caches: CacheRegistry; now: () => number },
  siteId: string,
): Promise<string[]> {
  let cache = byRegistry.get(deps.caches);
  if (!cache) {
    cache = new VersionedCache({
      name: 'site-owners',
      maxEntries: 10_000,
      ttlMs: 10_000,
      now: deps.now,
    });
    deps.caches.register(cache);
    byRegistry.set(deps.caches, cache);
  }
  return cache.memo(`${siteId}|`, () => ownerEmailsOfSite(deps.db, siteId));
}
