import { idFromSignedToken, signedIdToken } from '../http/signed-id.js';

/**
 * The bearer token of a subscription's manage page: its id signed for this website under its
 * own purpose (http/signed-id.ts), so an order token never opens a subscription. Every
 * subscription mail carries it.
 */
export function manageToken(secret: string, siteId: string, subscriptionId: string): string {
  return signedIdToken(secret, 'subscription', siteId, subscriptionId);
}

/** The subscription id a token names on this website, or undefined when it is not genuine. */
export function subscriptionIdFromToken(
  secret: string,
  siteId: string,
  token: string,
): string | undefined {
  return idFromSignedToken(secret, 'subscription', siteId, token);
}

export function managePath(secret: string, siteId: string, subscriptionId: string): string {
  return `/subscriptions/manage/${manageToken(secret, siteId, subscriptionId)}`;
}
