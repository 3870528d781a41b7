import { sql } from 'kysely';
import type { MediaUsage } from '../../shared/media/api.js';
import type { Db } from '../db/database.js';

/**
 * Where an asset is used on its website: an item's main image or gallery, a variant's image, a
 * digital product's file, a page's image or gallery block. Reads the catalog's tables directly — the one read of them outside the
 * catalog — because the catalog has no export for it yet (a join is one query; see docs/media.md).
 */
export async function usesOf(db: Db, siteId: string, assetId: string): Promise<MediaUsage[]> {
  const items = await db
    .selectFrom('items')
    .select(['id', 'title', 'main_image_id'])
    .where('site_id', '=', siteId)
    .where((eb) =>
      eb.or([
        eb('main_image_id', '=', assetId),
        sql<boolean>`asset_ids @> ${JSON.stringify([assetId])}::jsonb`,
      ]),
    )
    .execute();
  const variants = await db
    .selectFrom('variants')
    .innerJoin('items', 'items.id', 'variants.item_id')
    .select(['items.id', 'items.title'])
    .where('variants.site_id', '=', siteId)
    .where('variants.image_asset_id', '=', assetId)
    .execute();
  const products = await db
    .selectFrom('products')
    .innerJoin('items', 'items.id', 'products.item_id')
    .select(['items.id', 'items.title'])
    .where('products.site_id', '=', siteId)
    .where('products.digital_asset_id', '=', assetId)
    .execute();
  // Pages' image and gallery blocks (render/context/page-context.ts reads the same fields).
  const pages = await db
    .selectFrom('collections')
    .select(['id', 'title'])
    .select(
      sql<boolean>`blocks @> ${JSON.stringify([{ type: 'image', data: { assetId } }])}::jsonb`.as(
        'as_image',
      ),
    )
    .where('site_id', '=', siteId)
    .where((eb) =>
      eb.or([
        sql<boolean>`blocks @> ${JSON.stringify([{ type: 'image', data: { assetId } }])}::jsonb`,
        sql<boolean>`blocks @> ${JSON.stringify([{ type: 'gallery', data: { assetIds: [assetId] } }])}::jsonb`,
      ]),
    )
    .execute();
  const uses: MediaUsage[] = [
    ...items.map((i) => ({
      itemId: i.id,
      title: i.title,
      role: i.main_image_id === assetId ? 'main image' : 'gallery',
    })),
    ...variants.map((v) => ({ itemId: v.id, title: v.title, role: 'variant image' })),
    ...products.map((p) => ({ itemId: p.id, title: p.title, role: 'digital file' })),
    ...pages.map((c) => ({
      itemId: c.id,
      title: c.title,
      role: c.as_image ? 'page image block' : 'page gallery block',
    })),
  ];
  const seen = new Set<string>();
  return uses.filter((u) => {
    const k = `${u.itemId}\n${u.role}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
