/**
 * Product rules of SPEC 4.7, 5.1, 5.2, 5.5 and 9.1/9.2 as pure functions over the product JSON of
 * `./types.ts`, shared by the server (templates, cart API) and the islands so both always agree.
 * Import everything from here; the files behind it are split by topic.
 */
export * from './rules-product.js';
export * from './rules-add-to-cart.js';
export * from './rules-scarcity.js';
export * from './rules-installment.js';
export * from './rules-subscription.js';
