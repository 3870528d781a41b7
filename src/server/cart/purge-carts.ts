import { sql } from 'kysely';
import type { Db } from '../db/database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A subscription checkout token opens its checkout for this long (issue 11). */
export const SUBSCRIPTION_CART_TTL_MS = DAY_MS;

/** Rows one DELETE removes: each batch is a short transaction of its own. */
const BATCH = 1_000;

/**
 * Deletes carts nobody touched for `days` days (CART_PURGE_DAYS) with their entries and
 * idempotency keys (ON DELETE CASCADE). Carts are anonymous (the cookie is their only key); a
 * cart with an order, or marked purchased, is never deleted. Returns how many were deleted.
 */
export async function purgeAbandonedCarts(db: Db, now: number, days: number): Promise<number> {
  if (days <= 0) return 0;
  const before = new Date(now - days * DAY_MS);
  let total = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM carts WHERE id IN (
        SELECT id FROM carts
        WHERE updated < ${before} AND order_id IS NULL AND NOT is_purchased
        LIMIT ${BATCH})`.execute(db);
    const n = Number(result.numAffectedRows ?? 0n);
    total += n;
    if (n < BATCH) return total;
  }
}

/** Deletes subscription checkout carts older than 24 hours; returns how many. */
export async function purgeExpiredSubscriptionCarts(db: Db, now: number): Promise<number> {
  const before = new Date(now - SUBSCRIPTION_CART_TTL_MS);
  let total = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM subscription_carts WHERE token_hash IN (
        SELECT token_hash FROM subscription_carts WHERE created < ${before} LIMIT ${BATCH})`.execute(
      db,
    );
    const n = Number(result.numAffectedRows ?? 0n);
    total += n;
    if (n < BATCH) return total;
  }
}
