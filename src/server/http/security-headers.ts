import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LOGIN_SCRIPT } from '../owners/login-page.js';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64');

/**
 * Storefront pages, APIs and assets: no MIME sniffing, no full URLs in Referer to other sites,
 * and framing only by pages of the same origin (the editor's preview of the website).
 */
export const SITE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'content-security-policy': "frame-ancestors 'self'",
});

/**
 * The owner's dashboard (`/config…`): never framed, and a strict policy: scripts and styles from
 * our own origin only (the editor bundle; its boot data is JSON, not script), no plugins, no
 * `<base>`, forms and fetches to our origin. Inline styles stay allowed (the sign-in page's
 * `<style>`, and style attributes React and uPlot set); the only inline script allowed is the
 * sign-in page's, by its hash.
 */
export const CONFIG_CSP = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${sha256(LOGIN_SCRIPT)}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const CONFIG_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': CONFIG_CSP,
});

/**
 * Security headers on every response (issue 11), set in `onRequest` from two frozen objects: no
 * per-request work beyond four header writes, and responses the page cache replays get them like
 * any other (they go through the same reply). Our own hook rather than a plugin such as helmet: it
 * would add a dozen headers per request that these pages do not need.
 */
async function securityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (req, reply) => {
    const url = req.url;
    // The builder's preview frame (/config/preview/…) is a site page framed by /config itself.
    const config =
      url.startsWith('/config') &&
      (url.length === 7 || '/?'.includes(url[7]!)) &&
      !url.startsWith('/config/preview/');
    reply.headers(config ? CONFIG_HEADERS : SITE_HEADERS);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
