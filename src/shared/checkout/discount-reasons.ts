/**
 * Why a discount does not apply (issue 15), on its own so the checkout's texts load only these
 * words, not the owner's checks (discounts.ts re-exports them).
 */
/** Shown to shoppers beside the code field (SPEC 3.1). */
export const DiscountReasons = {
  NOT_VALID: 'This code is not valid.',
  EXPIRED: 'This code has expired.',
  NOT_YET: 'This code is not valid yet.',
  MINIMUM: 'Spend {amount} or more to use this code.',
  USED_UP: 'This code has been used up.',
  USED_BY_EMAIL: 'This code was already used with this email.',
  NO_ITEMS: 'This code does not apply to the items in your cart.',
  EMPTY_CART: 'Add something to your cart to use this code.',
  BETTER_DISCOUNT: 'A larger discount is already applied to this order.',
} as const;

/** Why a gift card code cannot pay (issue 15), beside the same field; `{currency}` filled. */
export const GiftCardReasons = {
  DISABLED: 'This gift card has been disabled.',
  EMPTY: 'This gift card has no balance left.',
  CURRENCY: 'This gift card is in {currency} and cannot pay this order.',
} as const;
