import type { OrderJson } from '../../shared/checkout/api.js';
import { COMMERCE_EVENTS } from '../../shared/telemetry/commerce-events.js';
import { parseVisitorCookie, sessionIdOf } from '../../shared/telemetry/visitor-cookies.js';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import { eventSchemas } from './event-schemas.js';
import type { AnalyticsEventsTable } from './tables.js';

/**
 * Commerce events the server records itself (issue 10): checkout started and purchase. They are
 * stored like the storefront's events (source 'clanker', so the funnel counts them with the
 * others) with environment 'server', which browsers cannot send: the funnel's checkout and
 * purchase steps read only these, so a forged browser event never counts as a sale.
 */
export const SERVER_ENVIRONMENT = 'server';

/** The visitor's session id from the census cookie (`ss_cvr`), as the tracker computes it. */
export function sessionIdFromCookie(visitorCookie: string | undefined): string | null {
  const state = parseVisitorCookie(visitorCookie);
  return state ? sessionIdOf(state) : null;
}

/** A server event's row, its content checked against its schema (content as a value). */
function eventRow(
  siteId: string,
  name: string,
  content: Record<string, unknown>,
  sessionId: string | null,
  at: number,
): Insertable<AnalyticsEventsTable> & { content: Record<string, unknown> } {
  const check = eventSchemas().check(name, content);
  if (!check.ok) throw new Error(`${name} content does not match its schema`);
  return {
    site_id: siteId,
    source: 'clanker',
    name,
    environment: SERVER_ENVIRONMENT,
    session_id: sessionId,
    content,
    occurred_at: at,
  };
}

async function insertEvent(
  db: Db,
  siteId: string,
  name: string,
  content: Record<string, unknown>,
  sessionId: string | null,
  at: number,
): Promise<void> {
  const row = eventRow(siteId, name, content, sessionId, at);
  await db
    .insertInto('analytics_events')
    .values({ ...row, content: JSON.stringify(row.content) } as never)
    .execute();
}

export async function recordCheckoutStarted(
  db: Db,
  opts: {
    siteId: string;
    cartId: string;
    sessionId: string | null;
    loggedIn: boolean;
    itemCount: number;
    subtotal: number;
    currency: string;
    at: number;
  },
): Promise<void> {
  await insertEvent(
    db,
    opts.siteId,
    COMMERCE_EVENTS.checkout_started,
    {
      website_id: opts.siteId,
      page_id: null,
      cart_id: opts.cartId,
      logged_in: opts.loggedIn,
      session_id: opts.sessionId,
      item_count: opts.itemCount,
      subtotal_cents: opts.subtotal,
      currency: opts.currency,
    },
    opts.sessionId,
    opts.at,
  );
}

/** SPEC 3.9 order data: id, grandTotal, shippingTotal, taxTotal, items, purchasedCartId, testMode, websiteId. */
export function purchaseContent(siteId: string, order: OrderJson, cartId: string) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    currency: order.currency,
    grandTotal: order.grandTotal,
    shippingTotal: order.shippingTotal,
    taxTotal: order.taxTotal,
    items: order.lines.map((l) => ({
      sku: l.sku,
      productName: l.title,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    })),
    purchasedCartId: cartId,
    testMode: order.testMode,
    websiteId: siteId,
  };
}

/**
 * The purchase event of an order, as a row: placing an order inserts it in the order's own
 * statement (orders/place-order-function.ts), so the funnel's purchases are exactly the orders.
 */
export function purchaseEventRow(opts: {
  siteId: string;
  order: OrderJson;
  cartId: string;
  sessionId: string | null;
  loggedIn: boolean;
  at: number;
}): Insertable<AnalyticsEventsTable> {
  return eventRow(
    opts.siteId,
    COMMERCE_EVENTS.purchase,
    {
      website_id: opts.siteId,
      page_id: null,
      cart_id: opts.cartId,
      logged_in: opts.loggedIn,
      session_id: opts.sessionId,
      ...purchaseContent(opts.siteId, opts.order, opts.cartId),
    },
    opts.sessionId,
    opts.at,
  );
}
