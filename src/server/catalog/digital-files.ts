import type { Db } from '../db/database.js';

/**
 * The file each digital product delivers (`products.digital_asset_id`, a media asset id), for
 * the order pages and mail. Products of other websites, gone, or without a file are left out.
 */
export async function digitalFileIds(
  db: Db,
  siteId: string,
  itemIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['item_id', 'digital_asset_id'])
    .where('site_id', '=', siteId)
    .where('item_id', 'in', ids)
    .where('digital_asset_id', 'is not', null)
    .execute();
  return new Map(
    rows.flatMap((r) => (r.digital_asset_id ? [[r.item_id, r.digital_asset_id]] : [])),
  );
}
