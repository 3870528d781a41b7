import type { Db } from '../db/database.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';

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

export interface StoredResponse {
  cartId: string;
  response: unknown;
}

/**
 * The stored response for this key, when the same browser (same cart, or same crumb when the
 * first request created the cart) retries the same payload within 24 hours. A key reused by
 * another visitor or for another payload is refused rather than silently applied again.
 */
export async function findReplay(
  db: Db,
  siteId: string,
  claim: IdempotencyClaim,
  cartId: string | undefined,
  now: number,
): Promise<StoredResponse | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['cart_id', 'visitor_hash', 'request_hash', 'response'])
    .where('site_id', '=', siteId)
    .where('key', '=', claim.key)
    .where('created', '>', new Date(now - IDEMPOTENCY_TTL_MS))
    .executeTakeFirst();
  if (!row) return undefined;
  const sameVisitor = row.cart_id === cartId || row.visitor_hash === claim.visitorHash;
  if (!sameVisitor || row.request_hash !== claim.requestHash) {
    throw appError(ErrorCode.IDEMPOTENCY_KEY_REUSED, Messages.IDEMPOTENCY_KEY_REUSED);
  }
  return { cartId: row.cart_id, response: row.response };
}

/**
 * Records the response in the add's own transaction (so it exists exactly when the add
 * committed). False when a live row for the key already exists: a concurrent duplicate won.
 */
export async function storeResponse(
  db: Db,
  siteId: string,
  claim: IdempotencyClaim,
  cartId: string,
  response: unknown,
  now: number,
): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      site_id: siteId,
      key: claim.key,
      cart_id: cartId,
      visitor_hash: claim.visitorHash,
      request_hash: claim.requestHash,
      response: JSON.stringify(response),
      created: new Date(now),
    })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'key'])
        .doUpdateSet((eb) => ({
          cart_id: eb.ref('excluded.cart_id'),
          visitor_hash: eb.ref('excluded.visitor_hash'),
          request_hash: eb.ref('excluded.request_hash'),
          response: eb.ref('excluded.response'),
          created: eb.ref('excluded.created'),
        }))
        // Only an expired row may be taken over.
        .where('idempotency_keys.created', '<=', new Date(now - IDEMPOTENCY_TTL_MS)),
    )
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** Drops responses older than 24 hours. */
export async function purgeExpired(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created', '<=', new Date(now - IDEMPOTENCY_TTL_MS))
    .execute();
}

/** Thrown inside the add's transaction to roll it back when a concurrent duplicate won. */
export class DuplicateInFlight extends Error {}
