import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { OwnerMerchandising, ProductVisibility } from '../../shared/product/owner-api.js';

/**
 * SPEC 3.4 merchandising settings of one product, as stored: the merchandising context pages get
 * without its installment part, which is stored apart (below) and computed for the page. The
 * owner API's `OwnerMerchandising` is the same shape, so it is that type, written once.
 */
export type MerchandisingSettings = OwnerMerchandising;

/** SPEC 3.4 installment context (buy now, pay later). Amounts in minor units. */
export interface InstallmentSettings {
  afterPayAvailable: boolean;
  afterPayMinCents: number;
  afterPayMaxCents: number;
  /** Country of the card-payment provider account (US, CA, AU, NZ, GB). */
  country: string;
}

export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' | null };
  /** 0 means indefinite. */
  numBillingCycles: number;
}

export interface SubscriptionOption {
  id: string;
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' | null };
  numBillingCycles: number;
  /** Discount on the one-time price for subscribers, in percent (0 for none). */
  discountPercent: number;
}

export interface ProductsTable {
  /** The product is an item (record type 11); this row adds commerce data. */
  item_id: string;
  site_id: string;
  product_type: number;
  /** Product-level price for digital products and gift cards (minor units). */
  price_cents: number;
  sale_price_cents: number;
  on_sale: boolean;
  is_subscribable: boolean;
  subscription_plan: JSONColumnType<SubscriptionPlan | null>;
  product_subscription_options: JSONColumnType<SubscriptionOption[]>;
  /** Also sold one-time beside the subscription. */
  one_time_purchase_allowed: boolean;
  additional_fields_form_id: string | null;
  use_custom_add_button_text: boolean;
  custom_add_button_text: string;
  variant_option_ordering: JSONColumnType<string[]>;
  merchandising: JSONColumnType<MerchandisingSettings>;
  installment: JSONColumnType<InstallmentSettings>;
  related_item_ids: JSONColumnType<string[]>;
  /** Add-on products offered on this product's page (SPEC 1.1), in the owner's order. */
  add_on_item_ids: JSONColumnType<string[]>;
  /** 'draft' | 'published' | 'hidden' (`ProductVisibility`, shared/product/owner-api.ts). */
  visibility: ColumnType<ProductVisibility, ProductVisibility | undefined, ProductVisibility>;
  /** Bumped by every owner save; a save naming an older version is a conflict. */
  version: Generated<number>;
  updated_at: Generated<Date>;
  /** The uploaded file a digital product delivers after purchase (a media asset id). */
  digital_asset_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface VariantsTable {
  id: string;
  site_id: string;
  item_id: string;
  sku: string;
  position: number;
  /** option name → value, e.g. { Size: 'M', Color: 'Blue' } */
  attributes: JSONColumnType<Record<string, string>>;
  price_cents: number;
  sale_price_cents: number;
  on_sale: boolean;
  /** Never negative (CHECK); decremented only with `qty_in_stock >= n` guards. */
  qty_in_stock: number;
  unlimited: boolean;
  /** For weight-based shipping tiers. */
  weight_grams: Generated<number>;
  /** Shown when the shopper chooses this variant (a media asset id); null: the product's images. */
  image_asset_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A CSV import (catalog/owner/import-job.ts): its input and progress, readable by any process. */
export interface ProductImportsTable {
  id: string;
  site_id: string;
  /** 'queued' | 'running' | 'done' | 'failed' (`ImportStatus.state`). */
  state: ColumnType<ImportState, ImportState | undefined, ImportState>;
  /** The CSV as uploaded; cleared when the import ends. */
  csv: string;
  /** Products the import writes. */
  total: Generated<number>;
  /** Products written so far (committed with them, so a retried job resumes after them). */
  processed: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  /** The CSV line of the last product written: a retried job goes on after it. */
  last_row: Generated<number>;
  errors: ColumnType<{ row: number; message: string }[], string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type ImportState = 'queued' | 'running' | 'done' | 'failed';

export interface CatalogTables {
  products: ProductsTable;
  variants: VariantsTable;
  product_imports: ProductImportsTable;
}
