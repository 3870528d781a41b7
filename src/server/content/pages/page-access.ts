import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieSecure } from '../../http/cookie-secure.js';

/**
 * Password-protected pages (issue 13): a visitor who gives the right password gets a cookie per
 * page, an HMAC of the page and its current password hash under the app secret (as the crumb
 * is signed), so it cannot be forged, and a new password locks out every earlier visitor.
 */
export const PAGE_PASS_COOKIE_PREFIX = 'ss_pp_';

export function pagePassCookie(pageId: string): string {
  return `${PAGE_PASS_COOKIE_PREFIX}${crypto.createHash('sha256').update(pageId).digest('hex').slice(0, 16)}`;
}

function token(secret: string, siteId: string, pageId: string, passwordHash: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`page-password.${siteId}.${pageId}.${passwordHash}`)
    .digest('base64url');
}

/** True when the request carries this page's valid pass. */
export function hasPagePass(
  req: FastifyRequest,
  secret: string,
  page: { id: string; site_id: string; password_hash: string | null },
): boolean {
  if (!page.password_hash) return true;
  const got = req.cookies[pagePassCookie(page.id)];
  if (!got) return false;
  const want = token(secret, page.site_id, page.id, page.password_hash);
  return got.length === want.length && crypto.timingSafeEqual(Buffer.from(got), Buffer.from(want));
}

/** Sets the page's pass for the browser session (HttpOnly: scripts never see it). */
export function setPagePass(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { secret: string; secureCookies: boolean },
  page: { id: string; site_id: string; password_hash: string },
): void {
  reply.setCookie(
    pagePassCookie(page.id),
    token(opts.secret, page.site_id, page.id, page.password_hash),
    {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieSecure(req, opts.secureCookies),
    },
  );
}
