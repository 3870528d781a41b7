/** SPEC 2.2 / 8.1: the add-to-cart alert dialog's title depends on what was being bought. */
export const ALERT_TITLES = {
  add: 'Unable to Add Item',
  express: 'Unable to Purchase Item',
  giftCard: 'Unable to purchase Gift Card',
} as const;

export function alertTitle(opts: { expressCheckout: boolean; giftCard: boolean }): string {
  if (opts.giftCard) return ALERT_TITLES.giftCard;
  return opts.expressCheckout ? ALERT_TITLES.express : ALERT_TITLES.add;
}
