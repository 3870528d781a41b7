import type { Db } from '../db/database.js';
import { VersionedCache, type CacheRegistry } from '../platform/versioned-cache.js';
import { findSiteByDomain, findSiteBySlug, type Site } from './site-queries.js';

/** The slug of the website `localhost` (and the bare base domain) serves. */
export const MAIN_SITE_SLUG = 'demo';

/**
 * Chooses the website for a request's Host header: a custom domain first, then `{slug}.{base}`,
 * then the bare base domain (or an IP address) for the main website. Results are cached because
 * every request asks. The cached row carries the content version that pages and the cart key
 * their caches on, so any invalidation of a website (`content-changed`, here or in another
 * process) empties this cache too; the few seconds of `ttlMs` only bound how long a change
 * nobody announced (a lost connection) can go unseen.
 */
export class SiteResolver {
  private cache: VersionedCache<{ site: Site | undefined }>;

  constructor(
    private readonly db: Db,
    private readonly baseDomain: string,
    now: () => number = Date.now,
    ttlMs = 5_000,
    caches?: CacheRegistry,
  ) {
    this.cache = new VersionedCache({ name: 'sites', maxEntries: 10_000, ttlMs, now });
    // Keys are host names, not website ids: any website's change drops them all (a handful).
    caches?.register(this.cache);
    caches?.onDrop(() => this.cache.clear());
  }

  static hostName(hostHeader: string | undefined): string {
    const host = (hostHeader ?? '').trim().toLowerCase();
    if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
    return host.replace(/:\d+$/, '').replace(/\.$/, '');
  }

  async resolve(hostHeader: string | undefined): Promise<Site | undefined> {
    const host = SiteResolver.hostName(hostHeader);
    const hit = this.cache.get(host);
    if (hit) return hit.site;
    const found = await this.lookup(host);
    // A website deleted by its owner serves nobody during its grace period (issue 16).
    const site = found?.deleting_on ? undefined : found;
    this.cache.set(host, { site });
    return site;
  }

  invalidate(): void {
    this.cache.clear();
  }

  private async lookup(host: string): Promise<Site | undefined> {
    if (!host) return undefined;
    const byDomain = await findSiteByDomain(this.db, host);
    if (byDomain) return byDomain;
    const base = this.baseDomain.toLowerCase();
    if (host === base || host === 'localhost' || /^[\d.]+$/.test(host) || host === '[::1]') {
      return findSiteBySlug(this.db, MAIN_SITE_SLUG);
    }
    for (const suffix of new Set([`.${base}`, '.localhost'])) {
      if (host.endsWith(suffix)) {
        const slug = host.slice(0, -suffix.length);
        if (/^[a-z0-9-]+$/.test(slug)) return findSiteBySlug(this.db, slug);
      }
    }
    return undefined;
  }
}
