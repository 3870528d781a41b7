import type { Config } from '../config.js';
import type { Db } from '../db/database.js';

export interface DemoSeedContext {
  db: Db;
  config: Config;
  say: (m: string) => void;
}

/** A domain's demo rows (forms, restock sign-ups…), run after the demo websites exist. */
export type DemoSeeder = (ctx: DemoSeedContext) => Promise<void>;

/** Each domain appends its seeder here (see docs/contracts.md). */
export const demoSeeders: DemoSeeder[] = [];

// Forms: contact, newsletter and product custom forms (src/server/forms/demo-forms.ts).
import { seedDemoForms } from '../forms/demo-forms.js';
demoSeeders.push(seedDemoForms);

// Restock: a few sign-ups on the sold-out demo product (src/server/restock/demo-restock.ts).
import { seedDemoRestock } from '../restock/demo-restock.js';
demoSeeders.push(seedDemoRestock);

// Orders: checkout settings (shipping, tax, test and manual payments) of both demo websites.
import { seedDemoCheckout } from '../orders/demo-checkout.js';
demoSeeders.push(seedDemoCheckout);

// Comments: real comments behind the demo blog's counts, one waiting in the queue (src/server/comments).
import { seedDemoComments } from '../comments/demo-comments.js';
demoSeeders.push(seedDemoComments);
// Reviews: a few published reviews on demo products, one waiting for approval (src/server/reviews).
import { seedDemoReviews } from '../reviews/demo-reviews.js';
demoSeeders.push(seedDemoReviews);
// Discounts: the WELCOME10 sample code on the main demo (src/server/discounts/demo-discounts.ts).
import { seedDemoDiscounts } from '../discounts/demo-discounts.js';
demoSeeders.push(seedDemoDiscounts);
