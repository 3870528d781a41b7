import { idFromSignedToken, signedIdToken } from '../http/signed-id.js';
import { ReviewLimits } from '../../shared/reviews/rules.js';

const PURPOSE = 'review';
const DAY_MS = 86_400_000;

/**
 * The order mail's review link: the order id and an expiry (epoch seconds), signed for this
 * website and this purpose (http/signed-id.ts), so it opens no other order, page or website and
 * stops working after `ReviewLimits.linkDays`.
 */
export function reviewToken(secret: string, siteId: string, orderId: string, now: number): string {
  const expires = Math.floor((now + ReviewLimits.linkDays * DAY_MS) / 1000);
  return signedIdToken(secret, PURPOSE, siteId, `${orderId}~${expires}`);
}

/** The order a review token names, or undefined when it is not genuine or has expired. */
export function orderIdFromReviewToken(
  secret: string,
  siteId: string,
  token: string,
  now: number,
): string | undefined {
  const named = idFromSignedToken(secret, PURPOSE, siteId, token);
  if (!named) return undefined;
  const cut = named.lastIndexOf('~');
  if (cut <= 0) return undefined;
  const expires = Number(named.slice(cut + 1));
  if (!Number.isInteger(expires) || expires * 1000 <= now) return undefined;
  return named.slice(0, cut);
}

/** The review request page's path (SPEC 2.1 pageType 209) for an order. */
export function reviewRequestPath(
  secret: string,
  siteId: string,
  orderId: string,
  now: number,
): string {
  return `/reviews/write/${encodeURIComponent(reviewToken(secret, siteId, orderId, now))}`;
}
