/** SPEC 7's storefront analytics events, by the name islands and the tracker use. */
export const COMMERCE_EVENTS = {
  visit_product_page: 'CommerceVisitProductPage',
  visit_product_list_page: 'CommerceVisitProductListPage',
  add_to_cart: 'CommerceAddToCart',
  view_cart: 'CommerceViewCart',
  remove_from_cart: 'CommerceRemoveFromCart',
  related_product_display: 'CommerceRelatedProductDisplay',
  add_to_cart_and_click: 'CommerceAddToCartAndClick',
  reviews_tab: 'CommerceReviewsTab',
  custom_form_open: 'CommerceCustomFormOpen',
  custom_form_save: 'CommerceCustomFormSave',
  /** Recorded by the server (issue 10): a cart's first checkout quote, and a placed order. */
  checkout_started: 'CommerceCheckoutStarted',
  purchase: 'CommercePurchase',
} as const;

export type CommerceEventName = keyof typeof COMMERCE_EVENTS;
export type CommerceSchemaName = (typeof COMMERCE_EVENTS)[CommerceEventName];

/** The fields every commerce event carries (SPEC 7). */
export interface CommerceCommonFields {
  website_id: string;
  page_id: string | null;
  cart_id: string | null;
  logged_in: boolean;
  session_id: string | null;
}
