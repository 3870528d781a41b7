import type { AddToCartErrorKind } from '../../../shared/cart/add-to-cart-flow.js';
import type { ProductItemJson, VariantJson } from '../../../shared/product/types.js';
import { emit } from '../../lib/events.js';
import type { ProductPageType } from './island-props.js';

/** SPEC 3.2 add-to-cart event detail, for the analytics part. */
export interface AddToCartEventDetail {
  pageType: ProductPageType;
  product: { id: string; title: string; productType: number; url: string; collectionId: string };
  quantity: number;
  selectedVariant: {
    id: string;
    sku: string;
    attributes: Record<string, string>;
    price: number;
    onSale: boolean;
    salePrice: number;
  } | null;
  unselectedVariantOptions: string[];
  isInStock: boolean;
  expressCheckout: boolean;
  addToCartText: string;
  subscriptionId: string | null;
}

declare module '../../lib/events.js' {
  interface PageEvents {
    /** A successful add (or hand-off to a checkout), SPEC 3.2. */
    'commerce:add-to-cart': AddToCartEventDetail;
    /** A recorded SPEC 8.1 error kind. */
    'commerce:add-to-cart-error': {
      kind: AddToCartErrorKind;
      message: string;
      pageType: ProductPageType;
      itemId: string;
    };
    /** SPEC 7 analytics: open and save of the custom product form. */
    'commerce:custom-form-open': { itemId: string; formId: string; pageType: ProductPageType };
    /** The quick-view overlay opened for a product (census RecordQuickView). */
    'commerce:quick-view': { itemId: string };
    'commerce:custom-form-save': { itemId: string; formId: string; pageType: ProductPageType };
  }
}

export function productSummary(item: ProductItemJson): AddToCartEventDetail['product'] {
  return {
    id: item.id,
    title: item.title,
    productType: item.structuredContent.productType,
    url: item.fullUrl,
    collectionId: item.collectionId,
  };
}

export function variantSummary(
  v: VariantJson | undefined,
): AddToCartEventDetail['selectedVariant'] {
  if (!v) return null;
  return {
    id: v.id,
    sku: v.sku,
    attributes: v.attributes,
    price: v.price,
    onSale: v.onSale,
    salePrice: v.salePrice,
  };
}

export { emit as emitProductEvent };
