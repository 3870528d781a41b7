import crypto from 'node:crypto';

/**
 * The crumb: a double-submit token bound to the visitor's session (DESIGN 7). The cookie value
 * is `nonce.signature` where signature = HMAC(secret, nonce + '.' + sessionBinding). Scripts read
 * the cookie and send it back in `X-CSRF-Token` (or a `crumb` field); the server checks that the
 * echoed value equals the cookie and that the signature matches the current session, so a crumb
 * minted for another session, or by anyone without the secret, is refused.
 */
import { CRUMB_HEADER as CRUMB_HEADER_NAME } from '../../shared/wire-names.js';
export { CRUMB_COOKIE } from '../../shared/wire-names.js';
/** As Node presents request headers: lower-cased. */
export const CRUMB_HEADER = CRUMB_HEADER_NAME.toLowerCase();

export function mintCrumb(secret: string, sessionBinding: string): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  return `${nonce}.${sign(secret, nonce, sessionBinding)}`;
}

export function crumbIsValid(secret: string, value: string, sessionBinding: string): boolean {
  const dot = value.indexOf('.');
  if (dot <= 0) return false;
  const nonce = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(secret, nonce, sessionBinding));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

function sign(secret: string, nonce: string, binding: string): string {
  return crypto.createHmac('sha256', secret).update(`${nonce}.${binding}`).digest('base64url');
}
