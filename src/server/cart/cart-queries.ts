import type { Db } from '../db/database.js';
import type { CartRow, EntryRow } from './cart-json.js';

/**
 * Locks the visitor's open cart for this transaction (and marks it touched), so adds and edits
 * of one cart run one after another and every stock check sees what the cart really holds.
 * Undefined when the cart is unknown, purchased or another website's.
 */
export async function lockCart(
  db: Db,
  siteId: string,
  cartId: string,
  now: Date,
): Promise<CartRow | undefined> {
  return db
    .updateTable('carts')
    .set({ updated: now })
    .where('id', '=', cartId)
    .where('site_id', '=', siteId)
    .where('is_purchased', '=', false)
    .returningAll()
    .executeTakeFirst();
}

export async function findOpenCart(
  db: Db,
  siteId: string,
  cartId: string,
): Promise<CartRow | undefined> {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('id', '=', cartId)
    .where('site_id', '=', siteId)
    .where('is_purchased', '=', false)
    .executeTakeFirst();
}

export async function listEntries(db: Db, cartId: string): Promise<EntryRow[]> {
  return db
    .selectFrom('cart_entries')
    .selectAll()
    .where('cart_id', '=', cartId)
    .orderBy('seq')
    .execute();
}

/** Units of a variant across every line of the cart (lines differ by their form answers). */
export function heldOf(entries: readonly EntryRow[], variantId: string, exceptEntryId?: string) {
  let held = 0;
  for (const e of entries)
    if (e.variant_id === variantId && e.id !== exceptEntryId) held += e.quantity;
  return held;
}

/** The cart whatever its state (a purchased cart names its order), or undefined. */
export async function findCart(
  db: Db,
  siteId: string,
  cartId: string,
): Promise<CartRow | undefined> {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('id', '=', cartId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

/**
 * Checkout's last step on the cart, inside the order's transaction (the cart locked by
 * `lockCart`): SPEC 3.1 isPurchased and orderId. The cart reads as empty from then on (every
 * reader looks for open carts), so the indicator shows nothing.
 */
export async function markCartPurchased(
  db: Db,
  cartId: string,
  orderId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('carts')
    .set({ is_purchased: true, order_id: orderId, updated: now })
    .where('id', '=', cartId)
    .execute();
}

/**
 * The cart whatever its state, with its lines in insertion order, in one statement (checkout's
 * first read: a placement reads the cart and its lines on every request). Undefined when the
 * website has no such cart.
 */
export async function findCartWithEntries(
  db: Db,
  siteId: string,
  cartId: string,
): Promise<
  { cart: Pick<CartRow, 'id' | 'is_purchased' | 'order_id'>; entries: EntryRow[] } | undefined
> {
  const rows = await db
    .selectFrom('carts as c')
    .leftJoin('cart_entries as e', 'e.cart_id', 'c.id')
    .selectAll('e')
    .select([
      'c.id as cart_row_id',
      'c.is_purchased as cart_is_purchased',
      'c.order_id as cart_order_id',
    ])
    .where('c.id', '=', cartId)
    .where('c.site_id', '=', siteId)
    .orderBy('e.seq')
    .execute();
  const head = rows[0];
  if (!head) return undefined;
  const entries: EntryRow[] = [];
  for (const { cart_row_id: _id, cart_is_purchased: _p, cart_order_id: _o, ...e } of rows) {
    if (e.id !== null) entries.push(e as EntryRow);
  }
  return {
    cart: {
      id: head.cart_row_id,
      is_purchased: head.cart_is_purchased,
      order_id: head.cart_order_id,
    },
    entries,
  };
}
