import { CART_STYLES } from './cart/styles.js';
import { FORM_STYLES } from './forms/styles.js';
import { PRODUCT_STYLES } from './product/styles.js';
import { RESTOCK_STYLES } from './restock/styles.js';

/**
 * Every island's own sheet. The server inlines them in each page's head, so server-rendered
 * islands are styled from the first paint and hydration shifts nothing; each island's
 * `ensure…Styles()` then finds its sheet by id and adds nothing (it still injects it where a
 * page lacks it, e.g. an island mounted into a page of another renderer).
 */
export const islandStyleSheets: readonly { id: string; css: string }[] = [
  CART_STYLES,
  FORM_STYLES,
  PRODUCT_STYLES,
  RESTOCK_STYLES,
];
