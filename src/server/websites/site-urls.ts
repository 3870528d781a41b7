import { SiteResolver } from '../sites/site-resolver.js';

/** What building a website's URLs needs from the request /config was opened with. */
export interface UrlContext {
  /** The request's Host header (with its port, if any). */
  requestHost: string;
  protocol: string;
  baseDomain: string;
}

/**
 * A website's own host as seen from this request: `{slug}.localhost` when /config was opened on a
 * local host (development: browsers resolve *.localhost to this machine), `{slug}.{BASE_DOMAIN}`
 * otherwise; the request's port is kept so a server on :3000 links to :3000.
 */
export function siteHost(ctx: UrlContext, slug: string): string {
  const name = SiteResolver.hostName(ctx.requestHost);
  const port = /:(\d+)$/.exec(ctx.requestHost.trim())?.[1];
  const local =
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^[\d.]+$/.test(name) ||
    name === '[::1]';
  const host = `${slug}.${local ? 'localhost' : ctx.baseDomain.toLowerCase()}`;
  return port ? `${host}:${port}` : host;
}

export function siteOrigin(ctx: UrlContext, slug: string): string {
  return `${ctx.protocol === 'https' ? 'https' : 'http'}://${siteHost(ctx, slug)}`;
}
