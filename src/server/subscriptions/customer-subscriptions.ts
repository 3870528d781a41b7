import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { managePath } from './manage-token.js';

/** A subscription on the customer's account page (issue 14): its manage page does the rest. */
export interface CustomerSubscriptionRow {
  id: string;
  title: string;
  status: string;
  nextChargeOn: string | null;
  managePath: string;
}

export async function subscriptionsOf(
  db: Db,
  secret: string,
  siteId: string,
  email: string,
): Promise<CustomerSubscriptionRow[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select(['id', 'title', 'status', 'next_charge_on'])
    .where('site_id', '=', siteId)
    .where(sql<string>`lower(email)`, '=', email)
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    nextChargeOn: r.next_charge_on,
    managePath: managePath(secret, siteId, r.id),
  }));
}
