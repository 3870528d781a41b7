/** SPEC 9.1 default texts. */
export const ProductTexts = {
  ADD_TO_CART: 'Add To Cart',
  SUBSCRIBE: 'Subscribe',
  QUANTITY: 'Quantity',
  QUICK_VIEW: 'Quick View',
  SOLD_OUT: 'sold out',
  SALE: 'sale',
  SALE_PRICE: 'Sale Price:',
  ORIGINAL_PRICE: 'Original Price:',
  /** `{fromPrice}` is replaced by the formatted lowest price. */
  FROM_PRICE: 'from {fromPrice}',
  SELECT_VALUE: 'Select Value',
  EMPTY_ANSWER: 'N/A',
  // SPEC 4.1 button states.
  ADDING: 'Adding…',
  ADDED: 'Added!',
  SELECT_OPTION: 'Select Option',
  SOLD_OUT_BUTTON: 'Sold Out',
  // SPEC 8.6: a subscription plan without a price unit.
  UNAVAILABLE: 'Unavailable',
} as const;
