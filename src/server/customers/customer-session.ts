import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.js';
import { cookieSecure } from '../http/cookie-secure.js';
import type { Site } from '../sites/site-queries.js';
import { CUSTOMER_SESSION_COOKIE, SITE_USER_COOKIE } from '../../shared/wire-names.js';
import { siteUserCookieValue } from '../../shared/customers/api.js';

export const CUSTOMER_SESSION_TTL_MS = 30 * 24 * 3600_000;

/** The signed-in customer of this request's website. */
export interface CustomerSession {
  sessionId: string;
  id: string;
  email: string;
  name: string;
  /** The cart that follows the customer (cart/ reads it before the cart cookie). */
  cartId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Issue 14: the signed-in customer, when the website has customer accounts on. */
    customer: CustomerSession | undefined;
  }
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** Whether a website offers customer accounts (Settings; off for new websites). */
export function customerAccountsOn(site: Pick<Site, 'settings'>): boolean {
  return site.settings.websiteSettings.customerAccountsEnabled === true;
}

/**
 * Sessions live in the database (every process reads them), one per browser and website, and
 * only the token's hash is stored. The cookie is host-only, so it never reaches another website.
 */
export async function createCustomerSession(
  db: Db,
  siteId: string,
  customerId: string,
  now: number,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('customer_sessions')
    .values({
      id: hashToken(token),
      customer_id: customerId,
      site_id: siteId,
      expires_at: new Date(now + CUSTOMER_SESSION_TTL_MS),
    })
    .execute();
  return token;
}

export async function findCustomerSession(
  db: Db,
  siteId: string,
  token: string | undefined,
  now: number,
): Promise<CustomerSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const row = await db
    .selectFrom('customer_sessions as s')
    .innerJoin('customers as c', 'c.id', 's.customer_id')
    .select(['s.id as session_id', 's.expires_at', 'c.id', 'c.email', 'c.name', 'c.cart_id'])
    .where('s.id', '=', hashToken(token))
    .where('s.site_id', '=', siteId)
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= now) return undefined;
  return {
    sessionId: row.session_id,
    id: row.id,
    email: row.email,
    name: row.name,
    cartId: row.cart_id,
  };
}

export async function endCustomerSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.deleteFrom('customer_sessions').where('id', '=', hashToken(token)).execute();
}

/** Expired sessions go (with the owners' purge job). */
export async function purgeCustomerSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('customer_sessions').where('expires_at', '<', new Date(now)).execute();
}

/** The session cookie (HttpOnly) and SPEC 3.8's readable site-user cookie. */
export function setCustomerCookies(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { token: string; customerId: string; secureCookies: boolean },
): void {
  const base = {
    path: '/',
    sameSite: 'lax' as const,
    secure: cookieSecure(req, opts.secureCookies),
    maxAge: CUSTOMER_SESSION_TTL_MS / 1000,
  };
  reply.setCookie(CUSTOMER_SESSION_COOKIE, opts.token, { ...base, httpOnly: true });
  // Already URL-encoded JSON: written as is, so scripts read what SPEC 3.8 describes.
  reply.setCookie(SITE_USER_COOKIE, siteUserCookieValue(opts.customerId), {
    ...base,
    httpOnly: false,
    encode: (v) => v,
  });
}

export function clearCustomerCookies(reply: FastifyReply): void {
  reply.clearCookie(CUSTOMER_SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SITE_USER_COOKIE, { path: '/' });
}

/**
 * Per request (after request-context has the website): the signed-in customer, if any. A stale
 * cookie (ended session, accounts turned off) also drops the readable site-user cookie, so the
 * page scripts stop treating the visitor as signed in.
 */
async function customerContext(
  app: FastifyInstance,
  opts: { db: Db; now: () => number },
): Promise<void> {
  app.decorateRequest('customer', undefined);
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config?.site === false || !req.site) return;
    const token = req.cookies[CUSTOMER_SESSION_COOKIE];
    if (!token && !req.cookies[SITE_USER_COOKIE]) return;
    if (token && customerAccountsOn(req.site)) {
      req.customer = await findCustomerSession(opts.db, req.site.id, token, opts.now());
    }
    if (!req.customer) clearCustomerCookies(reply);
  });
}

export default fp(customerContext, { name: 'customer-context', dependencies: ['request-context'] });
