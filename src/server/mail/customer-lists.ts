import type { Db } from '../db/database.js';

/** A mailing list an address is on (the customer's account page, issue 14). */
export interface CustomerListRow {
  listId: string;
  name: string;
}

export async function listsOf(db: Db, siteId: string, email: string): Promise<CustomerListRow[]> {
  const rows = await db
    .selectFrom('mailing_list_members as m')
    .leftJoin('mailing_lists as l', (j) =>
      j.onRef('l.id', '=', 'm.list_id').onRef('l.site_id', '=', 'm.site_id'),
    )
    .select(['m.list_id', 'l.name'])
    .where('m.site_id', '=', siteId)
    .where('m.email', '=', email)
    .where('m.unsubscribed_at', 'is', null)
    .orderBy('m.created_at')
    .execute();
  return rows.map((r) => ({ listId: r.list_id, name: r.name ?? r.list_id }));
}

/** Unsubscribes the address from one list (as its mails' link does); false when not on it. */
export async function leaveList(
  db: Db,
  siteId: string,
  email: string,
  listId: string,
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('mailing_list_members')
    .set({ unsubscribed_at: now })
    .where('site_id', '=', siteId)
    .where('email', '=', email)
    .where('list_id', '=', listId)
    .where('unsubscribed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
