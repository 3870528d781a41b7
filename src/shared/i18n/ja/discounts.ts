/**
 * How a Japanese store names an automatic discount that has no title (checkout totals, cart,
 * order pages and mails: shared/checkout/discounts.ts `describeDiscount`). Not a text-pack area:
 * the server words the label, so no storefront bundle loads this table. Typed where it is used
 * (`DiscountWords`), which keeps this file free of imports.
 */
const JA = {
  percentOff: '{percent}%オフ',
  amountOff: '{amount}オフ',
  freeShipping: '送料無料',
  moneyLocale: 'ja-JP',
};

export default JA;
