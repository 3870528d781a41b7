import type { Config } from '../config.js';
import type { Site } from '../sites/site-queries.js';
import { MAIN_SITE_SLUG } from '../sites/site-resolver.js';

/**
 * The public origin of a website, for links in mails sent outside a request (restock notices):
 * its custom domain, else `{slug}.{BASE_DOMAIN}` (the main demo: the bare base domain), with
 * the port unless it is the protocol's default. Inside a request prefer the request's origin.
 */
export function siteBaseUrl(
  site: Pick<Site, 'slug' | 'domain'>,
  config: Pick<Config, 'baseDomain' | 'port' | 'secureCookies'>,
): string {
  const proto = config.secureCookies ? 'https' : 'http';
  if (site.domain) return `${proto}://${site.domain}`;
  const defaultPort = config.secureCookies ? 443 : 80;
  const port = config.port && config.port !== defaultPort ? `:${config.port}` : '';
  const host =
    site.slug === MAIN_SITE_SLUG ? config.baseDomain : `${site.slug}.${config.baseDomain}`;
  return `${proto}://${host}${port}`;
}
