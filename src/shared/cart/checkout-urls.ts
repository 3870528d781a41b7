/** SPEC 2 checkout routes the add-to-cart flow sends the browser to. */

export const EXPRESS_CHECKOUT_PATH = '/commerce/goto-checkout';

/** The shopper's checkout page (pageType 201); the cart page's Checkout button and express checkout end here. */
export const CHECKOUT_PATH = '/checkout';

export function subscriptionCheckoutUrl(cartToken: string): string {
  return `/checkout/subscribe?cartToken=${encodeURIComponent(cartToken)}`;
}

/** sku is optional (SPEC 2): left out when no denomination variant applies. */
export function giftCardCheckoutUrl(
  websiteId: string,
  giftCardProductId: string,
  sku?: string,
): string {
  const q = new URLSearchParams({ websiteId, giftCardProductId });
  if (sku) q.set('sku', sku);
  return `/checkout/giftcard?${q.toString()}`;
}
