import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { DomainEvents } from '../events.js';
import { bumpContentVersion } from '../sites/site-queries.js';

export interface StockWant {
  variantId: string;
  quantity: number;
}

export interface StockShort {
  variantId: string;
  requested: number;
  /** What is left to sell (0 for a variant that no longer exists). */
  available: number;
}

/** Quantities of one variant summed, variants in id order: the fixed order locks are taken in. */
function summed(wants: readonly StockWant[]): [string, number][] {
  const by = new Map<string, number>();
  for (const w of wants) by.set(w.variantId, (by.get(w.variantId) ?? 0) + w.quantity);
  return [...by].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Takes stock for an order inside the caller's transaction: per variant one atomic
 * `qty_in_stock = qty_in_stock - n WHERE qty_in_stock >= n` (unlimited variants are matched and
 * left alone), so concurrent orders never oversell — each waits for the row lock of the one
 * before it and re-checks the guard — and the CHECK (qty_in_stock >= 0) backs it. Variants are
 * locked in id order so two orders never deadlock. Returns the variants that are short (the
 * caller rolls the transaction back); empty when everything was taken. A variant that sold out
 * bumps the website's content version (pages show it as sold out).
 */
export async function takeStock(
  trx: Db,
  siteId: string,
  wants: readonly StockWant[],
): Promise<{ short: StockShort[]; soldOut: boolean }> {
  const short: StockShort[] = [];
  let soldOut = false;
  for (const [variantId, n] of summed(wants)) {
    const row = await trx
      .updateTable('variants')
      .set({
        qty_in_stock: sql<number>`case when unlimited then qty_in_stock else qty_in_stock - ${n} end`,
      })
      .where('site_id', '=', siteId)
      .where('id', '=', variantId)
      .where((eb) => eb.or([eb('unlimited', '=', true), eb('qty_in_stock', '>=', n)]))
      .returning(['qty_in_stock', 'unlimited'])
      .executeTakeFirst();
    if (row) {
      if (!row.unlimited && row.qty_in_stock === 0) soldOut = true;
      continue;
    }
    const left = await trx
      .selectFrom('variants')
      .select('qty_in_stock')
      .where('site_id', '=', siteId)
      .where('id', '=', variantId)
      .executeTakeFirst();
    short.push({ variantId, requested: n, available: Math.max(0, left?.qty_in_stock ?? 0) });
  }
  if (soldOut && short.length === 0) await bumpContentVersion(trx, siteId);
  return { short, soldOut };
}

/** What is left of each variant now (read-only; unlimited variants are never short). */
export async function stockShortfall(
  db: Db,
  siteId: string,
  wants: readonly StockWant[],
): Promise<StockShort[]> {
  const all = summed(wants);
  if (!all.length) return [];
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'qty_in_stock', 'unlimited'])
    .where('site_id', '=', siteId)
    .where(
      'id',
      'in',
      all.map(([id]) => id),
    )
    .execute();
  const by = new Map(rows.map((r) => [r.id, r]));
  const short: StockShort[] = [];
  for (const [variantId, n] of all) {
    const r = by.get(variantId);
    if (r?.unlimited) continue;
    const available = Math.max(0, r?.qty_in_stock ?? 0);
    if (available < n) short.push({ variantId, requested: n, available });
  }
  return short;
}

export interface Restocked {
  itemId: string;
  variantId: string;
  qtyInStock: number;
}

/**
 * Puts stock back (a cancelled order) inside the caller's transaction, in the same lock order.
 * Returns the variants that went from nothing to sell to something; call `announceRestocks`
 * after the commit so the restock auto-notify runs (catalog's 'variant-restocked').
 */
export async function returnStock(
  trx: Db,
  siteId: string,
  wants: readonly StockWant[],
): Promise<Restocked[]> {
  const restocked: Restocked[] = [];
  let changed = false;
  for (const [variantId, n] of summed(wants)) {
    const row = await trx
      .updateTable('variants')
      .set({ qty_in_stock: sql<number>`qty_in_stock + ${n}` })
      .where('site_id', '=', siteId)
      .where('id', '=', variantId)
      .where('unlimited', '=', false)
      .returning(['item_id', 'qty_in_stock'])
      .executeTakeFirst();
    if (!row) continue;
    changed = true;
    if (row.qty_in_stock - n <= 0 && row.qty_in_stock > 0) {
      restocked.push({ itemId: row.item_id, variantId, qtyInStock: row.qty_in_stock });
    }
  }
  if (changed) await bumpContentVersion(trx, siteId);
  return restocked;
}

/** After the commit of a stock change: restock notices and page invalidation. */
export function announceStockChange(
  events: DomainEvents,
  siteId: string,
  restocked: readonly Restocked[],
): void {
  for (const r of restocked) events.emit('variant-restocked', { siteId, ...r });
  events.emit('content-changed', { siteId });
}
