/**
 * The owner's catalog API (issue 12): the wire contract between the /config product screens and
 * `src/server/catalog/owner/`. Product JSON in and out keeps the Squarespace shape the storefront
 * already uses (`structuredContent`, `priceMoney`, `variants`…, SPEC 3.3); what only the editor
 * needs sits beside it. Amounts travel as `MoneyJson` (decimal strings in major units, the site's
 * currency); stock and weights as integers. Documented in docs/catalog-editor.md.
 */
import type {
  MerchandisingContextJson,
  MoneyJson,
  ProductJson,
  ProductSubscriptionOptionJson,
  SubscriptionPlanJson,
  VariantJson,
} from './types.js';

/**
 * Who sees a product:
 * - `draft`: being prepared; nowhere on the live site (its page is a 404, it cannot be added to a
 *   cart). Owners signed in to /config can still open its page to preview it.
 * - `published`: listed on /shop, in search, product blocks, related products and add-ons.
 * - `hidden`: unlisted — its page and add to cart work for whoever has the link (a private sale),
 *   but it appears in no list, search or block.
 */
export const PRODUCT_VISIBILITIES = ['draft', 'published', 'hidden'] as const;
export type ProductVisibility = (typeof PRODUCT_VISIBILITIES)[number];

/** Owner routes. `:id` is the product's item id. */
export const ProductApi = {
  list: '/api/commerce/products',
  one: (id: string) => `/api/commerce/products/${encodeURIComponent(id)}`,
  bulk: '/api/commerce/products/bulk',
  tags: '/api/commerce/product-tags',
  exportCsv: '/api/commerce/products/export.csv',
  importPreview: '/api/commerce/products/import/preview',
  importStart: '/api/commerce/products/import',
  importStatus: (importId: string) =>
    `/api/commerce/products/import/${encodeURIComponent(importId)}`,
} as const;

/** Limits the editor and the server share (the server's schemas use the same numbers). */
export const ProductLimits = {
  titleMax: 200,
  slugMax: 100,
  bodyMax: 100_000,
  tagMax: 80,
  tagsMax: 50,
  variantsMax: 250,
  optionsMax: 6,
  imagesMax: 30,
  skuMax: 60,
  /** Largest price the editor accepts, in major units. */
  priceMax: 1_000_000,
  stockMax: 1_000_000,
  weightGramsMax: 1_000_000,
  listPageMax: 100,
  /** CSV import: rows kept (SPEC 5.7 'Your dataset has been truncated to {maxRows} rows'). */
  importRowsMax: 10_000,
  importColumnsMax: 60,
  /** Bytes of CSV text accepted in one request. */
  importBytesMax: 8 * 1024 * 1024,
} as const;

/** A product's image as the editor shows it (a media asset; see shared/media/api.ts). */
export interface OwnerImageRef {
  assetId: string;
  /** `/static/images/{assetId}`: append `/{width}w.webp` for a sized copy. */
  assetUrl: string;
  altText: string;
  /** 'WxH' */
  originalSize: string;
}

/** A variant in the editor: the storefront's VariantJson plus what only owners see. */
export interface OwnerVariantJson extends VariantJson {
  weightGrams: number;
  /** Shown when a shopper chooses this variant; null: the product's images. */
  imageAssetId: string | null;
}

/** The merchandising settings of one product (SPEC 3.4), without the computed installment part. */
export type OwnerMerchandising = Omit<
  MerchandisingContextJson,
  'afterPayAvailable' | 'afterPayMin' | 'afterPayMax' | 'shopperLanguage' | 'paymentProviderCountry'
> & { autoNotifyOnRestock?: boolean };

/** GET /api/commerce/products/:id → `{ product: OwnerProduct }` (also the answer to saves). */
export interface OwnerProduct {
  id: string;
  collectionId: string;
  /** Send it back with the next save; a newer one on the server means someone else saved. */
  version: number;
  /** Epoch milliseconds of the last save. */
  updatedOn: number;
  title: string;
  /** The URL slug: the product page is `/{collection urlId}/p/{urlId}`. */
  urlId: string;
  fullUrl: string;
  /** Owner-written rich text (HTML). */
  body: string;
  tags: string[];
  categories: string[];
  visibility: ProductVisibility;
  /** In display order; the first is the main image. */
  images: OwnerImageRef[];
  structuredContent: Omit<ProductJson, 'variants'> & { variants: OwnerVariantJson[] };
  merchandising: OwnerMerchandising;
  relatedItemIds: string[];
  addOnItemIds: string[];
  /** Digital products: the file delivered after purchase. */
  digitalFile: { assetId: string; filename: string; size: number } | null;
}

/** One variant in a save. Without `id` it is new; variants left out of a save are deleted. */
export interface OwnerVariantInput {
  id?: string;
  sku: string;
  attributes: Record<string, string>;
  priceMoney: MoneyJson;
  salePriceMoney?: MoneyJson;
  onSale?: boolean;
  /**
   * Send only when the owner changed it: orders take stock between loading and saving, so a save
   * that repeats the loaded count would undo their sales. Absent keeps the stored count.
   */
  qtyInStock?: number;
  unlimited?: boolean;
  weightGrams?: number;
  imageAssetId?: string | null;
}

/**
 * POST /api/commerce/products (create; `version` absent) and PUT /api/commerce/products/:id
 * (update; `version` required). Invalid input: 400 `PRODUCT_INVALID` with
 * `error.fieldErrors` = { path: message } (paths like `title`, `urlId`, `variants.2.sku`,
 * `variants.0.priceMoney`), nothing saved. A stale `version`: 409 `PRODUCT_CONFLICT`.
 */
