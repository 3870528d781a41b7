import { ErrorCode } from '../../shared/errors.js';
import { variantHasStock } from '../../shared/product/rules.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import type { DomainEvents } from '../events.js';
import { bumpContentVersion } from '../sites/site-queries.js';

/** Stock is an integer column; keep far below its limit. */
export const MAX_STOCK = 1_000_000_000;

export interface StockChange {
  qtyInStock?: number;
  unlimited?: boolean;
}

export interface VariantStock {
  variantId: string;
  itemId: string;
  sku: string;
  qtyInStock: number;
  unlimited: boolean;
  /** True when the variant went from nothing to sell to something (the restock event fired). */
  restocked: boolean;
}

/**
 * The owner sets a variant's stock. In one transaction (the row locked so concurrent checkouts
 * and owners serialise): update, and bump the site's content version because pages show stock.
 * After commit, `variant-restocked` fires when the variant could not be bought before and can
 * now (limited at 0 → above 0, or became unlimited), and `content-changed` always.
 */
export async function setVariantStock(
  db: Db,
  events: DomainEvents,
  siteId: string,
  variantId: string,
  change: StockChange,
): Promise<VariantStock> {
  const { qtyInStock, unlimited } = change;
  if (qtyInStock === undefined && unlimited === undefined) {
    throw appError(ErrorCode.VALIDATION, 'Give qtyInStock, unlimited or both.');
  }
  if (
    qtyInStock !== undefined &&
    (!Number.isInteger(qtyInStock) || qtyInStock < 0 || qtyInStock > MAX_STOCK)
  ) {
    throw appError(
      ErrorCode.VALIDATION,
      `qtyInStock must be a whole number from 0 to ${MAX_STOCK}.`,
    );
  }
  const result = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('variants')
      .select(['id', 'item_id', 'sku', 'qty_in_stock', 'unlimited'])
      .where('site_id', '=', siteId)
      .where('id', '=', variantId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw appError(ErrorCode.NOT_FOUND);
    const after = await trx
      .updateTable('variants')
      .set({
        ...(qtyInStock !== undefined ? { qty_in_stock: qtyInStock } : {}),
        ...(unlimited !== undefined ? { unlimited } : {}),
      })
      .where('site_id', '=', siteId)
      .where('id', '=', variantId)
      .returning(['qty_in_stock', 'unlimited'])
      .executeTakeFirstOrThrow();
    await bumpContentVersion(trx, siteId);
    const couldBuyBefore = variantHasStock({ ...before, qtyInStock: before.qty_in_stock });
    const canBuyNow = variantHasStock({ ...after, qtyInStock: after.qty_in_stock });
    return {
      variantId,
      itemId: before.item_id,
      sku: before.sku,
      qtyInStock: after.qty_in_stock,
      unlimited: after.unlimited,
      restocked: !couldBuyBefore && canBuyNow,
    };
  });
  if (result.restocked) {
    events.emit('variant-restocked', {
      siteId,
      itemId: result.itemId,
      variantId,
      qtyInStock: result.qtyInStock,
    });
  }
  events.emit('content-changed', { siteId });
  return result;
}
