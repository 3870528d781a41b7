import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import { additionalFieldsKey } from './additional-fields.js';
import type { AdditionalFields } from './tables.js';

/** One line of a cart made by a checkout of its own, priced and titled by the caller. */
export interface PrivateCartLine {
  itemId: string;
  variantId: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  title: string;
  attributes: Record<string, string>;
  productType: number;
  additionalFields?: AdditionalFields | null;
}

/**
 * A cart that belongs to no visitor's cookie, holding exactly these lines: the gift card and
 * subscription checkouts (and each renewal) place their orders through it (`placeOrder` with
 * `ctx.cartId`), so stock, numbering, mail and analytics stay one pipeline. `id` may be given so
 * a retry reuses the same cart (an Idempotency-Key, a subscription's cycle): a second call with
 * that id changes nothing (`created: false`) and the placement finds the cart, purchased or
 * not. An unplaced one is purged with the abandoned carts (purge-carts.ts). Cart and lines
 * commit together (in the caller's transaction when given one).
 */
export async function createCartWithLines(
  db: Db,
  siteId: string,
  lines: readonly PrivateCartLine[],
  now: Date,
  id: string = crypto.randomUUID(),
): Promise<{ id: string; created: boolean }> {
  const write = async (trx: Db) => {
    const made = await trx
      .insertInto('carts')
      .values({ id, site_id: siteId, created: now, updated: now, order_id: null })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!made) return false;
    if (lines.length) await trx.insertInto('cart_entries').values(lines.map(entry)).execute();
    return true;
  };
  const entry = (l: PrivateCartLine) => ({
    id: crypto.randomUUID(),
    cart_id: id,
    item_id: l.itemId,
    variant_id: l.variantId,
    sku: l.sku,
    quantity: l.quantity,
    additional_fields: l.additionalFields ? JSON.stringify(l.additionalFields) : null,
    additional_fields_key: additionalFieldsKey(l.additionalFields ?? null),
    unit_price_cents: l.unitPriceCents,
    title: l.title,
    attributes: JSON.stringify(l.attributes),
    product_type: l.productType,
    created: now,
    updated: now,
  });
  const created = db.isTransaction ? await write(db) : await db.transaction().execute(write);
  return { id, created };
}
