/**
 * What the kill -9 suite asserts of the database after a restart: every acknowledged request is
 * there, and nothing is half-written (an order implies its lines, its event, its purchased cart,
 * its stock taken and its mails queued; a newsletter submission its membership and welcome mail).
 */
import type { Acked, Product } from './durability-load.js';
import { FORM_ID } from './durability-load.js';

export type Query = <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;

/** Problems found; empty when the database is whole. */
export async function checkDatabase(
  q: Query,
  acked: Acked[],
  stock: { variant: Product; initial: number },
): Promise<string[]> {
  const problems: string[] = [];
  const fail = (what: string, list: unknown[]) => {
    if (list.length) problems.push(`${what}: ${JSON.stringify(list.slice(0, 5))} (${list.length})`);
  };

  // 1. Every acknowledged add: the cart holds at least the acknowledged units of the variant.
  const entries = await q<{ cart_id: string; variant_id: string; n: number }>(
    `SELECT cart_id, variant_id, sum(quantity)::int AS n FROM cart_entries GROUP BY 1, 2`,
  );
  const stored = new Map(entries.map((e) => [`${e.cart_id}/${e.variant_id}`, Number(e.n)]));
  const missingAdds: string[] = [];
  for (const a of acked) {
    for (const [cart, lines] of a.adds) {
      for (const [variant, n] of lines) {
        const have = stored.get(`${cart}/${variant}`) ?? 0;
        if (have < n) missingAdds.push(`${cart}/${variant}: ${have} < ${n}`);
      }
    }
  }
  fail('acknowledged adds missing', missingAdds);

  // 2. Every acknowledged form save: its submission row.
  const subs = await q<{ data: string }>(
    `SELECT data::text AS data FROM form_submissions WHERE form_id = $1`,
    [FORM_ID],
  );
  const subEmails = new Set(subs.map((s) => (JSON.parse(s.data) as { email?: string }).email));
  fail(
    'acknowledged form submissions missing',
    acked.flatMap((a) => a.forms).filter((e) => !subEmails.has(e)),
  );

  // 3. Every acknowledged order: its row, with the number the shopper was told.
  const orders = await q<{ id: string; order_number: number; email: string; cart_id: string }>(
    `SELECT id, order_number, email, cart_id FROM orders WHERE email LIKE '%@kill9.test'`,
  );
  const byId = new Map(orders.map((o) => [o.id, o]));
  fail(
    'acknowledged orders missing or changed',
    acked
      .flatMap((a) => a.orders)
      .filter((o) => {
        const row = byId.get(o.id);
        return !row || Number(row.order_number) !== o.orderNumber || row.cart_id !== o.cartId;
      })
      .map((o) => o.id),
  );

  // 4. Nothing half-written, acknowledged or not: each order has all its parts.
  const ours = `o.email LIKE '%@kill9.test'`;
  fail(
    'orders without lines',
    await q(
      `SELECT o.id FROM orders o WHERE ${ours}
         AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`,
    ),
  );
  fail(
    'orders without their placed event',
    await q(
      `SELECT o.id FROM orders o WHERE ${ours} AND NOT EXISTS
         (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.kind = 'placed')`,
    ),
  );
  fail(
    'orders whose cart is not marked purchased by them',
    await q(
      `SELECT o.id FROM orders o LEFT JOIN carts c ON c.id = o.cart_id
        WHERE ${ours} AND (c.id IS NULL OR NOT c.is_purchased OR c.order_id IS DISTINCT FROM o.id)`,
    ),
  );
  fail(
    'purchased carts without their order',
    await q(
      `SELECT c.id FROM carts c WHERE c.is_purchased
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = c.order_id)`,
    ),
  );
  fail(
    'orders without exactly one confirmation mail queued',
    await q(
      `SELECT o.id FROM orders o WHERE ${ours} AND (SELECT count(*) FROM outbox m
         WHERE m.kind = 'order-confirmation' AND m.to_address = o.email) <> 1`,
    ),
  );
  fail(
    'orders without their owner mail queued',
    await q(
      `SELECT o.id FROM orders o WHERE ${ours} AND NOT EXISTS (SELECT 1 FROM outbox m
         WHERE m.kind = 'order-owner' AND m.subject LIKE 'New order #' || o.order_number || ' %')`,
    ),
  );
  fail(
    'confirmation mails without an order',
    await q(
      `SELECT m.to_address FROM outbox m WHERE m.kind = 'order-confirmation'
         AND m.to_address LIKE '%@kill9.test'
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.email = m.to_address)`,
    ),
  );
  // Stock taken by exactly the orders that exist: never by one that does not, nor twice.
  const [sold] = await q<{ n: number }>(
    `SELECT coalesce(sum(l.quantity), 0)::int AS n FROM order_lines l JOIN orders o
        ON o.id = l.order_id WHERE ${ours} AND l.variant_id = $1`,
    [stock.variant.variantId],
  );
  const [left] = await q<{ n: number }>(`SELECT qty_in_stock AS n FROM variants WHERE id = $1`, [
    stock.variant.variantId,
  ]);
  if (Number(left?.n) !== stock.initial - Number(sold?.n)) {
    problems.push(`stock ${left?.n} ≠ ${stock.initial} − ${sold?.n} sold`);
  }
  // A newsletter submission commits with its membership and its welcome mail.
  const lonely = await q<{ email: string }>(
    `SELECT s.data->>'email' AS email FROM form_submissions s
      WHERE s.form_id = $1 AND s.data->>'email' LIKE '%@kill9.test' AND (
        NOT EXISTS (SELECT 1 FROM mailing_list_members m
                     WHERE m.list_id = $1 AND m.email = s.data->>'email')
        OR NOT EXISTS (SELECT 1 FROM outbox o
                        WHERE o.kind = 'newsletter-welcome' AND o.to_address = s.data->>'email'))`,
    [FORM_ID],
  );
  fail('newsletter submissions without their membership or welcome mail', lonely);
  return problems;
}

/** How many of each the database holds (reported with the cycle). */
export async function countRows(q: Query): Promise<Record<string, number>> {
  const [row] = await q<Record<string, number>>(
    `SELECT (SELECT count(*) FROM orders WHERE email LIKE '%@kill9.test')::int AS orders,
            (SELECT count(*) FROM form_submissions WHERE form_id = $1)::int AS submissions,
            (SELECT count(*) FROM cart_entries)::int AS entries`,
    [FORM_ID],
  );
  return row!;
}
