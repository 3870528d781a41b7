/**
 * The JSON shapes of products in the template context and island props (DESIGN 8, SPEC 3.3/3.4).
 * These are Squarespace's field names: @squarespace/template-engine's commerce formatters read
 * exactly these, so do not rename them. Amounts: `priceMoney.value` is a decimal string in major
 * units; `price`/`salePrice` are integers in minor units (cents; yen for JPY).
 */
export interface MoneyJson {
  value: string;
  currency: string;
}

export interface OptionValueJson {
  optionName: string;
  value: string;
}

export interface VariantJson {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  optionValues: OptionValueJson[];
  price: number;
  salePrice: number;
  priceMoney: MoneyJson;
  salePriceMoney: MoneyJson;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  pricingOptions?: unknown[];
  /**
   * The variant's own image (an asset id, like an item's `mainImageId`, SPEC 3.7): choosing the
   * variant shows it in the product page's gallery. Absent: the product's images.
   */
  mainImageId?: string;
}

export interface BillingPeriodJson {
  value: number;
  unit: 'WEEK' | 'MONTH' | 'YEAR' | null;
}

export interface SubscriptionPlanJson {
  billingPeriod: BillingPeriodJson;
  numBillingCycles: number;
}

export interface ProductSubscriptionOptionJson {
  id: string;
  billingPeriod: BillingPeriodJson;
  numBillingCycles: number;
  discountPercent: number;
}

/** `item.structuredContent` of a product item. */
export interface ProductJson {
  productType: number;
  variants: VariantJson[];
  variantOptionOrdering: string[];
  /** Product-level price (digital, gift card); for others the first variant's. */
  priceMoney: MoneyJson;
  salePriceMoney: MoneyJson;
  onSale: boolean;
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlanJson | null;
  productSubscriptionOptions: ProductSubscriptionOptionJson[];
  oneTimePurchaseAllowed: boolean;
  additionalFieldsFormId: string | null;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
}

/** SPEC 3.4 `productMerchandisingContext[productId]`. */
export interface MerchandisingContextJson {
  restockNotificationViews: string[];
  restockNotificationMessages: {
    buttonText: string;
    CTAText: string;
    placeholderText: string;
    mailingListDescription: string;
    successText?: string;
  };
  mailingListSignUpEnabled: boolean;
  mailingListOptInByDefault: boolean;
  scarcityEnabled: boolean;
  scarcityTemplateViews: string[];
  scarcityText: string;
  scarcityShownByDefault: boolean;
  scarcityThreshold?: number;
  customSoldOutText: string;
  /** Installment context (SPEC 3.4, 9.1). Min/max in major units as decimal strings. */
  afterPayAvailable: boolean;
  afterPayMin: string;
  afterPayMax: string;
  shopperLanguage: string;
  paymentProviderCountry: string;
}

/** The restock form's and low-stock message's texts (merchandising-texts.ts has the defaults). */
export interface MerchandisingTexts {
  restockNotificationMessages: Omit<
    MerchandisingContextJson['restockNotificationMessages'],
    'successText'
  >;
  /** `{quantity}` is the units left. */
  scarcityText: string;
}

/** The parts of a product item the product islands need (props are serialised into the page). */
export interface ProductItemJson {
  id: string;
  collectionId: string;
  title: string;
  fullUrl: string;
  assetUrl?: string;
  structuredContent: ProductJson;
}

/** SPEC 3.3 StoreSettings plus what the storefront needs. */
export interface StoreSettingsJson {
  multipleQuantityAllowedForServices: boolean;
  minimumOrderSubtotal: MoneyJson | null;
  currencyCode: string;
  /**
   * Optional: where the installment modal loads the provider's information page from, with
   * `{locale}` / `{localeTag}` placeholders (shared/product/installment-info-page.ts); absent,
   * the provider's public page.
   */
  installmentInfoUrl?: string;
}
