/**
 * SPEC values the dashboard needs, restated here on purpose: importing `src/shared/enums.ts`,
 * `shared/forms/parts.ts` or `shared/restock/types.ts` from the editor makes Vite split those
 * modules out of the storefront's island chunks into shared chunks (+2 requests and ~0.7 KB gzip
 * on every product page). `editor-constants.test.ts` pins each value to its source of truth.
 */

/** `RESTOCK_API` of `src/shared/restock/types.ts` (the owner's restock paths). */
export const RESTOCK_PATHS = {
  groups: '/api/site-users/account/notifications/restock/groups',
  signUps: '/api/site-users/account/notifications/restock',
  send: '/api/site-users/account/notifications/restock/send',
  sendAll: '/api/site-users/account/notifications/restock/send/all',
  sends: '/api/site-users/account/notifications/restock/sends',
  settings: '/api/site-users/account/notifications/restock/settings',
} as const;

/** Product types whose stock can run out: `tracksStock` of `shared/product/rules-product.ts`. */
export const STOCKED_PRODUCT_TYPES: readonly number[] = [1, 3];

/** SPEC 3.10 collection type of a product list page. */
export const PRODUCTS_COLLECTION_TYPE = 13;

/** SPEC 3.6 likert scale, value → label (`LIKERT_SCALE` of `shared/forms/parts.ts`). */
export const LIKERT_LABELS: Readonly<Record<string, string>> = {
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
};
