import { sql, type Insertable } from 'kysely';
import { ErrorCode } from '../../../shared/errors.js';
import { variantHasStock } from '../../../shared/product/rules.js';
import {
  insertProductItems,
  updateProductItems,
  type NewProductItem,
} from '../../content/product-items.js';
import type { Db } from '../../db/database.js';
import { appError } from '../../errors/app-error.js';
import { newMerchandising } from '../../../shared/product/merchandising-texts.js';
import { DEFAULT_INSTALLMENT } from '../insert-product.js';
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
  /** The language picks the default restock and low-stock texts of settings left out. */
  site: { id: string; language: string },
  collectionId: string,
  products: PreparedProduct[],
  /** The first product's position; the others follow it. */
  startPosition: number,
  now: Date,
): Promise<string[]> {
  if (products.length === 0) return [];
  const siteId = site.id;
  const merchandising = newMerchandising(site.language);
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
        ...productColumns(p.product, { ...merchandising, ...p.product.merchandising }),
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

/** One product an update writes: `version` undefined (the CSV import) saves over what is stored. */
export interface UpdateEntry {
  itemId: string;
  version: number | undefined;
  prepared: PreparedProduct;
}

/**
 * Saves existing products in the caller's transaction, a fixed handful of statements whatever
 * their number (rows travel as one JSON parameter each): the CSV import passes a chunk, a single
 * save passes one. The product rows are locked first; the version check and the bump are one
 * statement (`UPDATE … WHERE version = $v`): of two saves naming the same version, the second
 * waits for the first's lock, then matches nothing and gets PRODUCT_CONFLICT. Variants left out
 * are deleted, new ones inserted; a variant's stock changes only when the input names it.
 */
export async function updatePreparedProducts(
  trx: Db,
  siteId: string,
  entries: UpdateEntry[],
  now: Date,
): Promise<{ restocked: Restocked[] }> {
  if (entries.length === 0) return { restocked: [] };
  const ids = entries.map((e) => e.itemId);
  const locked = await trx
    .selectFrom('products')
    .select('item_id')
    .where('site_id', '=', siteId)
    .where('item_id', 'in', ids)
    .forUpdate()
    .execute();
  if (locked.length !== new Set(ids).size) throw appError(ErrorCode.NOT_FOUND);
  const productRows = entries.map(({ itemId, version, prepared: { product: p } }) => ({
    item_id: itemId,
    version: version ?? null,
    ...productColumnsJson(p),
    visibility: p.visibility ?? null,
    set_digital: p.digitalAssetId !== undefined,
    digital_asset_id: p.digitalAssetId ?? null,
  }));
  const updated = await sql<{ item_id: string }>`
    update products p set product_type = r.product_type, price_cents = r.price_cents,
      sale_price_cents = r.sale_price_cents, on_sale = r.on_sale,
      is_subscribable = r.is_subscribable, subscription_plan = r.subscription_plan,
      product_subscription_options = r.product_subscription_options,
      one_time_purchase_allowed = r.one_time_purchase_allowed,
      additional_fields_form_id = r.additional_fields_form_id,
      use_custom_add_button_text = r.use_custom_add_button_text,
      custom_add_button_text = r.custom_add_button_text,
      variant_option_ordering = r.variant_option_ordering,
      merchandising = p.merchandising || r.merchandising,
      related_item_ids = r.related_item_ids, add_on_item_ids = r.add_on_item_ids,
      visibility = coalesce(r.visibility, p.visibility),
      digital_asset_id = case when r.set_digital then r.digital_asset_id else p.digital_asset_id end,
      version = p.version + 1, updated_at = ${now}
    from jsonb_to_recordset(${JSON.stringify(productRows)}::jsonb) as r(item_id text, version int,
      product_type int, price_cents int, sale_price_cents int, on_sale boolean,
      is_subscribable boolean, subscription_plan jsonb, product_subscription_options jsonb,
      one_time_purchase_allowed boolean, additional_fields_form_id text,
      use_custom_add_button_text boolean, custom_add_button_text text,
      variant_option_ordering jsonb, merchandising jsonb, related_item_ids jsonb,
      add_on_item_ids jsonb, visibility text, set_digital boolean, digital_asset_id text)
    where p.site_id = ${siteId} and p.item_id = r.item_id
      and (r.version is null or p.version = r.version)
    returning p.item_id`.execute(trx);
  if (updated.rows.length !== entries.length) throw appError(ErrorCode.PRODUCT_CONFLICT);

  await updateProductItems(
    trx,
    siteId,
    entries.map((e) => ({ ...e.prepared.item, id: e.itemId })),
  );

  const before = await trx
    .selectFrom('variants')
    .select(['id', 'item_id', 'sku', 'qty_in_stock', 'unlimited'])
    .where('site_id', '=', siteId)
    .where('item_id', 'in', ids)
    .forUpdate()
    .execute();
  const byId = new Map(before.map((v) => [v.id, v]));
  const kept = new Map<string, { itemId: string; v: PreparedVariant; position: number }>();
  const fresh: Insertable<VariantsTable>[] = [];
  for (const e of entries) {
    e.prepared.variants.forEach((v, position) => {
      const old = v.id ? byId.get(v.id) : undefined;
      if (old && old.item_id === e.itemId && !kept.has(old.id)) {
        kept.set(old.id, { itemId: e.itemId, v, position });
      } else {
        fresh.push({
          id: newId(),
          site_id: siteId,
          item_id: e.itemId,
          ...variantColumns(v, position),
          qty_in_stock: v.qtyInStock ?? 0,
        });
      }
    });
  }
  const gone = before.filter((v) => !kept.has(v.id)).map((v) => v.id);
  if (gone.length) await trx.deleteFrom('variants').where('id', 'in', gone).execute();
  // SKUs may swap between variants in one save: park changed ones first so the unique index
  // never sees two rows with one SKU mid-way.
  const renamed = [...kept].filter(([id, k]) => byId.get(id)!.sku !== k.v.sku).map(([id]) => id);
  if (renamed.length) {
    await trx
      .updateTable('variants')
      .set({ sku: sql<string>`'~moving~' || id` })
      .where('id', 'in', renamed)
      .execute();
  }
  const restocked: Restocked[] = [];
  if (kept.size) {
    const rows = [...kept].map(([id, { v, position }]) => ({
      id,
      ...variantColumns(v, position),
      attributes: v.attributes,
      qty_in_stock: v.qtyInStock ?? null,
    }));
    await sql`
      update variants x set sku = r.sku, position = r.position, attributes = r.attributes,
        price_cents = r.price_cents, sale_price_cents = r.sale_price_cents, on_sale = r.on_sale,
        unlimited = r.unlimited, weight_grams = r.weight_grams, image_asset_id = r.image_asset_id,
        qty_in_stock = coalesce(r.qty_in_stock, x.qty_in_stock)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, sku text,
        position int, attributes jsonb, price_cents int, sale_price_cents int, on_sale boolean,
        unlimited boolean, weight_grams int, image_asset_id text, qty_in_stock int)
      where x.site_id = ${siteId} and x.id = r.id`.execute(trx);
    for (const [id, { itemId, v }] of kept) {
      const old = byId.get(id)!;
      const qty = v.qtyInStock ?? old.qty_in_stock;
      const couldBuy = variantHasStock({ unlimited: old.unlimited, qtyInStock: old.qty_in_stock });
      if (!couldBuy && variantHasStock({ unlimited: v.unlimited, qtyInStock: qty })) {
        restocked.push({ itemId, variantId: id, qtyInStock: qty });
      }
    }
  }
  for (let i = 0; i < fresh.length; i += 2000) {
    await trx
      .insertInto('variants')
      .values(fresh.slice(i, i + 2000))
      .execute();
  }
  return { restocked };
}

/** `productColumns` with JSON values as values (for a JSON recordset), not as JSON text. */
function productColumnsJson(p: PreparedProduct['product']) {
  return {
    product_type: p.productType,
    price_cents: p.priceCents,
    sale_price_cents: p.salePriceCents,
    on_sale: p.onSale,
    is_subscribable: p.isSubscribable,
    subscription_plan: p.subscriptionPlan,
    product_subscription_options: p.productSubscriptionOptions,
    one_time_purchase_allowed: p.oneTimePurchaseAllowed,
    additional_fields_form_id: p.additionalFieldsFormId,
    use_custom_add_button_text: p.useCustomAddButtonText,
    custom_add_button_text: p.customAddButtonText,
    variant_option_ordering: p.variantOptionOrdering,
    merchandising: p.merchandising,
    related_item_ids: p.relatedItemIds,
    add_on_item_ids: p.addOnItemIds,
  };
}
