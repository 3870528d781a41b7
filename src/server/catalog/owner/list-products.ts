import { sql, type RawBuilder } from 'kysely';
import { ProductType } from '../../../shared/enums.js';
import { formatMoney } from '../../../shared/money.js';
import {
  ProductLimits,
  type OwnerProductSummary,
  type ProductListQuery,
  type ProductListResponse,
  type ProductStockState,
  type ProductVisibility,
} from '../../../shared/product/owner-api.js';
import {
  DEFAULT_SCARCITY_THRESHOLD,
  fromPriceText,
  isGiftCard,
  pricedOnProduct,
  tracksStock,
} from '../../../shared/product/rules.js';
import { listCollections } from '../../content/content-queries.js';
import { productItemsView } from '../../content/product-items.js';
import type { Db } from '../../db/database.js';
import { productUrl } from './owner-product.js';

export const PRODUCT_PAGE_SIZE = 50;

// Product-type sets for SQL, from the shared rules (the only place that compares types).
const TYPES = Object.values(ProductType);
const typeList = (keep: (t: number) => boolean) =>
  sql.join(TYPES.filter(keep).map((t) => sql.lit(t)));
const TRACKED = typeList(tracksStock);
const OWN_PRICE = typeList(pricedOnProduct);
const GIFT = typeList(isGiftCard);

interface Row {
  id: string;
  collection_id: string;
  title: string;
  url_id: string;
  tags: string[] | string;
  categories: string[] | string;
  main_image_id: string | null;
  product_type: number;
  visibility: ProductVisibility;
  updated_at: Date | string;
  variant_count: number | string;
  price_min: number | string;
  price_max: number | string;
  on_sale: boolean;
  stock_total: number | string;
  stock_state: ProductStockState;
}

