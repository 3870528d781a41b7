import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import { loadRestockVariant } from './catalog-port.js';

/** The demo's fully sold-out product (demo/demo-store.json) and who waits for it. */
const DEMO = {
  siteId: 'site-demo',
  productId: 'demo-dune-vase',
  variantId: 'v-demo-dune-vase',
  emails: ['ada@example.com', 'grace@example.com', 'linus@example.com'],
};

/** A few restock sign-ups so the owner's restock API has something to show. */
export async function seedDemoRestock(ctx: { db: Db; say: (m: string) => void }): Promise<void> {
  const { db, say } = ctx;
  const variant = await loadRestockVariant(db, DEMO.siteId, DEMO);
  if (!variant) return;
  const t = Date.now();
  await db
    .insertInto('restock_signups')
    .values(
      DEMO.emails.map((email, i) => ({
        id: crypto.randomUUID(),
        site_id: DEMO.siteId,
        item_id: DEMO.productId,
        variant_id: DEMO.variantId,
        email,
        join_mailing_list: i === 0,
        language: 'en-US',
        origin: 'http://localhost',
        created: new Date(t - (DEMO.emails.length - i) * 3_600_000),
        claimed_at: null,
        claimed_by: null,
        notified_at: null,
      })),
    )
    .onConflict((oc) => oc.constraint('restock_signups_site_variant_email').doNothing())
    .execute();
  say(`restock: ${DEMO.emails.length} sign-ups waiting for ${variant.productName}`);
}
