import { MAIN_SITE_SLUG, SiteResolver } from './site-resolver.js';

/** What deciding a website's hosts needs: plain data, so the ingest worker can do it too. */
export interface SiteHostsInfo {
  slug: string;
  domain: string | null;
  baseDomain: string;
}

/**
 * Whether `host` (a URL's host, with or without port) is one the website answers on: the same
 * rule as `SiteResolver`, without the database: its custom domain, `{slug}.localhost`,
 * `{slug}.{BASE_DOMAIN}`, and for the main website the bare base domain, `localhost` and IPs.
 * Telemetry is accepted only for pages on these hosts (issue 11).
 */
export function isSiteHost(info: SiteHostsInfo, host: string): boolean {
  const name = SiteResolver.hostName(host);
  if (!name) return false;
  if (info.domain && name === info.domain.toLowerCase()) return true;
  const base = info.baseDomain.toLowerCase();
  if (name === `${info.slug}.localhost` || name === `${info.slug}.${base}`) return true;
  if (info.slug !== MAIN_SITE_SLUG) return false;
  return name === base || name === 'localhost' || /^[\d.]+$/.test(name) || name === '[::1]';
}

/** The host of an absolute http(s) URL, or undefined. */
export function urlHost(url: string): string | undefined {
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) ? u.host : undefined;
  } catch {
    return undefined;
  }
}