function like(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One row per product with what the owner's list shows, filters and sorts on: the items' half
 * (content's `productItemsView`) joined to the products, and each product's variants folded
 * through their index. Stock state follows the shared rules: types that do not track stock and
 * products whose every variant is unlimited are 'unlimited'; otherwise the limited units decide:
 * none is 'out', 1 to the product's scarcity threshold (SPEC 3.4, default 5) is 'low'.
 */
function summaries(db: Db, siteId: string) {
  const items = productItemsView(db, siteId);
  return sql`
    select i.id, i.collection_id, i.title, i.url_id, i.tags, i.categories, i.main_image_id,
      p.product_type, p.visibility, p.updated_at,
      v.n as variant_count,
      case when p.product_type in (${OWN_PRICE}) or v.n = 0
        then case when p.on_sale then p.sale_price_cents else p.price_cents end
        else v.price_min end as price_min,
      case when p.product_type in (${OWN_PRICE}) or v.n = 0
        then case when p.on_sale then p.sale_price_cents else p.price_cents end
        else v.price_max end as price_max,
      case when p.product_type in (${OWN_PRICE}) then p.on_sale
        when p.product_type in (${GIFT}) then false
        else coalesce(v.any_sale, false) end as on_sale,
      coalesce(v.limited, 0) as stock_total,
      case when p.product_type not in (${TRACKED}) or (v.n > 0 and v.n = v.unlimited_n) then 'unlimited'
        when v.unlimited_n > 0 or coalesce(v.limited, 0) > coalesce((p.merchandising->>'scarcityThreshold')::int, ${sql.lit(DEFAULT_SCARCITY_THRESHOLD)}) then 'in'
        when coalesce(v.limited, 0) > 0 then 'low'
        else 'out' end as stock_state
    from products p
    join (${items}) i on i.id = p.item_id
    -- Per product through the variants' (item_id, position) index: the cost stays linear even
    -- when the planner has no statistics yet (right after an import).
    cross join lateral (
      select count(*) as n,
        min(case when x.on_sale then x.sale_price_cents else x.price_cents end) as price_min,
        max(case when x.on_sale then x.sale_price_cents else x.price_cents end) as price_max,
        bool_or(x.on_sale) as any_sale,
        sum(case when x.unlimited then 0 else x.qty_in_stock end) as limited,
        count(*) filter (where x.unlimited) as unlimited_n
      from variants x where x.item_id = p.item_id
    ) v
    where p.site_id = ${siteId}`;
}

function filters(q: ProductListQuery, siteId: string): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  const text = (q.q ?? '').trim();
  if (text) {
    const l = like(text);
    // The SKU matches are found once (a semi-join), not per product.
    out.push(sql`(lower(s.title) like ${l} or lower(s.tags::text) like ${l}
      or s.id in (select sv.item_id from variants sv where sv.site_id = ${siteId} and lower(sv.sku) like ${l}))`);
  }
  if (q.type !== undefined) out.push(sql`s.product_type = ${q.type}`);
  if (q.tag) out.push(sql`s.tags @> ${JSON.stringify([q.tag])}::jsonb`);
  if (q.category) out.push(sql`s.categories @> ${JSON.stringify([q.category])}::jsonb`);
  if (q.stock) out.push(sql`s.stock_state = ${q.stock}`);
  if (q.onSale !== undefined) out.push(sql`s.on_sale = ${q.onSale}`);
  if (q.visibility) out.push(sql`s.visibility = ${q.visibility}`);
  return out;
}

function orderBy(sort: ProductListQuery['sort']): RawBuilder<unknown> {
  switch (sort) {
    case 'title':
      return sql`lower(s.title) asc, s.id asc`;
    case '-title':
      return sql`lower(s.title) desc, s.id desc`;
    case 'price':
      return sql`s.price_min asc, s.id asc`;
    case '-price':
      return sql`s.price_min desc, s.id desc`;
    // Unlimited stock sorts as the most stock.
    case 'stock':
      return sql`(s.stock_state = 'unlimited') asc, s.stock_total asc, s.id asc`;
    case '-stock':
      return sql`(s.stock_state = 'unlimited') desc, s.stock_total desc, s.id desc`;
    case 'updated':
      return sql`s.updated_at asc, s.id asc`;
    default:
      return sql`s.updated_at desc, s.id desc`;
  }
}

/** Every product id of the site, A to Z by title (the CSV export's order). */
export async function productIdsByTitle(db: Db, siteId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    select i.id from products p join (${productItemsView(db, siteId)}) i on i.id = p.item_id
    where p.site_id = ${siteId} order by lower(i.title), i.id`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** The cursor is the offset of the next page, opaque to the editor ('o' and digits). */
function offsetOf(cursor: string | undefined): number {
  const m = cursor ? /^o(\d{1,7})$/.exec(cursor) : null;
  return m ? Number(m[1]) : 0;
}

/**
 * GET /api/commerce/products: one page of the owner's products with the count of every match.
 * Two statements (the page, the count) over the same filtered summary; on PostgreSQL 5,000
 * products with their variants fold in a few milliseconds.
 */
export async function listProducts(
  db: Db,
  site: { id: string; currency: string; language: string },
  q: ProductListQuery,
): Promise<ProductListResponse> {
  const limit = Math.min(Math.max(q.limit ?? PRODUCT_PAGE_SIZE, 1), ProductLimits.listPageMax);
  const offset = offsetOf(q.cursor);
  const where = filters(q, site.id);
  const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const base = summaries(db, site.id);
  const [page, count, collections] = await Promise.all([
    sql<Row>`select s.* from (${base}) s ${cond} order by ${orderBy(q.sort)}
      limit ${limit + 1} offset ${offset}`.execute(db),
    sql<{ n: number | string }>`select count(*) as n from (${base}) s ${cond}`.execute(db),
    listCollections(db, site.id),
  ]);
  const urlIds = new Map(collections.map((c) => [c.id, c.url_id]));
  const rows = page.rows.slice(0, limit);
  return {
    products: rows.map((r) => summaryJson(r, urlIds.get(r.collection_id) ?? 'shop', site)),
    nextCursor: page.rows.length > limit ? `o${offset + limit}` : null,
    total: Number(count.rows[0]?.n ?? 0),
  };
}

function json<T>(v: T | string): T {
  return typeof v === 'string' ? (JSON.parse(v) as T) : v;
}

function summaryJson(
  r: Row,
  collectionUrlId: string,
  site: { currency: string; language: string },
): OwnerProductSummary {
  const min = Number(r.price_min ?? 0);
  const max = Number(r.price_max ?? 0);
  const price = formatMoney(min, site.currency, site.language);
  const state = r.stock_state;
  return {
    id: r.id,
    title: r.title,
    fullUrl: productUrl(collectionUrlId, r.url_id),
    productType: r.product_type,
    visibility: r.visibility,
    thumbnailUrl: r.main_image_id ? `/static/images/${r.main_image_id}/100w.webp` : null,
    priceText: max > min ? fromPriceText(price) : price,
    onSale: r.on_sale,
    stockState: state,
    stockTotal: state === 'unlimited' ? null : Number(r.stock_total),
    variantCount: Number(r.variant_count),
    tags: json(r.tags),
    categories: json(r.categories),
    updatedOn: new Date(r.updated_at).getTime(),
  };
}
