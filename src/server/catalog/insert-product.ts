import { newMerchandising } from '../../shared/product/merchandising-texts.js';
import { isDigitalGood } from '../../shared/product/rules.js';
import type { Db } from '../db/database.js';
import type {
  InstallmentSettings,
  MerchandisingSettings,
  SubscriptionOption,
  SubscriptionPlan,
} from './tables.js';

export const DEFAULT_INSTALLMENT: InstallmentSettings = {
  afterPayAvailable: false,
  afterPayMinCents: 0,
  afterPayMaxCents: 0,
  country: 'US',
};

export interface NewVariant {
  id: string;
  sku: string;
  attributes?: Record<string, string>;
  priceCents: number;
  salePriceCents?: number;
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
}

export interface NewProduct {
  itemId: string;
  siteId: string;
  /** The website's language: the default restock and low-stock texts follow it (English without). */
  language?: string;
  productType: number;
  /** Product-level price (digital products, gift cards). */
  priceCents?: number;
  salePriceCents?: number;
  onSale?: boolean;
  isSubscribable?: boolean;
  subscriptionPlan?: SubscriptionPlan | null;
  productSubscriptionOptions?: SubscriptionOption[];
  oneTimePurchaseAllowed?: boolean;
  additionalFieldsFormId?: string | null;
  customAddButtonText?: string;
  variantOptionOrdering?: string[];
  merchandising?: Partial<MerchandisingSettings>;
  installment?: Partial<InstallmentSettings>;
  relatedItemIds?: string[];
  /** Products offered as add-ons on this product's page. */
  addOnItemIds?: string[];
  variants: NewVariant[];
}

/**
 * Adds the commerce rows of a product whose item (record type 11) already exists: the product and
 * its variants, in the given order. Used by the demo seed and tests.
 */
export async function insertProduct(db: Db, p: NewProduct): Promise<void> {
  const digitalLike = isDigitalGood(p.productType);
  const firstPrice = p.variants[0]?.priceCents ?? 0;
  await db
    .insertInto('products')
    .values({
      item_id: p.itemId,
      site_id: p.siteId,
      product_type: p.productType,
      price_cents: p.priceCents ?? (digitalLike ? firstPrice : 0),
      sale_price_cents: p.salePriceCents ?? 0,
      on_sale: p.onSale ?? false,
      is_subscribable: p.isSubscribable ?? false,
      subscription_plan: JSON.stringify(p.subscriptionPlan ?? null),
      product_subscription_options: JSON.stringify(p.productSubscriptionOptions ?? []),
      one_time_purchase_allowed: p.oneTimePurchaseAllowed ?? true,
      additional_fields_form_id: p.additionalFieldsFormId ?? null,
      use_custom_add_button_text: Boolean(p.customAddButtonText),
      custom_add_button_text: p.customAddButtonText ?? '',
      variant_option_ordering: JSON.stringify(p.variantOptionOrdering ?? []),
      merchandising: JSON.stringify({ ...newMerchandising(p.language), ...p.merchandising }),
      installment: JSON.stringify({ ...DEFAULT_INSTALLMENT, ...p.installment }),
      related_item_ids: JSON.stringify(p.relatedItemIds ?? []),
      add_on_item_ids: JSON.stringify(p.addOnItemIds ?? []),
    })
    .execute();
  if (p.variants.length === 0) return;
  await db
    .insertInto('variants')
    .values(
      p.variants.map((v, position) => ({
        id: v.id,
        site_id: p.siteId,
        item_id: p.itemId,
        sku: v.sku,
        position,
        attributes: JSON.stringify(v.attributes ?? {}),
        price_cents: v.priceCents,
        sale_price_cents: v.salePriceCents ?? 0,
        on_sale: v.onSale ?? false,
        qty_in_stock: v.qtyInStock ?? 0,
        unlimited: v.unlimited ?? false,
      })),
    )
    .execute();
}
