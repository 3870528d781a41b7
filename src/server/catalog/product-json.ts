import type { Selectable } from 'kysely';
import { moneyJson } from '../../shared/money.js';
import { localizeMerchandisingTexts } from '../../shared/product/merchandising-texts.js';
import { isDigitalGood } from '../../shared/product/rules.js';
import type {
  MerchandisingContextJson,
  ProductJson,
  StoreSettingsJson,
  VariantJson,
} from '../../shared/product/types.js';
import type { Site } from '../sites/site-queries.js';
import type { ProductsTable, VariantsTable } from './tables.js';

export type ProductRow = Selectable<ProductsTable>;
export type VariantRow = Selectable<VariantsTable>;

/** PGlite hands JSONB back parsed; node-postgres does too. A string means it was stored as text. */
function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function variantJson(row: VariantRow, ordering: string[], currency: string): VariantJson {
  const attributes = json(row.attributes);
  const names = [
    ...ordering.filter((n) => n in attributes),
    ...Object.keys(attributes).filter((n) => !ordering.includes(n)),
  ];
  return {
    id: row.id,
    sku: row.sku,
    attributes,
    optionValues: names.map((optionName) => ({ optionName, value: attributes[optionName] ?? '' })),
    price: row.price_cents,
    salePrice: row.sale_price_cents,
    priceMoney: moneyJson(row.price_cents, currency),
    salePriceMoney: moneyJson(row.sale_price_cents, currency),
    onSale: row.on_sale,
    qtyInStock: row.qty_in_stock,
    unlimited: row.unlimited,
    ...(row.image_asset_id ? { mainImageId: row.image_asset_id } : {}),
  };
}

/**
 * SPEC 3.3 `structuredContent` from the catalog rows. Digital products and gift cards carry their
 * own product-level price and sale flag; physical products and services take the first variant's
 * price and are on sale when any variant is (the rules in src/shared read the variants anyway).
 */
export function productJson(
  row: ProductRow,
  variants: VariantRow[],
  currency: string,
): ProductJson {
  const ordering = json(row.variant_option_ordering);
  const vs = [...variants]
    .sort((a, b) => a.position - b.position || a.sku.localeCompare(b.sku))
    .map((v) => variantJson(v, ordering, currency));
  const ownPrice = isDigitalGood(row.product_type);
  const first = vs[0];
  const plan = json(row.subscription_plan);
  return {
    productType: row.product_type,
    variants: vs,
    variantOptionOrdering: ordering,
    priceMoney: ownPrice || !first ? moneyJson(row.price_cents, currency) : first.priceMoney,
    salePriceMoney:
      ownPrice || !first ? moneyJson(row.sale_price_cents, currency) : first.salePriceMoney,
    onSale: ownPrice ? row.on_sale : vs.some((v) => v.onSale),
    isSubscribable: row.is_subscribable,
    subscriptionPlan: plan
      ? { billingPeriod: { ...plan.billingPeriod }, numBillingCycles: plan.numBillingCycles }
      : null,
    productSubscriptionOptions: json(row.product_subscription_options),
    oneTimePurchaseAllowed: row.one_time_purchase_allowed,
    additionalFieldsFormId: row.additional_fields_form_id,
    useCustomAddButtonText: row.use_custom_add_button_text,
    customAddButtonText: row.custom_add_button_text,
  };
}

/** 'en-US' → 'en_US', the form installment providers take (SPEC 9.1 locales). */
function shopperLanguage(language: string): string {
  return language.replace('-', '_');
}

/** SPEC 3.4 merchandising context plus the installment context, amounts in the site's currency. */
export function merchandisingJson(
  row: Pick<ProductRow, 'merchandising' | 'installment'>,
  site: Pick<Site, 'currency' | 'language'>,
): MerchandisingContextJson {
  // Texts still at an English default read in the site's language (merchandising-texts.ts).
  const m = localizeMerchandisingTexts(json(row.merchandising), site.language);
  const inst = json(row.installment);
  return {
    restockNotificationViews: [...m.restockNotificationViews],
    restockNotificationMessages: { ...m.restockNotificationMessages },
    mailingListSignUpEnabled: m.mailingListSignUpEnabled,
    mailingListOptInByDefault: m.mailingListOptInByDefault,
    scarcityEnabled: m.scarcityEnabled,
    scarcityTemplateViews: [...m.scarcityTemplateViews],
    scarcityText: m.scarcityText,
    scarcityShownByDefault: m.scarcityShownByDefault,
    ...(m.scarcityThreshold !== undefined ? { scarcityThreshold: m.scarcityThreshold } : {}),
    customSoldOutText: m.customSoldOutText,
    afterPayAvailable: inst.afterPayAvailable,
    afterPayMin: moneyJson(inst.afterPayMinCents, site.currency).value,
    afterPayMax: moneyJson(inst.afterPayMaxCents, site.currency).value,
    shopperLanguage: shopperLanguage(site.language),
    paymentProviderCountry: inst.country,
  };
}

/** SPEC 3.3 StoreSettings of a website, with its minimum order subtotal as Money JSON. */
export function storeSettingsJson(site: Pick<Site, 'currency' | 'settings'>): StoreSettingsJson {
  const store = json(site.settings).websiteSettings?.storeSettings;
  const currency = store?.currencyCode || site.currency;
  const minimum = store?.minimumOrderSubtotalCents ?? 0;
  return {
    multipleQuantityAllowedForServices: store?.multipleQuantityAllowedForServices ?? true,
    minimumOrderSubtotal: minimum > 0 ? moneyJson(minimum, currency) : null,
    currencyCode: currency,
    ...(store?.installmentInfoUrl ? { installmentInfoUrl: store.installmentInfoUrl } : {}),
  };
}
