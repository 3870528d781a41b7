import { sql } from 'kysely';
import { ProductType } from '../../shared/enums.js';
import type { Db } from '../db/database.js';

export interface SalesDay {
  /** YYYY-MM-DD in the website's time zone. */
  day: string;
  revenue: number;
  orders: number;
}

export interface SalesSummary {
  currency: string;
  /** Placed orders not cancelled, voided or failed; refunds are taken off revenue. */
  orders: number;
  revenue: number;
  /** revenue / orders, rounded to the minor unit; 0 without orders. */
  averageOrderValue: number;
  /** Of `orders`, how many were placed in test mode (SPEC 3.9 testMode). */
  testOrders: number;
  /** Money discounts took off these orders (issue 15); `revenue` is already net of it. */
  discounts: number;
  /** Of `revenue`, what subscription orders brought (first charges and renewals). */
  recurringRevenue: number;
  /** Days with orders only, oldest first. */
  days: SalesDay[];
}

/**
 * Orders and revenue of a website in [from, to) (epoch ms), per day in `timeZone`. Amounts in
 * minor units of the website's currency. For the owner's overview (analytics/summary.ts).
 */
export async function salesSummary(
  db: Db,
  siteId: string,
  currency: string,
  from: number,
  to: number,
  timeZone = 'UTC',
): Promise<SalesSummary> {
  // Revenue is what the goods sold came to after discounts: what the payment method was charged
  // plus what gift cards paid (grand_total is the part left for the payment method), less the
  // gift cards sold — a card is money held for the shopper, counted once, when it is spent.
  const net = sql`grand_total + gift_card_total - refunded_total - coalesce((
      select sum(l.line_total) from order_lines l
       where l.order_id = orders.id and l.product_type = ${ProductType.GIFT_CARD}), 0)`;
  const rows = await sql<{
    day: string;
    revenue: number;
    orders: number;
    test_orders: number;
    discounts: number;
    recurring: number;
  }>`
    select to_char(created at time zone ${timeZone}, 'YYYY-MM-DD') as day,
           coalesce(sum(${net}), 0)::int as revenue,
           count(*)::int as orders,
           (count(*) filter (where test_mode))::int as test_orders,
           coalesce(sum(discount_total), 0)::int as discounts,
           coalesce(sum(${net}) filter (where subscription_id is not null), 0)::int as recurring
      from orders
     where site_id = ${siteId}
       and created >= ${new Date(from)} and created < ${new Date(to)}
       and status <> 'cancelled' and payment_status not in ('voided', 'failed')
     group by 1 order by 1`.execute(db);
  const days = rows.rows.map((r) => ({
    day: r.day,
    revenue: Number(r.revenue),
    orders: Number(r.orders),
  }));
  const orders = days.reduce((n, d) => n + d.orders, 0);
  const revenue = days.reduce((n, d) => n + d.revenue, 0);
  return {
    currency,
    orders,
    revenue,
    averageOrderValue: orders ? Math.round(revenue / orders) : 0,
    testOrders: rows.rows.reduce((n, r) => n + Number(r.test_orders), 0),
    discounts: rows.rows.reduce((n, r) => n + Number(r.discounts), 0),
    recurringRevenue: rows.rows.reduce((n, r) => n + Number(r.recurring), 0),
    days,
  };
}
