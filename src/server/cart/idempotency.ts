import type { Db } from '../db/database.js';
import { ErrorCode } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';
import { addEntryBody, type AddEntryBody, type CartSnapshot } from './cart-json.js';

/** A stored response is replayed for this long (then the key may be used again). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 255;

export interface IdempotencyClaim {
  key: string;
  /** SHA-256 of the crumb cookie: identifies the browser even before it has a cart cookie. */
  visitorHash: string;
  /** SHA-256 of the request body. */
  requestHash: string;
}

/** A live add stored under a key (written by `cart_add_entry`, add-line-function.ts). */
export interface StoredAdd {
  cartId: string;
  visitorHash: string;
  requestHash: string;
  response: unknown;
}

export interface Replay {
  cartId: string;
  body: AddEntryBody;
}

/** Stored answers created after this instant are live. */
export function liveAfter(now: number): Date {
  return new Date(now - IDEMPOTENCY_TTL_MS);
}

/**
 * The stored add as the answer to this request, when the same browser (same cart, or same
 * crumb when the first request created the cart) retries the same payload. A key reused by
 * another visitor or for another payload is refused rather than silently applied again.
 */
export function replayOf(
  siteId: string,
  claim: IdempotencyClaim,
  cartId: string | undefined,
  stored: StoredAdd,
): Replay {
  const sameVisitor = stored.cartId === cartId || stored.visitorHash === claim.visitorHash;
  if (!sameVisitor || stored.requestHash !== claim.requestHash) {
    throw appError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
  }
  return { cartId: stored.cartId, body: storedBody(siteId, stored.response) };
}

/**
 * The live stored add under the claim's key as this request's answer (see `replayOf`), or
 * undefined. For adds refused before they reach the database: a retry still gets the first
 * answer even if the product has changed since.
 */
export async function findReplay(
  db: Db,
  siteId: string,
  claim: IdempotencyClaim,
  cartId: string | undefined,
  now: number,
): Promise<Replay | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['cart_id', 'visitor_hash', 'request_hash', 'response'])
    .where('site_id', '=', siteId)
    .where('key', '=', claim.key)
    .where('created', '>', liveAfter(now))
    .executeTakeFirst();
  if (!row) return undefined;
  return replayOf(siteId, claim, cartId, {
    cartId: row.cart_id,
    visitorHash: row.visitor_hash,
    requestHash: row.request_hash,
    response: row.response,
  });
}

/**
 * The body a stored add answers with. Rows stored before migration 20261122_0420 hold the body
 * itself; since then they hold the add's snapshot, which the body is built from as it was the
 * first time.
 */
function storedBody(siteId: string, response: unknown): AddEntryBody {
  if (typeof response === 'object' && response !== null && 'shoppingCart' in response) {
    return response as AddEntryBody;
  }
  return addEntryBody(siteId, response as CartSnapshot);
}

/** Drops responses older than 24 hours. */
export async function purgeExpired(db: Db, now: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created', '<=', liveAfter(now)).execute();
}
