export { loadStoreCurrency } from '../store-currency.js';

export const DISCOUNTS_API = '/api/commerce/discounts';
