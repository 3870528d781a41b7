import crypto from 'node:crypto';

/**
 * A bearer token naming one record: its id and an HMAC of purpose, website and id under the
 * server secret. No sign-in is needed; only someone given the link can use it, on that website,
 * for that purpose (an order's token never opens a subscription).
 */
export function signedIdToken(secret: string, purpose: string, siteId: string, id: string): string {
  return `${id}.${sign(secret, purpose, siteId, id)}`;
}

/** The id a token names for this purpose on this website, or undefined when it is not genuine. */
export function idFromSignedToken(
  secret: string,
  purpose: string,
  siteId: string,
  token: string,
): string | undefined {
  if (token.length > 300) return undefined;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(secret, purpose, siteId, id));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
    ? id
    : undefined;
}

function sign(secret: string, purpose: string, siteId: string, id: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${purpose}.${siteId}.${id}`)
    .digest('base64url');
}
