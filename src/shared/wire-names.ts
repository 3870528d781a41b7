/**
 * Names both sides of the wire must agree on (issue 11: one home for each). The server sets and
 * reads these cookies and fields; the browser reads the readable ones and echoes the crumb.
 */

/** The double-submit crumb (DESIGN 7): a readable cookie, echoed in the header or a body field. */
export const CRUMB_COOKIE = 'crumb';
/** The header that echoes it (case-insensitive; the server looks it up lower-cased). */
export const CRUMB_HEADER = 'X-CSRF-Token';
/** The form field a page without JavaScript (or RecordEvent's urlencoded body) carries it in. */
export const CRUMB_FIELD = 'crumb';

/** The HttpOnly cart cookie (`{id}.{HMAC}`): it opens the cart, so scripts never see it. */
export const CART_COOKIE = 'cart';
/** Its readable companion, value '1': SPEC 4.2 loads the cart only when a cart cookie exists. */
export const CART_HINT_COOKIE = 'ss_cart';

/** The owner's HttpOnly session cookie. */
export const SESSION_COOKIE = 'sid';
/** Readable 'signed in' hint beside it (SPEC 4.2 loads the cart when authenticated). */
export const AUTH_HINT_COOKIE = 'ss_auth';

/** Issue 14: a signed-in customer's HttpOnly session cookie (per website: it is host-only). */
export const CUSTOMER_SESSION_COOKIE = 'ss_customer';
/**
 * SPEC 3.8's site-user cookie, readable by page scripts: URL-encoded JSON
 * `{"authenticated":true,"siteUserId":"…"}`. It grants nothing (the session cookie does); it
 * tells the cart store to load the cart and analytics to skip a signed-in member (SPEC 6).
 */
export const SITE_USER_COOKIE = 'SiteUserInfo';
