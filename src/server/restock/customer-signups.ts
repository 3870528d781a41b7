import type { Db } from '../db/database.js';

/** A restock sign-up on the customer's account page (issue 14). */
export interface CustomerRestockRow {
  id: string;
  itemId: string;
  title: string;
  attributes: Record<string, string>;
  created: Date;
}

/** The sign-ups of an address still waiting for their notice. */
export async function restockSignupsOf(
  db: Db,
  siteId: string,
  email: string,
): Promise<CustomerRestockRow[]> {
  const rows = await db
    .selectFrom('restock_signups as r')
    .leftJoin('items as i', (j) => j.onRef('i.id', '=', 'r.item_id').on('i.site_id', '=', siteId))
    .leftJoin('variants as v', 'v.id', 'r.variant_id')
    .select(['r.id', 'r.item_id', 'r.created', 'i.title', 'v.attributes'])
    .where('r.site_id', '=', siteId)
    .where('r.email', '=', email)
    .where('r.notified_at', 'is', null)
    .orderBy('r.created', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    itemId: r.item_id,
    title: r.title ?? '',
    attributes: (r.attributes as Record<string, string> | null) ?? {},
    created: new Date(r.created),
  }));
}

/** Removes one of the address's sign-ups; false when it is not theirs. */
export async function removeRestockSignup(
  db: Db,
  siteId: string,
  email: string,
  id: string,
): Promise<boolean> {
  const r = await db
    .deleteFrom('restock_signups')
    .where('site_id', '=', siteId)
    .where('email', '=', email)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