export interface OwnerProductInput {
  version?: number;
  productType: number;
  title: string;
  /** Empty or absent: made from the title. Must be unique among the store's products. */
  urlId?: string;
  body?: string;
  tags?: string[];
  categories?: string[];
  visibility?: ProductVisibility;
  /** Media asset ids in display order. */
  imageIds?: string[];
  /** Digital products and gift cards: the product-level price. */
  priceMoney?: MoneyJson;
  salePriceMoney?: MoneyJson;
  onSale?: boolean;
  variantOptionOrdering?: string[];
  /** At least one. Gift cards: one per denomination (its price is the card's value). */
  variants: OwnerVariantInput[];
  isSubscribable?: boolean;
  subscriptionPlan?: SubscriptionPlanJson | null;
  productSubscriptionOptions?: ProductSubscriptionOptionJson[];
  oneTimePurchaseAllowed?: boolean;
  useCustomAddButtonText?: boolean;
  customAddButtonText?: string;
  additionalFieldsFormId?: string | null;
  relatedItemIds?: string[];
  addOnItemIds?: string[];
  merchandising?: Partial<OwnerMerchandising>;
  digitalAssetId?: string | null;
}

/** A row of the product list. */
export interface OwnerProductSummary {
  id: string;
  title: string;
  fullUrl: string;
  productType: number;
  visibility: ProductVisibility;
  /** Small image for the row (`{assetUrl}/100w.webp`), or null. */
  thumbnailUrl: string | null;
  /** Formatted lowest current price, e.g. 'from $12.00' or '$12.00'. */
  priceText: string;
  onSale: boolean;
  /** 'in' | 'low' (1 to the scarcity threshold) | 'out'; 'unlimited' for digital goods. */
  stockState: ProductStockState;
  /** Sum of limited stock; null when unlimited. */
  stockTotal: number | null;
  variantCount: number;
  tags: string[];
  categories: string[];
  updatedOn: number;
}

export type ProductStockState = 'in' | 'low' | 'out' | 'unlimited';

export const PRODUCT_SORTS = [
  'title',
  '-title',
  'price',
  '-price',
  'stock',
  '-stock',
  'updated',
  '-updated',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** GET /api/commerce/products query. */
export interface ProductListQuery {
  q?: string;
  type?: number;
  tag?: string;
  category?: string;
  stock?: ProductStockState;
  onSale?: boolean;
  visibility?: ProductVisibility;
  sort?: ProductSort;
  cursor?: string;
  limit?: number;
}

/** GET /api/commerce/products answer. `total` counts every match, not just this page. */
export interface ProductListResponse {
  products: OwnerProductSummary[];
  nextCursor: string | null;
  total: number;
}

export const BULK_ACTIONS = [
  'publish',
  'hide',
  'draft',
  'set-on-sale',
  'clear-on-sale',
  'delete',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** POST /api/commerce/products/bulk → `{ changed: number }` (all or nothing). */
export interface BulkRequest {
  ids: string[];
  action: BulkAction;
}

/** GET /api/commerce/product-tags → TagsResponse. */
export interface TagCount {
  name: string;
  count: number;
}
export interface TagsResponse {
  tags: TagCount[];
  categories: TagCount[];
}

/**
 * POST /api/commerce/product-tags: rename one tag or category on every product, or merge several
 * into one. `from` with more than one name for a rename: 400 with SPEC 5.7's 'You may only edit one
 * {tagType} at a time'; a rename onto a name that exists: 409 'This {tagType} already exists'
 * (merge it instead). `tagType` fills `{tagType}`.
 */
export interface TagEditRequest {
  tagType: 'tag' | 'category';
  action: 'rename' | 'merge' | 'delete';
  from: string[];
  to?: string;
}

/**
 * CSV import. Columns (export writes the same, one row per variant; product columns repeat):
 * `Product ID`, `Product Type`, `Title`, `Slug`, `Description`, `Tags`, `Categories`,
 * `Visibility`, `SKU`, `Option Name 1`, `Option Value 1` … `Option Name 3`, `Option Value 3`,
 * `Price`, `Sale Price`, `On Sale`, `Stock`, `Weight (g)`, `Image URLs`.
 * Rows with the same `Product ID` (or, without one, the same `Title`) form one product. A known
 * `Product ID` or SKU updates that product; others create products.
 */
export const CSV_COLUMNS = [
  'Product ID',
  'Product Type',
  'Title',
  'Slug',
  'Description',
  'Tags',
  'Categories',
  'Visibility',
  'SKU',
  'Option Name 1',
  'Option Value 1',
  'Option Name 2',
  'Option Value 2',
  'Option Name 3',
  'Option Value 3',
  'Price',
  'Sale Price',
  'On Sale',
  'Stock',
  'Weight (g)',
  'Image URLs',
] as const;

/** POST …/import/preview `{ csv }` → what an import would do, writing nothing. */
export interface ImportPreview {
  /** Rows read (after truncation). */
  rowCount: number;
  productsToCreate: number;
  productsToUpdate: number;
  /** The first products as they would be saved, for the preview table (at most 20). */
  sample: { title: string; productType: number; variantCount: number; priceText: string }[];
  /** SPEC 5.7 texts ('Your dataset has been truncated to 10000 rows', 'One or more rows was missing data'). */
  warnings: string[];
  /** Row-level problems: 1-based CSV line and message. An import with errors is refused. */
  errors: { row: number; message: string }[];
}

/** POST …/import `{ csv }` → 202 `{ importId }`; the job runs on the queue. */
export interface ImportStatus {
  importId: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  created: number;
  updated: number;
  errors: { row: number; message: string }[];
}
