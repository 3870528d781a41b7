import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../deps.js';
import { CHECKOUT_PATH } from '../../shared/cart/checkout-urls.js';
import { ErrorCode } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';
import { previewOfUrl } from '../content/items/preview-token.js';
import { rolesOf } from '../owners/owner-service.js';
import { FAVICON_SVG } from './favicon.js';
import { PAGE_CACHE_CONTROL, sendCachedPage } from './page-cache.js';
import { parsePageUrl } from './page-query.js';
import { pageRendererFor } from './shared-page-renderer.js';
import { hasPagePass } from '../content/pages/page-access.js';
import { customerAccountsOn } from '../customers/customer-session.js';
import { buildMemberDeniedContext } from '../customers/account-context.js';

/**
 * Site pages: the catch-all GET (registered last). Visitors get cached HTML when the page cache
 * is on; `?format=json` returns the template context, with `templateErrors` for the site's owners.
 */
export const pageRoutes: DomainRoutes = async (app, deps) => {
  const renderer = pageRendererFor(deps);

  app.get('/favicon.ico', async (_req, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG),
  );

  // Any role counts (rolesOf leaves out 'none', which grants nothing).
  const isOwnerOf = async (req: FastifyRequest) =>
    req.owner ? (await rolesOf(deps.db, req.owner.ownerId, req.site.id)).length > 0 : false;

  /**
   * A page that is a 404 for visitors may be a draft product its owner previews (owner-api.ts
   * visibility): rendered again for the signed-in owner, never cached or shared.
   */
  const ownerPreview = async (req: FastifyRequest, reply: FastifyReply, status: number) => {
    if (status !== 404 || !req.owner || !(await isOwnerOf(req))) return undefined;
    const url = parsePageUrl(req.url);
    const preview = await renderer.render(req.site, url, `${req.protocol}://${req.host}`, {
      preview: true,
    });
    if (preview.status === 404) return undefined;
    return reply
      .code(preview.status)
      .header('cache-control', 'private, no-store')
      .type('text/html; charset=utf-8')
      .send(preview.html);
  };

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = parsePageUrl(req.url);
    if (url.path.startsWith('/api/')) throw appError(ErrorCode.NOT_FOUND);
    const site = req.site;
    const baseUrl = `${req.protocol}://${req.host}`;

    // An item's preview link (content/items): the unpublished item, never cached anywhere.
    const itemPreview = url.json
      ? undefined
      : previewOfUrl(req.url, deps.config.secret, deps.now());
    if (itemPreview) {
      const { status, html } = await renderer.render(site, url, baseUrl, {
        previewItemId: itemPreview.itemId,
      });
      return reply
        .code(status)
        .header('cache-control', 'private, no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    }

    const cache = renderer.cache;
    // Checkout pages are per visitor (DESIGN: never cached anywhere), though their HTML is not.
    const noStore = url.path === CHECKOUT_PATH;
    const key = `${renderer.versionKey(site)}|${req.host}|${url.cacheKey}`;
    // The hot path: a page already in the cache is served before the redirect and password
    // lookups. Both can only change with a publish, which bumps the content version in the key,
    // and neither a redirected path nor a protected page is ever put in the cache.
    // (A signed-in customer's or owner's search may hold members-only items: looked at below.)
    const mayBeMemberSearch = url.path === '/search' && (!!req.customer || !!req.owner);
    const hit = cache && !noStore && !url.json && !mayBeMemberSearch ? cache.get(key) : undefined;
    if (hit) return (await ownerPreview(req, reply, hit.status)) ?? sendCachedPage(req, reply, hit);

    // A moved page (301) or a folder leading to its first page (302), before any rendering.
    const redirect = await renderer.redirectFor(site, url.path);
    if (redirect) {
      const search = req.url.indexOf('?');
      const location = search >= 0 ? redirect.location + req.url.slice(search) : redirect.location;
      return reply
        .code(redirect.status)
        .header('cache-control', PAGE_CACHE_CONTROL)
        .redirect(location, redirect.status);
    }

    // Issue 14: members-only pages are per visitor: others get the 106 page (403), customers
    // and the site's owners the page, and neither is ever put in the shared page cache.
    const accounts = customerAccountsOn(site);
    const memberPage = accounts ? await renderer.membersOnlyFor(site, url.path) : undefined;
    // Search leaves members-only items out for visitors (that render is cached and shared);
    // a signed-in customer or owner gets their own render with them, never cached.
    const memberSearch =
      accounts &&
      url.path === '/search' &&
      (await renderer.hasMembersOnly(site)) &&
      (!!req.customer || (await isOwnerOf(req)));
    if (memberPage && !req.customer && !(await isOwnerOf(req))) {
      const { html, ctx } = await renderer.renderWith(site, url, baseUrl, (_deps, pageReq) => ({
        status: 403,
        ctx: buildMemberDeniedContext(pageReq, url.path),
      }));
      reply.code(403).header('cache-control', 'private, no-store');
      if (url.json) return reply.type('application/json; charset=utf-8').send(JSON.stringify(ctx));
      return reply.type('text/html; charset=utf-8').send(html);
    }

    // Password-protected pages depend on the visitor's pass: rendered per request, never cached.
    const protectedPage = await renderer.protectedFor(site, url.path);
    if (protectedPage) {
      const isOwner = await isOwnerOf(req);
      const opened = hasPagePass(req, deps.config.secret, protectedPage);
      const { status, html, ctx, errors } = await renderer.render(site, url, baseUrl, {
        ...(isOwner ? { preview: true } : {}),
        unlocked: new Set(opened ? [protectedPage.id] : []),
        lock: { crumb: req.crumb, error: '' },
      });
      if (errors.length) req.log.warn({ templateErrors: errors, url: req.url }, 'template errors');
      reply.code(status).header('cache-control', 'private, no-store');
      if (url.json) {
        const body = isOwner ? { ...ctx, templateErrors: errors } : ctx;
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
      }
      return reply.type('text/html; charset=utf-8').send(html);
    }

    // Past the 106 check, a members-only page is only ever rendered for a member.
    const member = !!memberPage || memberSearch;
    if (url.json) {
      const isOwner = await isOwnerOf(req);
      let { status, ctx, errors } = await renderer.render(site, url, baseUrl, { member });
      if (status === 404 && isOwner) {
        ({ status, ctx, errors } = await renderer.render(site, url, baseUrl, {
          preview: true,
          member,
        }));
      }
      if (errors.length) req.log.warn({ templateErrors: errors, url: req.url }, 'template errors');
      const body = isOwner ? { ...ctx, templateErrors: errors } : ctx;
      // Owners' JSON differs from visitors': never let a shared cache keep it.
      return reply
        .code(status)
        .header('cache-control', 'private, no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(body));
    }

    const render = async () => {
      const { status, html, errors } = await renderer.render(site, url, baseUrl, { member });
      if (errors.length) req.log.warn({ templateErrors: errors, url: req.url }, 'template errors');
      return { status, html };
    };
    if (!cache || noStore || member) {
      const { status, html } = await render();
      const preview = await ownerPreview(req, reply, status);
      if (preview) return preview;
      return reply
        .code(status)
        .header(
          'cache-control',
          member ? 'private, no-store' : noStore ? 'no-store' : PAGE_CACHE_CONTROL,
        )
        .type('text/html; charset=utf-8')
        .send(html);
    }
    const page = cache.get(key) ?? (await cache.fill(key, render));
    return (await ownerPreview(req, reply, page.status)) ?? sendCachedPage(req, reply, page);
  };
  app.get('/', handler);
  app.get('/*', handler);
};
