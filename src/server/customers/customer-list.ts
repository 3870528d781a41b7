import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Site } from '../sites/site-queries.js';
import { orderStatsByCustomer } from '../orders/customer-orders.js';
import { CustomerLimits, type CustomerListResponse } from '../../shared/customers/api.js';

/** /config Customers: newest first, searched by email or name (case-insensitive, literal). */
export async function listCustomers(
  db: Db,
  site: Pick<Site, 'id' | 'currency' | 'settings'>,
  opts: { q: string; page: number },
): Promise<CustomerListResponse> {
  const pageSize = CustomerLimits.pageSize;
  const q = opts.q.trim().toLowerCase();
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let base = db.selectFrom('customers').where('site_id', '=', site.id);
  if (q)
    base = base.where((eb) =>
      eb.or([eb('email', 'like', like), eb(sql<string>`lower(name)`, 'like', like)]),
    );
  const [{ n }] = [
    await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ];
  const rows = await base
    .select(['id', 'email', 'name', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((opts.page - 1) * pageSize)
    .execute();
  const stats = await orderStatsByCustomer(db, site.id, rows);
  const currency = site.settings.websiteSettings.storeSettings.currencyCode || site.currency;
  return {
    customers: rows.map((r) => {
      const s = stats.get(r.id);
      return {
        id: r.id,
        email: r.email,
        name: r.name,
        ordersCount: s?.count ?? 0,
        totalSpent: s?.total ?? 0,
        currency: s?.currency || currency,
        lastOrderAt: s?.last ? s.last.toISOString() : null,
        createdAt: new Date(r.created_at).toISOString(),
      };
    }),
    total: Number(n),
    page: opts.page,
    pageSize,
  };
}
