import crypto from 'node:crypto';

/**
 * The bearer token of an order's status page (pageType 211) and confirmation page: the order id
 * and an HMAC of it under the server secret, bound to the website. No sign-in is needed; only
 * someone given the link can read the order.
 */
export function orderToken(secret: string, siteId: string, orderId: string): string {
  return `${orderId}.${sign(secret, siteId, orderId)}`;
}

/** The order id a token names on this website, or undefined when it is not genuine. */
export function orderIdFromToken(
  secret: string,
  siteId: string,
  token: string,
): string | undefined {
  if (token.length > 300) return undefined;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(secret, siteId, id));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
    ? id
    : undefined;
}

export function orderStatusPath(secret: string, siteId: string, orderId: string): string {
  return `/orders/status/${orderToken(secret, siteId, orderId)}`;
}

export function orderConfirmedPath(secret: string, siteId: string, orderId: string): string {
  return `/checkout/order-confirmed/${encodeURIComponent(orderId)}?t=${encodeURIComponent(orderToken(secret, siteId, orderId))}`;
}

function sign(secret: string, siteId: string, orderId: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`order.${siteId}.${orderId}`)
    .digest('base64url');
}
