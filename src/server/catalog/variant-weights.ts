import type { Db } from '../db/database.js';

/**
 * Shipping weight in grams per unit of each variant (`variants.weight_grams`, set in the product
 * editor), for weight-based shipping tiers. Variants of other websites, or gone, are left out.
 */
export async function variantWeights(
  db: Db,
  siteId: string,
  variantIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'weight_grams'])
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.weight_grams]));
}
