import { sql, type Insertable } from 'kysely';
import { ErrorCode } from '../../../shared/errors.js';
import { variantHasStock } from '../../../shared/product/rules.js';
import {
  insertProductItems,
  updateProductItem,
  type NewProductItem,
} from '../../content/product-items.js';
import type { Db } from '../../db/database.js';
import { appError } from '../../errors/app-error.js';
import { DEFAULT_INSTALLMENT, DEFAULT_MERCHANDISING } from '../insert-product.js';
import type { MerchandisingSettings, VariantsTable } from '../tables.js';
import { newId, type PreparedProduct, type PreparedVariant } from './prepare-product.js';

/** A variant that could not be bought before the save and can now: restock mails go out. */
export interface Restocked {
  itemId: string;
  variantId: string;
  qtyInStock: number;
}

function productColumns(p: PreparedProduct['product'], merchandising: MerchandisingSettings) {
  return {
    product_type: p.productType,
    price_cents: p.priceCents,
    sale_price_cents: p.salePriceCents,
    on_sale: p.onSale,
    is_subscribable: p.isSubscribable,
    subscription_plan: JSON.stringify(p.subscriptionPlan),
    product_subscription_options: JSON.stringify(p.productSubscriptionOptions),
    one_time_purchase_allowed: p.oneTimePurchaseAllowed,
    additional_fields_form_id: p.additionalFieldsFormId,
    use_custom_add_button_text: p.useCustomAddButtonText,
    custom_add_button_text: p.customAddButtonText,
    variant_option_ordering: JSON.stringify(p.variantOptionOrdering),
    merchandising: JSON.stringify(merchandising),
    related_item_ids: JSON.stringify(p.relatedItemIds),
    add_on_item_ids: JSON.stringify(p.addOnItemIds),
  };
}

function variantColumns(v: PreparedVariant, position: number) {
  return {
    sku: v.sku,
    position,
    attributes: JSON.stringify(v.attributes),
    price_cents: v.priceCents,
    sale_price_cents: v.salePriceCents,
    on_sale: v.onSale,
    unlimited: v.unlimited,
    weight_grams: v.weightGrams,
    image_asset_id: v.imageAssetId,
  };
}

/**
 * Inserts new products — items through the content domain, then the product and variant rows —
 * with one multi-row statement per table, whatever the count (the CSV import writes a few
 * hundred per call). Returns the new item ids in order.
 */
export async function insertPreparedProducts(
  db: Db,
  siteId: string,
  collectionId: string,
  products: PreparedProduct[],
  /** The first product's position; the others follow it. */
  startPosition: number,
  now: Date,
): Promise<string[]> {
  if (products.length === 0) return [];
  const ids = products.map(() => newId());
  const items: NewProductItem[] = products.map((p, i) => ({
    ...p.item,
    excerpt: '',
    id: ids[i]!,
    collectionId,
    position: startPosition + i,
    publishedOn: now,
  }));
  await insertProductItems(db, siteId, items);
  await db
    .insertInto('products')
    .values(
      products.map((p, i) => ({
        item_id: ids[i]!,
        site_id: siteId,
        ...productColumns(p.product, { ...DEFAULT_MERCHANDISING, ...p.product.merchandising }),
        installment: JSON.stringify(DEFAULT_INSTALLMENT),
        visibility: p.product.visibility ?? 'published',
        digital_asset_id: p.product.digitalAssetId ?? null,
        updated_at: now,
      })),
    )
    .execute();
  const variants = products.flatMap((p, i) =>
    p.variants.map((v, position) => ({
      id: newId(),
      site_id: siteId,
      item_id: ids[i]!,
      ...variantColumns(v, position),
      qty_in_stock: v.qtyInStock ?? 0,
    })),
  );
  // Variants of a big batch go in slices: 12 columns each stays far below the parameter limit.
  for (let i = 0; i < variants.length; i += 2000) {
    await db
      .insertInto('variants')
      .values(variants.slice(i, i + 2000))
      .execute();
  }
  return ids;
}

