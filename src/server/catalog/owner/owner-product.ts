import type {
  OwnerImageRef,
  OwnerProduct,
  OwnerVariantJson,
} from '../../../shared/product/owner-api.js';
import { findAssets, listCollections } from '../../content/content-queries.js';
import { findProductItems, productImageIds } from '../../content/product-items.js';
import type { Db } from '../../db/database.js';
import { productJson } from '../product-json.js';
import { localizeMerchandisingTexts } from '../../../shared/product/merchandising-texts.js';

/** `/{collection}/p/{slug}` (DESIGN 8), as the storefront links products. */
export function productUrl(collectionUrlId: string, urlId: string): string {
  return `${collectionUrlId ? `/${collectionUrlId}` : ''}/p/${urlId}`;
}

/**
 * The owner's view of products (GET /api/commerce/products/:id and the answer to saves): the
 * storefront's Squarespace JSON plus what only the editor needs. A handful of queries for any
 * number of ids; ids that are not products of the site are absent.
 */
export async function loadOwnerProducts(
  db: Db,
  site: { id: string; currency: string; language: string },
  ids: string[],
): Promise<Map<string, OwnerProduct>> {
  const out = new Map<string, OwnerProduct>();
  if (ids.length === 0) return out;
  const [items, products, variants, collections] = await Promise.all([
    findProductItems(db, site.id, ids),
    db
      .selectFrom('products')
      .selectAll()
      .where('site_id', '=', site.id)
      .where('item_id', 'in', ids)
      .execute(),
    db
      .selectFrom('variants')
      .selectAll()
      .where('site_id', '=', site.id)
      .where('item_id', 'in', ids)
      .orderBy('position')
      .execute(),
    listCollections(db, site.id),
  ]);
  const productById = new Map(products.map((p) => [p.item_id, p]));
  const assetIds = [
    ...items.flatMap(productImageIds),
    ...products.flatMap((p) => (p.digital_asset_id ? [p.digital_asset_id] : [])),
  ];
  const assets = await findAssets(db, site.id, assetIds);
  for (const item of items) {
    const row = productById.get(item.id);
    if (!row) continue;
    const own = variants.filter((v) => v.item_id === item.id);
    const json = productJson(row, own, site.currency);
    const extra = new Map(own.map((v) => [v.id, v]));
    const ownerVariants: OwnerVariantJson[] = json.variants.map((v) => ({
      ...v,
      weightGrams: extra.get(v.id)?.weight_grams ?? 0,
      imageAssetId: extra.get(v.id)?.image_asset_id ?? null,
    }));
    const images: OwnerImageRef[] = productImageIds(item).flatMap((id) => {
      const a = assets.get(id);
      return a
        ? [
            {
              assetId: a.id,
              assetUrl: `/static/images/${a.id}`,
              altText: a.alt_text,
              originalSize: `${a.width}x${a.height}`,
            },
          ]
        : [];
    });
    const file = row.digital_asset_id ? assets.get(row.digital_asset_id) : undefined;
    const collection = collections.find((c) => c.id === item.collection_id);
    out.set(item.id, {
      id: item.id,
      collectionId: item.collection_id,
      version: row.version,
      updatedOn: new Date(row.updated_at).getTime(),
      title: item.title,
      urlId: item.url_id,
      fullUrl: productUrl(collection?.url_id ?? 'shop', item.url_id),
      body: item.body,
      tags: item.tags,
      categories: item.categories,
      visibility: row.visibility,
      images,
      structuredContent: { ...json, variants: ownerVariants },
      // What the storefront shows (merchandising-texts.ts), so the editor opens with those words.
      merchandising: localizeMerchandisingTexts(row.merchandising, site.language),
      relatedItemIds: row.related_item_ids,
      addOnItemIds: row.add_on_item_ids,
      digitalFile: file
        ? {
            assetId: file.id,
            filename: file.filename,
            // The media library records the size of uploads (media helper's column).
            size: Number((file as { size?: unknown }).size ?? 0) || 0,
          }
        : null,
    });
  }
  return out;
}
