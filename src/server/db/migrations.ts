import type { Migration } from 'kysely';
import { migrations as sites } from '../sites/migrations.js';
import { migrations as owners } from '../owners/migrations.js';
import { migrations as content } from '../content/migrations.js';
import { migrations as catalog } from '../catalog/migrations.js';
import { migrations as cart } from '../cart/migrations.js';
import { migrations as forms } from '../forms/migrations.js';
import { migrations as restock } from '../restock/migrations.js';
import { migrations as mail } from '../mail/migrations.js';
import { migrations as analytics } from '../analytics/migrations.js';
import { migrations as performance } from '../performance/migrations.js';
import { migrations as orders } from '../orders/migrations.js';
import { migrations as payments } from '../payments/migrations.js';
import { migrations as platform } from '../platform/migrations.js';
import { migrations as discounts } from '../discounts/migrations.js';
import { migrations as giftCards } from '../gift-cards/migrations.js';
import { migrations as subscriptions } from '../subscriptions/migrations.js';
import { migrations as comments } from '../comments/migrations.js';
import { migrations as reviews } from '../reviews/migrations.js';
import { migrations as audit } from '../audit/migrations.js';
import { migrations as websites } from '../websites/migrations.js';
import { migrations as developer } from '../developer/migrations.js';
import { migrations as team } from '../team/migrations.js';
import { migrations as customers } from '../customers/migrations.js';

/**
 * Each domain owns its migrations; names start with a date and a per-domain number so they sort
 * into a stable order (sites before owners before content…). Never rename a published migration.
 */
export const allMigrations: Record<string, Migration> = {
  ...sites,
  ...owners,
  ...content,
  ...catalog,
  ...cart,
  ...forms,
  ...restock,
  ...mail,
  ...analytics,
  ...performance,
  ...orders,
  ...payments,
  ...platform,
  ...discounts,
  ...giftCards,
  ...subscriptions,
  ...comments,
  ...reviews,
  ...audit,
  ...websites,
  ...developer,
  ...team,
  ...customers,
};
