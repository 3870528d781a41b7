import { idFromSignedToken, signedIdToken } from '../http/signed-id.js';

/**
 * The bearer token of an order's status page (pageType 211) and confirmation page: the order id
 * signed for this website (http/signed-id.ts). No sign-in is needed; only someone given the link
 * can read the order.
 */
export function orderToken(secret: string, siteId: string, orderId: string): string {
  return signedIdToken(secret, 'order', siteId, orderId);
}

/** The order id a token names on this website, or undefined when it is not genuine. */
export function orderIdFromToken(
  secret: string,
  siteId: string,
  token: string,
): string | undefined {
  return idFromSignedToken(secret, 'order', siteId, token);
}

export function orderStatusPath(secret: string, siteId: string, orderId: string): string {
  return `/orders/status/${orderToken(secret, siteId, orderId)}`;
}

export function orderConfirmedPath(secret: string, siteId: string, orderId: string): string {
  return `/checkout/order-confirmed/${encodeURIComponent(orderId)}?t=${encodeURIComponent(orderToken(secret, siteId, orderId))}`;
}
