import type { Db } from '../db/database.js';
import { findSiteById } from '../sites/site-queries.js';

/**
 * The main demo's discount codes (issue 15): WELCOME10, 10% off once per email (the sample the
 * issue names), and TAKE5, $5 off orders of $40 or more, 100 uses. No automatic discount: free
 * shipping over $75 is already the standard shipping option's own rule.
 */
export async function seedDemoDiscounts(ctx: { db: Db; say: (m: string) => void }): Promise<void> {
  const siteId = 'site-demo';
  if (!(await findSiteById(ctx.db, siteId))) return;
  const now = new Date();
  const base = {
    site_id: siteId,
    starts_at: null,
    ends_at: null,
    times_used: 0,
    product_ids: JSON.stringify([]),
    enabled: true,
    created: now,
    updated: now,
  };
  await ctx.db
    .insertInto('discounts')
    .values([
      {
        ...base,
        id: 'demo-welcome10',
        code: 'WELCOME10',
        title: 'Welcome offer',
        kind: 'percentage',
        value: 10,
        minimum_subtotal: 0,
        usage_limit: null,
        once_per_email: true,
      },
      {
        ...base,
        id: 'demo-take5',
        code: 'TAKE5',
        title: '$5 off $40',
        kind: 'fixed',
        value: 500,
        minimum_subtotal: 4000,
        usage_limit: 100,
        once_per_email: false,
      },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  ctx.say('discounts: WELCOME10 (10% off, once per email) and TAKE5 on the main demo');
}
