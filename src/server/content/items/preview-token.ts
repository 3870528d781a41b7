import crypto from 'node:crypto';

/** How long a preview link works. */
export const PREVIEW_TTL_MS = 7 * 24 * 60 * 60_000;

/** The query parameter of a preview link (`/blog/my-post?preview=…`). */
export const PREVIEW_PARAM = 'preview';

function sign(secret: string, itemId: string, expires: number): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`item-preview|${itemId}|${expires}`)
    .digest('base64url');
}

/**
 * A preview token: `{itemId}.{expires}.{hmac}`, signed with the app secret, so whoever has the
 * link sees the unpublished item until it expires, and nobody can make one for another item.
 */
export function previewToken(secret: string, itemId: string, now: number): string {
  const expires = now + PREVIEW_TTL_MS;
  return `${Buffer.from(itemId).toString('base64url')}.${expires}.${sign(secret, itemId, expires)}`;
}

/** The item a token opens, or undefined when it is malformed, forged or expired. */
export function previewItemId(secret: string, token: string, now: number): string | undefined {
  const [idPart, expiresPart, mac, ...rest] = token.split('.');
  if (!idPart || !expiresPart || !mac || rest.length || !/^\d{1,15}$/.test(expiresPart)) {
    return undefined;
  }
  const expires = Number(expiresPart);
  if (expires <= now) return undefined;
  const itemId = Buffer.from(idPart, 'base64url').toString('utf8');
  const want = Buffer.from(sign(secret, itemId, expires));
  const got = Buffer.from(mac);
  return want.length === got.length && crypto.timingSafeEqual(want, got) ? itemId : undefined;
}

/**
 * A page request carrying `?preview=`: `{ itemId }` the token opens (undefined when it is not
 * valid: the page then renders as visitors see it). Undefined when the URL has no preview
 * parameter. Such requests never use the page cache.
 */
export function previewOfUrl(
  url: string,
  secret: string,
  now: number,
): { itemId: string | undefined } | undefined {
  const qi = url.indexOf('?');
  if (qi === -1) return undefined;
  const token = new URLSearchParams(url.slice(qi + 1)).get(PREVIEW_PARAM);
  if (token === null) return undefined;
  return { itemId: previewItemId(secret, token.slice(0, 500), now) };
}
