import type { Selectable } from 'kysely';
import type { OrderJson } from '../../shared/checkout/api.js';
import type { Db } from '../db/database.js';
import { orderConfirmedPath, orderStatusPath } from './order-token.js';
import type {
  OrderEventsTable,
  OrderFulfillmentsTable,
  OrderLinesTable,
  OrdersTable,
} from './tables.js';

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;

export interface OrderParts {
  lines: OrderLineRow[];
  events: Selectable<OrderEventsTable>[];
  fulfillments: Selectable<OrderFulfillmentsTable>[];
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export function orderJson(secret: string, o: OrderRow, parts: OrderParts): OrderJson {
  return {
    id: o.id,
    orderNumber: o.order_number,
    email: o.email,
    currency: o.currency,
    lines: parts.lines.map((l) => ({
      id: l.id,
      itemId: l.item_id,
      variantId: l.variant_id,
      sku: l.sku,
      title: l.title,
      attributes: parse(l.attributes),
      productType: l.product_type,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      lineTotal: l.line_total,
      additionalFieldAnswers: parse(l.additional_field_answers),
    })),
    subtotal: o.subtotal,
    shippingTotal: o.shipping_total,
    taxTotal: o.tax_total,
    discountTotal: o.discount_total,
    giftCardTotal: o.gift_card_total,
    grandTotal: o.grand_total,
    refundedTotal: o.refunded_total,
    taxLines: parse(o.tax_lines),
    discountLines: parse(o.discount_lines),
    giftCardLines: parse(o.gift_card_lines),
    subscriptionId: o.subscription_id,
    shippingAddress: parse(o.shipping_address),
    billingAddress: parse(o.billing_address),
    shippingOption: parse(o.shipping_option),
    status: o.status,
    paymentStatus: o.payment_status,
    fulfillmentStatus: o.fulfillment_status,
    paymentProvider: o.payment_provider,
    paymentInstructions: o.payment_instructions,
    testMode: o.test_mode,
    statusUrl: orderStatusPath(secret, o.site_id, o.id),
    confirmationUrl: orderConfirmedPath(secret, o.site_id, o.id),
    createdOn: new Date(o.created).getTime(),
    fulfillments: parts.fulfillments.map((f) => ({
      carrier: f.carrier,
      trackingNumber: f.tracking_number,
      at: new Date(f.created).getTime(),
    })),
    events: parts.events.map((e) => ({
      at: new Date(e.at).getTime(),
      kind: e.kind,
      message: e.message,
    })),
  };
}

/** Lines, events and shipments of several orders, three queries in all. */
export async function loadParts(db: Db, orderIds: string[]): Promise<Map<string, OrderParts>> {
  const out = new Map<string, OrderParts>(
    orderIds.map((id) => [id, { lines: [], events: [], fulfillments: [] }]),
  );
  if (!orderIds.length) return out;
  const [lines, events, fulfillments] = await Promise.all([
    db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('seq')
      .execute(),
    db
      .selectFrom('order_fulfillments')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('created')
      .execute(),
  ]);
  for (const l of lines) out.get(l.order_id)!.lines.push(l);
  for (const e of events) out.get(e.order_id)!.events.push(e);
  for (const f of fulfillments) out.get(f.order_id)!.fulfillments.push(f);
  return out;
}

export async function findOrderRow(
  db: Db,
  siteId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** One order as JSON, or undefined when the website has no such order. */
export async function loadOrderJson(
  db: Db,
  secret: string,
  siteId: string,
  orderId: string,
): Promise<OrderJson | undefined> {
  const row = await findOrderRow(db, siteId, orderId);
  if (!row) return undefined;
  const parts = await loadParts(db, [row.id]);
  return orderJson(secret, row, parts.get(row.id)!);
}

/** Appends to an order's timeline. */
export async function addOrderEvent(
  db: Db,
  orderId: string,
  at: Date,
  kind: string,
  message: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({ order_id: orderId, at, kind, message, data: JSON.stringify(data) })
    .execute();
}

/**
 * An open order is completed once it is paid and nothing is left to ship (shipped, or nothing
 * to ship: digital goods and gift cards).
 */
export function paidStatus(
  row: Pick<OrderRow, 'status' | 'fulfillment_status'>,
): OrderRow['status'] {
  return row.status === 'open' && row.fulfillment_status !== 'unfulfilled'
    ? 'completed'
    : row.status;
}
