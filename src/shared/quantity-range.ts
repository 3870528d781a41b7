/**
 * SPEC 5.2 / 9.1: quantity inputs (product form, cart page) and the cart API accept whole
 * numbers from 1 to 9999. Its own module so the cart page's chunk need not load product rules.
 */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
