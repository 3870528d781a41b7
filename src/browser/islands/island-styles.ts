import { CART_STYLES } from './cart/styles.js';
import { FORM_STYLES } from './forms/styles.js';
import { PRODUCT_STYLES } from './product/styles.js';
import { RESTOCK_STYLES } from './restock/styles.js';

/**
 * Every island's own sheet. The server inlines them in each page's head (render/assets.ts), so
 * server-rendered islands are styled from the first paint and hydration shifts nothing. Only the
 * server imports them: islands run only on pages whose head has them (the same `assetsHead`
 * loads the islands), so the browser bundles carry no second copy of the CSS.
 */
export const islandStyleSheets: readonly { id: string; css: string }[] = [
  CART_STYLES,
  FORM_STYLES,
  PRODUCT_STYLES,
  RESTOCK_STYLES,
];
