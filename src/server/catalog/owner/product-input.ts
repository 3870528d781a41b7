import type { OwnerProduct, OwnerProductInput } from '../../../shared/product/owner-api.js';

/**
 * The save that would store a product exactly as it is: what the CSV import starts from when it
 * updates a product, so settings the CSV has no column for (merchandising, subscriptions,
 * related products…) are kept. Stock is left out: a save without it keeps the stored count.
 */
export function inputOf(p: OwnerProduct): OwnerProductInput {
  const sc = p.structuredContent;
  return {
    productType: sc.productType,
    title: p.title,
    urlId: p.urlId,
    body: p.body,
    tags: p.tags,
    categories: p.categories,
    visibility: p.visibility,
    imageIds: p.images.map((i) => i.assetId),
    priceMoney: sc.priceMoney,
    salePriceMoney: sc.salePriceMoney,
    onSale: sc.onSale,
    variantOptionOrdering: sc.variantOptionOrdering,
    variants: sc.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      priceMoney: v.priceMoney,
      salePriceMoney: v.salePriceMoney,
      onSale: v.onSale,
      unlimited: v.unlimited,
      weightGrams: v.weightGrams,
      imageAssetId: v.imageAssetId,
    })),
    isSubscribable: sc.isSubscribable,
    subscriptionPlan: sc.subscriptionPlan,
    productSubscriptionOptions: sc.productSubscriptionOptions,
    oneTimePurchaseAllowed: sc.oneTimePurchaseAllowed,
    useCustomAddButtonText: sc.useCustomAddButtonText,
    customAddButtonText: sc.customAddButtonText,
    additionalFieldsFormId: sc.additionalFieldsFormId,
    relatedItemIds: p.relatedItemIds,
    addOnItemIds: p.addOnItemIds,
    merchandising: p.merchandising,
    digitalAssetId: p.digitalFile?.assetId ?? null,
  };
}
