import { sql } from 'kysely';
import type {
  SubscriptionListResponse,
  SubscriptionStatus,
} from '../../shared/checkout/subscriptions.js';
import type { Db } from '../db/database.js';
import { subscriptionJson } from './subscription-json.js';

/**
 * The owner's list (newest first, at most 500; filter by status) and the revenue of the
 * website's subscription orders per calendar month (UTC), net of refunds, oldest first.
 */
export async function listSubscriptions(
  db: Db,
  secret: string,
  siteId: string,
  status?: SubscriptionStatus,
): Promise<SubscriptionListResponse> {
  let q = db.selectFrom('subscriptions').selectAll().where('site_id', '=', siteId);
  if (status) q = q.where('status', '=', status);
  const [rows, revenue] = await Promise.all([
    q.orderBy('created', 'desc').limit(500).execute(),
    sql<{ month: string; amount: string | number }>`
      SELECT to_char(created AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
             sum(paid_total - refunded_total) AS amount
      FROM orders
      WHERE site_id = ${siteId} AND subscription_id IS NOT NULL
      GROUP BY 1 ORDER BY 1`.execute(db),
  ]);
  return {
    subscriptions: rows.map((r) => subscriptionJson(secret, r)),
    revenueByMonth: revenue.rows.map((r) => ({ month: r.month, amount: Number(r.amount) })),
  };
}

/** A subscription's orders, newest first (the manage page and the owner's detail). */
export async function subscriptionOrders(db: Db, siteId: string, subscriptionId: string) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'created',
      'grand_total',
      'currency',
      'status',
      'payment_status',
    ])
    .where('site_id', '=', siteId)
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created', 'desc')
    .limit(100)
    .execute();
}
