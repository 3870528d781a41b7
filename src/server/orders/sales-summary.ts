import { sql } from 'kysely';
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
  const rows = await sql<{ day: string; revenue: number; orders: number; test_orders: number }>`
    select to_char(created at time zone ${timeZone}, 'YYYY-MM-DD') as day,
           coalesce(sum(grand_total - refunded_total), 0)::int as revenue,
           count(*)::int as orders,
           (count(*) filter (where test_mode))::int as test_orders
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
    days,
  };
}
