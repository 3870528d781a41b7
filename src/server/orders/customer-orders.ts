import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { orderStatusPath } from './order-token.js';

/** An order on the customer's account page (issue 14). */
export interface CustomerOrderRow {
  id: string;
  orderNumber: number;
  created: Date;
  grandTotal: number;
  currency: string;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  /** The existing order status page (signed link). */
  statusPath: string;
}

/**
 * A customer's orders: those placed signed in (`customer_id`) and those placed as a guest with
 * the customer's address — proven by the sign-in code, so the orders are theirs too.
 */
export async function customerOrders(
  db: Db,
  secret: string,
  siteId: string,
  customer: { id: string; email: string },
  limit = 50,
): Promise<CustomerOrderRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'created',
      'grand_total',
      'currency',
      'status',
      'payment_status',
      'fulfillment_status',
    ])
    .where('site_id', '=', siteId)
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', customer.id),
        eb(sql<string>`lower(email)`, '=', customer.email),
      ]),
    )
    .orderBy('created', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.order_number,
    created: new Date(r.created),
    grandTotal: r.grand_total,
    currency: r.currency,
    status: r.status,
    paymentStatus: r.payment_status,
    fulfillmentStatus: r.fulfillment_status,
    statusPath: orderStatusPath(secret, siteId, r.id),
  }));
}

/** /config Customers: per customer, orders count, total spent and last order (one query). */
export async function orderStatsByCustomer(
  db: Db,
  siteId: string,
  customers: { id: string; email: string }[],
): Promise<Map<string, { count: number; total: number; currency: string; last: Date | null }>> {
  const out = new Map<
    string,
    { count: number; total: number; currency: string; last: Date | null }
  >();
  if (!customers.length) return out;
  const rows = await sql<{
    cid: string;
    n: number;
    total: number;
    currency: string | null;
    last: Date | null;
  }>`
    SELECT c.cid, count(o.id)::int AS n,
           coalesce(sum(o.grand_total - o.refunded_total) FILTER (WHERE o.status <> 'cancelled'), 0)::int AS total,
           max(o.currency) AS currency, max(o.created) AS last
      FROM unnest(${customers.map((c) => c.id)}::text[], ${customers.map((c) => c.email)}::text[]) AS c(cid, email)
      LEFT JOIN orders o ON o.site_id = ${siteId}
           AND (o.customer_id = c.cid OR lower(o.email) = c.email)
     GROUP BY c.cid`.execute(db);
  for (const r of rows.rows)
    out.set(r.cid, {
      count: Number(r.n),
      total: Number(r.total),
      currency: r.currency ?? '',
      last: r.last ? new Date(r.last) : null,
    });
  return out;
}
