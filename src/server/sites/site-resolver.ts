import type { Db } from '../db/database.js';
import { findSiteByDomain, findSiteBySlug, type Site } from './site-queries.js';

/** The slug of the website `localhost` (and the bare base domain) serves. */
export const MAIN_SITE_SLUG = 'demo';

/**
 * Chooses the website for a request's Host header: a custom domain first, then `{slug}.{base}`,
 * then the bare base domain (or an IP address) for the main website. Results are cached briefly
 * because every request asks; `invalidate()` drops the cache when sites change.
 */
export class SiteResolver {
  private cache = new Map<string, { site: Site | undefined; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly baseDomain: string,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = 5_000,
  ) {}

  static hostName(hostHeader: string | undefined): string {
    const host = (hostHeader ?? '').trim().toLowerCase();
    if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
    return host.replace(/:\d+$/, '').replace(/\.$/, '');
  }

  async resolve(hostHeader: string | undefined): Promise<Site | undefined> {
    const host = SiteResolver.hostName(hostHeader);
    const hit = this.cache.get(host);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.site;
    const site = await this.lookup(host);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(host, { site, at: this.now() });
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
