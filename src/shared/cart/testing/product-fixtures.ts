/** Product JSON for the product islands' tests (excluded from the build: testing/). */
import type {
  MerchandisingContextJson,
  ProductItemJson,
  ProductJson,
  StoreSettingsJson,
  VariantJson,
} from '../../product/types.js';

export function variant(
  over: Partial<VariantJson> & { attributes?: Record<string, string> },
): VariantJson {
  const attributes = over.attributes ?? {};
  const price = over.price ?? 2500;
  const salePrice = over.salePrice ?? 0;
  return {
    id: over.id ?? `v-${Object.values(attributes).join('-') || 'only'}`,
    sku: over.sku ?? `SKU-${Object.values(attributes).join('-') || 'ONLY'}`,
    attributes,
    optionValues: Object.entries(attributes).map(([optionName, value]) => ({ optionName, value })),
    price,
    salePrice,
    priceMoney: { value: (price / 100).toFixed(2), currency: 'USD' },
    salePriceMoney: { value: (salePrice / 100).toFixed(2), currency: 'USD' },
    onSale: over.onSale ?? false,
    qtyInStock: over.qtyInStock ?? 10,
    unlimited: over.unlimited ?? false,
    ...(over.pricingOptions ? { pricingOptions: over.pricingOptions } : {}),
  };
}

export function product(over: Partial<ProductJson> = {}): ProductJson {
  const variants = over.variants ?? [variant({})];
  return {
    productType: 1,
    variants,
    variantOptionOrdering: [],
    priceMoney: variants[0]?.priceMoney ?? { value: '25.00', currency: 'USD' },
    salePriceMoney: { value: '0.00', currency: 'USD' },
    onSale: false,
    isSubscribable: false,
    subscriptionPlan: null,
    productSubscriptionOptions: [],
    oneTimePurchaseAllowed: false,
    additionalFieldsFormId: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    ...over,
  };
}

/** A T-shirt with Size × Color, one combination missing and one sold out. */
export function shirt(over: Partial<ProductJson> = {}): ProductJson {
  return product({
    variantOptionOrdering: ['Size', 'Color'],
    variants: [
      variant({ attributes: { Size: 'S', Color: 'Red' } }),
      variant({ attributes: { Size: 'M', Color: 'Red' }, onSale: true, salePrice: 2000 }),
      variant({ attributes: { Size: 'M', Color: 'Blue' }, qtyInStock: 0 }),
    ],
    ...over,
  });
}

export function item(
  structuredContent: ProductJson,
  over: Partial<ProductItemJson> = {},
): ProductItemJson {
  return {
    id: 'item-1',
    collectionId: 'col-1',
    title: 'Test Shirt',
    fullUrl: '/shop/p/test-shirt',
    structuredContent,
    ...over,
  };
}

export function merchandising(
  over: Partial<MerchandisingContextJson> = {},
): MerchandisingContextJson {
  return {
    restockNotificationViews: [],
    restockNotificationMessages: {
      buttonText: 'Notify me',
      CTAText: 'Get notified when back in stock',
      placeholderText: 'Email',
      mailingListDescription: 'Join the list',
    },
    mailingListSignUpEnabled: false,
    mailingListOptInByDefault: false,
    scarcityEnabled: false,
    scarcityTemplateViews: [],
    scarcityText: '',
    scarcityShownByDefault: false,
    customSoldOutText: '',
    afterPayAvailable: false,
    afterPayMin: '1.00',
    afterPayMax: '1000.00',
    shopperLanguage: 'en_US',
    paymentProviderCountry: 'US',
    ...over,
  };
}

export const store: StoreSettingsJson = {
  multipleQuantityAllowedForServices: true,
  minimumOrderSubtotal: null,
  currencyCode: 'USD',
};
