import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The cart cookie and its readable companion (names shared with the browser).
import { CART_COOKIE, CART_HINT_COOKIE } from '../../shared/wire-names.js';
export { CART_COOKIE, CART_HINT_COOKIE };
/** Long-lived: a shopper's cart survives for a year of inactivity on their browser. */
export const CART_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const ID_BYTES = 16;
/**
 * Random bytes for cart ids, drawn 256 ids at a time: every add carries a new id in case it
 * starts a cart, and a call into the CSPRNG per id cost more than the rest of making it (Node's
 * randomUUID keeps such a cache too). Each byte is used once.
 */
const idPool = Buffer.alloc(ID_BYTES * 256);
let idPoolAt = idPool.length;

/** A new cart id: 128 random bits, URL-safe. */
export function newCartId(): string {
  if (idPoolAt === idPool.length) {
    crypto.randomFillSync(idPool);
    idPoolAt = 0;
  }
  const id = idPool.toString('base64url', idPoolAt, idPoolAt + ID_BYTES);
  idPoolAt += ID_BYTES;
  return id;
}

/**
 * Cookie value `{cartId}.{HMAC(secret, siteId.cartId)}`: the id is shown in the cart JSON, but
 * only the server can turn it into a cookie, and a cookie of one website opens nothing on another.
 * No token is stored, so a retried add (idempotency) can hand the same cookie out again.
 */
export function cartCookieValue(secret: string, siteId: string, cartId: string): string {
  return `${cartId}.${sign(secret, siteId, cartId)}`;
}

/** The cart id a cookie value names on this website, or undefined when it is not genuine. */
export function cartIdFromCookie(
  secret: string,
  siteId: string,
  value: string | undefined,
): string | undefined {
  if (!value || value.length > 200) return undefined;
  const dot = value.indexOf('.');
  if (dot <= 0) return undefined;
  const cartId = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(secret, siteId, cartId));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
    ? cartId
    : undefined;
}

/**
 * The request's cart: a signed-in customer's own cart first (issue 14: it follows them across
 * devices, customers/), else the cart cookie's.
 */
export function cartIdOf(req: FastifyRequest, secret: string): string | undefined {
  return req.customer?.cartId ?? cartIdFromCookie(secret, req.site.id, req.cookies[CART_COOKIE]);
}

export function setCartCookie(
  reply: FastifyReply,
  opts: { secret: string; siteId: string; cartId: string; secure: boolean },
): void {
  reply.setCookie(CART_COOKIE, cartCookieValue(opts.secret, opts.siteId, opts.cartId), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secure,
    maxAge: CART_COOKIE_MAX_AGE_S,
  });
  reply.setCookie(CART_HINT_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: opts.secure,
    maxAge: CART_COOKIE_MAX_AGE_S,
  });
}

function sign(secret: string, siteId: string, cartId: string): string {
  return crypto.createHmac('sha256', secret).update(`cart.${siteId}.${cartId}`).digest('base64url');
}

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('base64url');
}
