/** SPEC 3.4 merchandising views and the low-stock (scarcity) message. */
import type { MerchandisingContextJson, ProductJson, VariantJson } from './types.js';
import { tracksStock } from './rules-product.js';

/**
 * Where a merchandising feature may show; `restockNotificationViews` and `scarcityTemplateViews`
 * list these names.
 */
export const MerchandisingView = {
  PRODUCT_DETAIL: 'PRODUCT_DETAIL',
  PRODUCT_QUICK_VIEW: 'PRODUCT_QUICK_VIEW',
  PRODUCT_BLOCK: 'PRODUCT_BLOCK',
  ADD_ON: 'ADD_ON',
} as const;
export type MerchandisingView = (typeof MerchandisingView)[keyof typeof MerchandisingView];

/** The view a tracking page type (SPEC 2.1) shows a product in; list grids open quick view. */
export function merchandisingViewOf(pageType: string): MerchandisingView {
  switch (pageType) {
    case 'plp':
      return MerchandisingView.PRODUCT_QUICK_VIEW;
    case 'product_block':
      return MerchandisingView.PRODUCT_BLOCK;
    case 'add-on':
      return MerchandisingView.ADD_ON;
    default:
      return MerchandisingView.PRODUCT_DETAIL;
  }
}

/** Whether the restock sign-up form belongs in this view (the variant must also be sold out). */
export function restockFormEnabled(
  merchandising: Pick<MerchandisingContextJson, 'restockNotificationViews'>,
  view: string,
): boolean {
  return merchandising.restockNotificationViews.includes(view);
}

/** Low stock means at most this many units unless the site sets `scarcityThreshold`. */
export const DEFAULT_SCARCITY_THRESHOLD = 5;
export const DEFAULT_SCARCITY_TEXT = 'Only {quantity} left in stock';

export interface ScarcityResult {
  visible: boolean;
  /** The site's text with `{quantity}` filled in ('' when not visible). */
  text: string;
  quantity: number;
}

const HIDDEN: ScarcityResult = { visible: false, text: '', quantity: 0 };

/**
 * The scarcity message for the chosen variant, or — before a choice, when the site shows it by
 * default — for the product's total stock. Only physical and service products can run low;
 * unlimited or sold-out stock shows nothing (sold out has its own mark).
 */
export function scarcity(args: {
  product: Pick<ProductJson, 'productType' | 'variants'>;
  variant: Pick<VariantJson, 'unlimited' | 'qtyInStock'> | undefined;
  merchandising: Pick<
    MerchandisingContextJson,
    | 'scarcityEnabled'
    | 'scarcityTemplateViews'
    | 'scarcityText'
    | 'scarcityShownByDefault'
    | 'scarcityThreshold'
  >;
  view: string;
}): ScarcityResult {
  const { product, merchandising: m, view } = args;
  if (!m.scarcityEnabled || !m.scarcityTemplateViews.includes(view)) return HIDDEN;
  if (!tracksStock(product.productType)) return HIDDEN;
  const variant = args.variant ?? (product.variants.length === 1 ? product.variants[0] : undefined);
  let quantity: number;
  if (variant) {
    if (variant.unlimited) return HIDDEN;
    quantity = variant.qtyInStock;
  } else {
    if (!m.scarcityShownByDefault || product.variants.some((v) => v.unlimited)) return HIDDEN;
    quantity = product.variants.reduce((sum, v) => sum + Math.max(0, v.qtyInStock), 0);
  }
  const threshold = m.scarcityThreshold ?? DEFAULT_SCARCITY_THRESHOLD;
  if (quantity <= 0 || quantity > threshold) return HIDDEN;
  const template = m.scarcityText.trim() || DEFAULT_SCARCITY_TEXT;
  return { visible: true, text: template.replaceAll('{quantity}', String(quantity)), quantity };
}
