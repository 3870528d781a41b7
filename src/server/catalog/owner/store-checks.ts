import {
  ProductFieldTexts,
  slugify,
  type FieldErrors,
} from '../../../shared/product/validate-product.js';
import { findAssets } from '../../content/content-queries.js';
import { findProductItems, urlIdsOf } from '../../content/product-items.js';
import type { Db } from '../../db/database.js';
import { newSku, type PreparedProduct } from './prepare-product.js';

/** One product of a save or an import batch, with the item it replaces (none: a new one). */
export interface CheckEntry {
  itemId: string | undefined;
  prepared: PreparedProduct;
}

/** Rows per `IN (…)` list: far below PostgreSQL's 65,535 parameters. */
const CHUNK = 2000;

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** SKU → the product item holding it, for the SKUs asked. */
export async function skuOwners(
  db: Db,
  siteId: string,
  skus: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks([...new Set(skus)])) {
    if (part.length === 0) continue;
    const rows = await db
      .selectFrom('variants')
      .select(['sku', 'item_id'])
      .where('site_id', '=', siteId)
      .where('sku', 'in', part)
      .execute();
    for (const r of rows) out.set(r.sku, r.item_id);
  }
  return out;
}

/**
 * The checks that need the store's data, for one product or a whole import batch at once (a
 * handful of queries whatever the count). Fills in what the owner left blank — URL slugs made
 * from titles and deduplicated with -2, -3…, SKUs — and returns the field errors per entry:
 * a slug or SKU another product holds (or another entry of the batch), images, files and linked
 * products that are not the site's.
 */
export async function checkAgainstStore(
  db: Db,
  siteId: string,
  collectionId: string,
  entries: CheckEntry[],
): Promise<FieldErrors[]> {
  const errors: FieldErrors[] = entries.map(() => ({}));
  const set = (i: number, path: string, message: string) => {
    errors[i]![path] ??= message;
  };

  // URL slugs: the owner's own must be free; made ones take the next free -N.
  const slugs = await urlIdsOf(db, collectionId);
  const mine = new Set(entries.flatMap((e) => (e.itemId ? [e.itemId] : [])));
  const taken = new Set([...slugs].filter(([, id]) => !mine.has(id)).map(([slug]) => slug));
  entries.forEach((e, i) => {
    const item = e.prepared.item;
    if (item.urlId) {
      if (taken.has(item.urlId)) set(i, 'urlId', ProductFieldTexts.SLUG_TAKEN);
      taken.add(item.urlId);
      return;
    }
    const base = slugify(item.title) || 'product';
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, 90)}-${n}`;
    item.urlId = slug;
    taken.add(slug);
  });

  // SKUs: unique per site. Blank ones get a fresh one no one holds.
  const wanted = entries.flatMap((e) => e.prepared.variants.map((v) => v.sku).filter(Boolean));
  const owners = await skuOwners(db, siteId, wanted);
  const seen = new Map<string, number>();
  entries.forEach((e, i) => {
    e.prepared.variants.forEach((v, j) => {
      if (!v.sku) {
        do v.sku = newSku();
        while (owners.has(v.sku) || seen.has(v.sku));
      }
      const owner = owners.get(v.sku);
      const other = seen.get(v.sku);
      if ((owner !== undefined && owner !== e.itemId) || (other !== undefined && other !== i)) {
        set(i, `variants.${j}.sku`, ProductFieldTexts.SKU_TAKEN);
      }
      seen.set(v.sku, i);
    });
  });

  // Media: images and the digital file must be assets of this site.
  const assetIds = entries.flatMap((e) => [
    ...e.prepared.item.imageIds,
    ...e.prepared.variants.flatMap((v) => (v.imageAssetId ? [v.imageAssetId] : [])),
    ...(e.prepared.product.digitalAssetId ? [e.prepared.product.digitalAssetId] : []),
  ]);
  const assets = new Set<string>();
  for (const part of chunks([...new Set(assetIds)])) {
    for (const id of (await findAssets(db, siteId, part)).keys()) assets.add(id);
  }
  entries.forEach((e, i) => {
    const p = e.prepared;
    if (p.item.imageIds.some((id) => !assets.has(id)))
      set(i, 'imageIds', ProductFieldTexts.IMAGE_MISSING);
    p.variants.forEach((v, j) => {
      if (v.imageAssetId && !assets.has(v.imageAssetId)) {
        set(i, `variants.${j}.imageAssetId`, ProductFieldTexts.IMAGE_MISSING);
      } else if (v.imageAssetId && !p.item.imageIds.includes(v.imageAssetId)) {
        // A variant's image is one of the product's: the gallery switches to it.
        p.item.imageIds.push(v.imageAssetId);
      }
    });
    const file = p.product.digitalAssetId;
    if (file && !assets.has(file)) set(i, 'digitalAssetId', ProductFieldTexts.DIGITAL_FILE_MISSING);
  });

  // Related products and add-ons: other products of this site.
  const linkIds = entries.flatMap((e) => [
    ...e.prepared.product.relatedItemIds,
    ...e.prepared.product.addOnItemIds,
  ]);
  const products = new Set<string>();
  for (const part of chunks([...new Set(linkIds)])) {
    for (const r of await findProductItems(db, siteId, part)) products.add(r.id);
  }
  entries.forEach((e, i) => {
    for (const field of ['relatedItemIds', 'addOnItemIds'] as const) {
      const ids = e.prepared.product[field];
      if (e.itemId && ids.includes(e.itemId)) set(i, field, ProductFieldTexts.LINK_SELF);
      else if (ids.some((id) => !products.has(id))) set(i, field, ProductFieldTexts.LINK_MISSING);
    }
  });
  return errors;
}
