import { sql } from 'kysely';
import type { MediaUsage } from '../../shared/media/api.js';
import type { Db } from '../db/database.js';
import { productUsesOfAsset } from '../catalog/catalog-queries.js';

/**
 * Where an asset is used on its website: an item's main image or gallery, a variant's image, a
 * digital product's file, a page's image or gallery block. Items, pages and assets are the
 * content domain's tables (the media library's own); products come from the catalog's export.
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
  const products = await productUsesOfAsset(db, siteId, assetId);
  const titles = await itemTitles(
    db,
    siteId,
    products.map((p) => p.itemId),
  );
  // Pages' image and gallery blocks and section backgrounds (issue 13 sections; render/context/
  // sections-json.ts reads the same fields).
  const asImage = JSON.stringify([{ blocks: [{ type: 5, assetId }] }]);
  const asBackground = JSON.stringify([{ backgroundImageId: assetId }]);
  const asGallery = JSON.stringify([{ blocks: [{ type: 8, assetIds: [assetId] }] }]);
  const pages = await db
    .selectFrom('collections')
    .select(['id', 'title'])
    .select(
      sql<boolean>`sections @> ${asImage}::jsonb or sections @> ${asBackground}::jsonb`.as(
        'as_image',
      ),
    )
    .where('site_id', '=', siteId)
    .where((eb) =>
      eb.or([
        sql<boolean>`sections @> ${asImage}::jsonb`,
        sql<boolean>`sections @> ${asBackground}::jsonb`,
        sql<boolean>`sections @> ${asGallery}::jsonb`,
      ]),
    )
    .execute();
  const uses: MediaUsage[] = [
    ...items.map((i) => ({
      itemId: i.id,
      title: i.title,
      role: i.main_image_id === assetId ? 'main image' : 'gallery',
    })),
    ...products.map((p) => ({ itemId: p.itemId, title: titles.get(p.itemId) ?? '', role: p.role })),
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

async function itemTitles(db: Db, siteId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .select(['id', 'title'])
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}