/**
 * Saves an existing product in the caller's transaction. The version check and the bump are one
 * statement (`UPDATE … WHERE version = $v`): of two saves naming the same version, the second
 * waits for the first's row lock, then matches nothing and gets PRODUCT_CONFLICT. `version`
 * undefined (the CSV import) saves over whatever is stored. Variants left out are deleted, new
 * ones inserted; a variant's stock changes only when the input names it.
 */
export async function updatePreparedProduct(
  trx: Db,
  siteId: string,
  itemId: string,
  version: number | undefined,
  p: PreparedProduct,
  now: Date,
): Promise<{ restocked: Restocked[] }> {
  const stored = await trx
    .selectFrom('products')
    .select(['merchandising', 'version'])
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .forUpdate()
    .executeTakeFirst();
  if (!stored) throw appError(ErrorCode.NOT_FOUND);
  let q = trx
    .updateTable('products')
    .set({
      ...productColumns(p.product, { ...stored.merchandising, ...p.product.merchandising }),
      ...(p.product.visibility ? { visibility: p.product.visibility } : {}),
      ...(p.product.digitalAssetId !== undefined
        ? { digital_asset_id: p.product.digitalAssetId }
        : {}),
      version: sql<number>`version + 1`,
      updated_at: now,
    })
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId);
  if (version !== undefined) q = q.where('version', '=', version);
  const updated = await q.returning('version').executeTakeFirst();
  if (!updated) throw appError(ErrorCode.PRODUCT_CONFLICT);

  await updateProductItem(trx, siteId, itemId, p.item);

  const before = await trx
    .selectFrom('variants')
    .select(['id', 'sku', 'qty_in_stock', 'unlimited'])
    .where('site_id', '=', siteId)
    .where('item_id', '=', itemId)
    .forUpdate()
    .execute();
  const byId = new Map(before.map((v) => [v.id, v]));
  const keep = new Set(p.variants.flatMap((v) => (v.id && byId.has(v.id) ? [v.id] : [])));
  const gone = before.filter((v) => !keep.has(v.id)).map((v) => v.id);
  if (gone.length) await trx.deleteFrom('variants').where('id', 'in', gone).execute();
  // SKUs may swap between variants in one save: park changed ones first so the unique index
  // never sees two rows with one SKU mid-way.
  const renamed = p.variants.filter((v) => v.id && keep.has(v.id) && byId.get(v.id)!.sku !== v.sku);
  for (const v of renamed) {
    await trx
      .updateTable('variants')
      .set({ sku: `~moving~${v.id}` })
      .where('id', '=', v.id!)
      .execute();
  }
  const restocked: Restocked[] = [];
  const fresh: Insertable<VariantsTable>[] = [];
  for (const [position, v] of p.variants.entries()) {
    const old = v.id ? byId.get(v.id) : undefined;
    if (!old || !keep.has(old.id)) {
      fresh.push({
        id: newId(),
        site_id: siteId,
        item_id: itemId,
        ...variantColumns(v, position),
        qty_in_stock: v.qtyInStock ?? 0,
      });
      continue;
    }
    const after = await trx
      .updateTable('variants')
      .set({
        ...variantColumns(v, position),
        ...(v.qtyInStock !== undefined ? { qty_in_stock: v.qtyInStock } : {}),
      })
      .where('id', '=', old.id)
      .returning(['qty_in_stock', 'unlimited'])
      .executeTakeFirstOrThrow();
    const couldBuy = variantHasStock({ unlimited: old.unlimited, qtyInStock: old.qty_in_stock });
    const canBuy = variantHasStock({ unlimited: after.unlimited, qtyInStock: after.qty_in_stock });
    if (!couldBuy && canBuy) {
      restocked.push({ itemId, variantId: old.id, qtyInStock: after.qty_in_stock });
    }
  }
  if (fresh.length) {
    await trx.insertInto('variants').values(fresh).execute();
  }
  return { restocked };
}
