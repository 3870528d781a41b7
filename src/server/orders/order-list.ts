import { sql } from 'kysely';
import type { OrderListResponse } from '../../shared/checkout/api.js';
import type { Db } from '../db/database.js';
import { loadParts, orderJson } from './order-json.js';
import { csvCell } from '../platform/csv.js';

export interface OrderListQuery {
  /** Any of the three statuses: open, cancelled, completed, pending, paid, refunded…, unfulfilled. */
  status?: string | undefined;
  /** An order number ('1042', '#1042') or part of an email address. */
  q?: string | undefined;
  /** From the previous page's nextCursor: the last order number shown. */
  cursor?: string | undefined;
  limit?: number | undefined;
}

export const ORDER_PAGE_SIZE = 25;

function filtered(db: Db, siteId: string, query: OrderListQuery) {
  let q = db.selectFrom('orders').where('site_id', '=', siteId);
  if (query.status) {
    const s = query.status;
    q = q.where((eb) =>
      eb.or([
        eb('status', '=', s as never),
        eb('payment_status', '=', s as never),
        eb('fulfillment_status', '=', s as never),
      ]),
    );
  }
  const text = (query.q ?? '').trim();
  if (text) {
    const number = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : undefined;
    const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      number !== undefined
        ? eb.or([eb('order_number', '=', number), eb(sql`lower(email)`, 'like', like)])
        : eb(sql`lower(email)`, 'like', like),
    );
  }
  return q;
}

/** The owner's list, newest first, paged by order number. */
/** The largest order number an `integer` column holds. */
const MAX_ORDER_NUMBER = 2_147_483_647;

export async function listOrders(
  db: Db,
  secret: string,
  siteId: string,
  query: OrderListQuery,
): Promise<OrderListResponse> {
  const limit = Math.min(Math.max(query.limit ?? ORDER_PAGE_SIZE, 1), 100);
  const base = filtered(db, siteId, query);
  // Order numbers are PostgreSQL integers: a larger cursor means "from the start", not an
  // out-of-range comparison the database refuses.
  const after =
    query.cursor && /^\d+$/.test(query.cursor)
      ? Math.min(Number(query.cursor), MAX_ORDER_NUMBER)
      : undefined;
  const [rows, count] = await Promise.all([
    (after !== undefined ? base.where('order_number', '<', after) : base)
      .selectAll()
      .orderBy('order_number', 'desc')
      .limit(limit + 1)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const page = rows.slice(0, limit);
  const parts = await loadParts(
    db,
    page.map((r) => r.id),
  );
  return {
    orders: page.map((r) => orderJson(secret, r, parts.get(r.id)!)),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.order_number) : null,
    total: Number(count.n),
  };
}

export const CSV_COLUMNS = [
  'orderNumber',
  'createdOn',
  'email',
  'status',
  'paymentStatus',
  'fulfillmentStatus',
  'paymentProvider',
  'currency',
  'subtotal',
  'shippingTotal',
  'taxTotal',
  'discountTotal',
  'grandTotal',
  'refundedTotal',
  'items',
  'shipToName',
  'shipToCountry',
  'testMode',
] as const;

/** Every order matching the filter as CSV (amounts in minor units), newest first. */
export async function ordersCsv(
  db: Db,
  secret: string,
  siteId: string,
  query: OrderListQuery,
): Promise<string> {
  const out: string[] = [CSV_COLUMNS.join(',')];
  let cursor: string | undefined;
  for (;;) {
    const page = await listOrders(db, secret, siteId, { ...query, cursor, limit: 100 });
    for (const o of page.orders) {
      const a = o.shippingAddress;
      out.push(
        [
          o.orderNumber,
          new Date(o.createdOn).toISOString(),
          o.email,
          o.status,
          o.paymentStatus,
          o.fulfillmentStatus,
          o.paymentProvider,
          o.currency,
          o.subtotal,
          o.shippingTotal,
          o.taxTotal,
          o.discountTotal,
          o.grandTotal,
          o.refundedTotal,
          o.lines.map((l) => `${l.quantity} x ${l.sku || l.title}`).join('; '),
          a ? `${a.firstName} ${a.lastName}` : '',
          a?.country ?? '',
          o.testMode,
        ]
          .map(csvCell)
          .join(','),
      );
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return out.join('\r\n') + '\r\n';
}
