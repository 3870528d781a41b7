/**
 * Every error the product shows has a permanent code and a user-facing message here: the texts
 * (`Messages`, also used by the islands) and one record per code (`errorRegistry`: HTTP status,
 * default text, when it happens). `src/server/errors` answers with them; `docs/errors.md` is
 * generated from the registry (`npm run docs:errors`).
 * Messages are SPEC.md's exact strings where the SPEC has one: do not reword them.
 */
import { OwnerMessages } from './owner-messages.js';

export { OwnerMessages };

export const Messages = {
  // SPEC 8.1 / 5.1
  SESSION_EXPIRED: 'Your session has expired. Please reload the page and try again.',
  COOKIES_DISABLED: 'Please enable cookies in your browser, reload the page, and try again.',
  TOO_MANY_REQUESTS: 'Please try again in a few seconds.',
  VARIANT_UNAVAILABLE: 'Sorry, that item variant is unavailable. Please select another variant.',
  OUT_OF_STOCK: 'Sorry, we do not have enough of that item available.',
  QUANTITY_NOT_A_NUMBER: 'Quantity must be a number.',
  QUANTITY_NOT_WHOLE: 'Quantity must be a whole number',
  EXPRESS_CHECKOUT_NO_CART:
    'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.',
  GIFT_CARD_DENOMINATION: 'Select a denomination for the Gift Card',
  // Our own text: SPEC 9.1 gives the range (1 to 9999) but no message.
  QUANTITY_OUT_OF_RANGE: 'Quantity must be between 1 and 9999.',
  // SPEC 8.6 image width/height helpers.
  INVALID_ORIGINAL_SIZE: "Invalid source parameter. Pass in 'originalSize'",
  // SPEC 8.3
  UNABLE_UPDATE_QUANTITY: 'Unable to update quantity',
  UNABLE_REMOVE_ITEM: 'Unable to remove item',
  UNABLE_ADD_ITEM: 'Unable to add item',
  UNABLE_UPDATE_FORM: 'Unable to update form',
  UNABLE_OPEN_FORM: 'Unable to open form',
  CHECK_CONNECTION: 'Please check your internet connection.',
  PLEASE_TRY_AGAIN: 'Please try again.',
  CART_EMPTY: 'You have nothing in your shopping cart.',
  UPDATE_MISSING_INFO: 'Update the missing or invalid information above.',
  // SPEC 8.2 / 5.4
  RESTOCK_FAILED: 'Unable to submit form. Please try again later.',
  RESTOCK_SIGNED_UP: 'Signed up!',
  EMAIL_BLANK: 'Email cannot be blank',
  EMAIL_INVALID: 'Email is invalid',
  // SPEC 8.4
  FORM_UNAUTHORIZED: 'Unable to submit form. Please try again later.',
  FORM_NOT_CONFIGURED: 'This form has not been configured yet.',
  FORM_RATE_LIMITED:
    'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  FORM_SERVER_ERROR: 'Unable to send form. Please try again later.',
  FORM_UNKNOWN_ERROR: 'Unknown error, please try again later.',
  FORM_PROCESSING_ERROR: 'Error processing form submission. Please reload and try again.',
  FORM_NO_KEY: 'Could not get a form submission key, please try again later.',
  FORM_PARSE_ERROR: 'Could not parse the form fields, please check your entries.',
  FORM_INVALID_FIELDS: 'One or more fields is invalid, please check your entries.',
  FORM_BANNER_ABOVE: 'Your form has encountered a problem. Please scroll down to review.',
  FORM_BANNER_BELOW: 'Your form has encountered a problem. Please scroll up to review.',
  // SPEC 5.3 / 5.6
  REQUIRED: 'Required',
  LIKERT_MISSING: 'Survey is not valid. Missing a required question.',
  CHARACTER_LIMIT: 'You have exceeded the character limit.',
  FORM_EMAIL_INVALID:
    'Email is not valid. Email addresses should follow the format user@domain.com.',
  CAPTCHA_REQUIRED: 'Complete CAPTCHA before submitting.',
  // Platform errors of our own (no SPEC text exists)
  NOT_FOUND: 'Not found.',
  NO_SUCH_WEBSITE: 'There is no website at this address.',
  INVALID_REQUEST: 'The request is not valid.',
  FORBIDDEN: 'You do not have access to this website.',
  INTERNAL: 'Something went wrong',
  // Restock: our own text (SPEC 8.2 has only the fallback); the variant came back meanwhile.
  RESTOCK_IN_STOCK: 'This item is back in stock. Please reload the page.',
  // Cart API: our own texts (the SPEC has none for these server-side rules).
  SUBSCRIPTION_ONLY: 'This product is only available as a subscription.',
  NOT_SUBSCRIBABLE: 'This product is not available as a subscription.',
  SUBSCRIPTION_OPTION_UNAVAILABLE:
    'That subscription option is unavailable. Please select another option.',
  SERVICE_SINGLE_QUANTITY: 'Only one of this service can be added to your cart.',
  IDEMPOTENCY_KEY_REUSED:
    'This request was already made with different details. Please reload the page and try again.',
  // Checkout (issue 10): our own texts; field errors carry SPEC 5.7's postal texts.
  CHECKOUT_CART_CHANGED:
    'Your cart changed while you were checking out. Please review it and try again.',
  PAYMENT_METHOD_UNAVAILABLE: 'That payment method is not available on this store.',
  NOTHING_LEFT_TO_PAY: 'Nothing is left to pay: place the order without a card.',
  PAYMENT_ACTION_REQUIRED: 'Your bank needs you to confirm this payment.',
  PAYMENT_NOT_FOUND: 'This payment does not belong to this checkout. Please enter your card again.',
  PAYMENT_TOTAL_CHANGED:
    'Your order total changed after the card was confirmed. Please review it and pay again.',
  // SPEC 8.3; `{subtotal}` is the store's formatted minimum (shared/cart/cart-minimum.ts).
  CHECKOUT_MINIMUM_SUBTOTAL: 'To check out, your order subtotal must be {subtotal} or more.',
  // Our own texts: the payment provider's own message is shown when it gives one.
  PAYMENT_DECLINED: 'Your card was declined.',
  // Gift cards, subscriptions and discount codes (issue 15); our own texts, `{code}` filled.
  DISCOUNT_UNAVAILABLE: 'The discount code {code} can no longer be used. Remove it to check out.',
  GIFT_CARD_INVALID: 'This gift card code is not valid.',
  GIFT_CARD_BALANCE_CHANGED:
    "A gift card's balance changed while you were checking out. Please review the amounts and try again.",
  GIFT_CARD_FIELDS_INVALID:
    'Some gift card details are not valid. Please check the highlighted fields.',
  SUBSCRIPTION_LINK_INVALID: 'This subscription link is not valid or has expired.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  PAGE_PASSWORD_WRONG: 'That password is not right. Please try again.',
  // Comments on blog posts and other items (issue 14, docs/comments.md).
  COMMENT_INVALID: 'Please check your comment.',
  // Issue 14: customer accounts (our own texts).
  CUSTOMER_CODE_INVALID:
    'That code is not right, or it has expired. Check the newest mail or ask for a new code.',
  CUSTOMER_LINK_INVALID: 'This sign-in link has expired or was already used. Ask for a new code.',
  CUSTOMER_ACCOUNTS_OFF: 'This store does not offer customer accounts.',
  CUSTOMER_SIGN_IN_REQUIRED: 'Please sign in to your account.',
  COMMENTS_CLOSED: 'Comments are closed.',
  // Product reviews (issue 14, docs/reviews.md).
  REVIEW_INVALID: 'Please check your review.',
  REVIEW_EXISTS: 'You have already reviewed this product. Thank you!',
  REVIEW_LINK_INVALID: 'This review link is not valid or has expired.',
  REVIEWS_OFF: 'This shop is not taking reviews at the moment.',
} as const;

/** One registered error: what the server answers with and when it happens. */
export interface ErrorRecord {
  /** The HTTP status `src/server/errors/error-handler.ts` answers with. */
  readonly status: number;
  /** The default user-facing text: a `Messages` text (the SPEC's where it has one). */
  readonly message: string;
  /** When it happens, in one line (docs/errors.md). */
  readonly doc: string;
}

/**
 * Stable error codes, one record each. A code never changes meaning once published; add new ones
 * at the end (`errors-registry.test.ts` pins the count, so adding one is deliberate). The key is
 * the code clients see in `{ error: { code } }`. A service may throw a code with a more precise
 * text than the default (e.g. which option to choose); the status is always the record's.
 */
export const errorRegistry = {
  CRUMB_INVALID: {
    status: 403,
    message: Messages.SESSION_EXPIRED,
    doc: 'A write without a valid crumb (X-CSRF-Token or crumb field), or a cross-site write.',
  },
  COOKIES_DISABLED: {
    status: 403,
    message: Messages.COOKIES_DISABLED,
    doc: 'A write that brought no cookies at all, so no crumb could be checked.',
  },
  RATE_LIMITED: {
    status: 429,
    message: Messages.TOO_MANY_REQUESTS,
    doc: 'Too many requests from this address or to this website; Retry-After says when to retry.',
  },
  VALIDATION: {
    status: 400,
    message: Messages.INVALID_REQUEST,
    doc: 'The request does not match the route schema or the input boundary (the text says what).',
  },
  NOT_FOUND: {
    status: 404,
    message: Messages.NOT_FOUND,
    doc: 'No such API route, or no such record on this website.',
  },
  NO_SUCH_WEBSITE: {
    status: 404,
    message: Messages.NO_SUCH_WEBSITE,
    doc: 'An API call to a host that is no website of ours.',
  },
  INVALID_CREDENTIALS: {
    status: 401,
    message: OwnerMessages.INVALID_CREDENTIALS,
    doc: 'Sign-in with an unknown email or a wrong password.',
  },
  UNAUTHENTICATED: {
    status: 401,
    message: OwnerMessages.SIGN_IN_REQUIRED,
    doc: 'An owner-only API called without an owner session.',
  },
  FORBIDDEN: {
    status: 403,
    message: Messages.FORBIDDEN,
    doc: 'The signed-in owner has no role on this website that allows the call.',
  },
  INTERNAL: {
    status: 500,
    message: Messages.INTERNAL,
    doc: 'An unexpected failure; logged, and answered without internals.',
  },
  NO_VARIANT_SELECTED: {
    status: 400,
    message: Messages.INVALID_REQUEST,
    doc: "Add to cart with options still to choose; the text names them (SPEC 5.1) or asks for a gift card's denomination.",
  },
  VARIANT_UNAVAILABLE: {
    status: 400,
    message: Messages.VARIANT_UNAVAILABLE,
    doc: 'The item or variant does not exist (any more), or cannot be sold this way.',
  },
  OUT_OF_STOCK: {
    status: 409,
    message: Messages.OUT_OF_STOCK,
    doc: 'Not enough units left for the add or the order; `available` or `lines` say how many are.',
  },
  QUANTITY_NOT_A_NUMBER: {
    status: 400,
    message: Messages.QUANTITY_NOT_A_NUMBER,
    doc: 'The quantity is not a number.',
  },
  SUB_WITH_FORM_FAILURE: {
    status: 400,
    message: Messages.PLEASE_TRY_AGAIN,
    doc: "Recorded by the product island (SPEC 8.1): a subscription with a custom form failed; the server's text is shown.",
  },
  SUB_QUANTITY_NOT_A_WHOLE_NUMBER: {
    status: 400,
    message: Messages.QUANTITY_NOT_WHOLE,
    doc: 'A subscription with a fractional quantity.',
  },
  SUB_API_FAILURE: {
    status: 400,
    message: Messages.PLEASE_TRY_AGAIN,
    doc: "Recorded by the product island (SPEC 8.1): the subscription call failed; the server's text is shown.",
  },
  EXPRESS_CHECKOUT_FAILURE: {
    status: 400,
    message: Messages.EXPRESS_CHECKOUT_NO_CART,
    doc: 'Recorded by the product island (SPEC 8.1): express checkout found no cart cookie after the add.',
  },
  CUSTOM_FORM_RENDER_ERROR: {
    status: 400,
    message: '',
    doc: "Recorded by the product island (SPEC 8.1): the custom form could not be shown (a blank alert, the SPEC's text).",
  },
  CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK: {
    status: 400,
    message: Messages.OUT_OF_STOCK,
    doc: 'Recorded by the product island (SPEC 8.1): no stock left when the custom form would open.',
  },
  API_FAILURE: {
    status: 400,
    message: Messages.PLEASE_TRY_AGAIN,
    doc: "Recorded by the product island (SPEC 8.1): the add-to-cart call failed; the server's text is shown.",
  },
  QUANTITY_NOT_WHOLE: {
    status: 400,
    message: Messages.QUANTITY_NOT_WHOLE,
    doc: 'The quantity has a fraction.',
  },
  QUANTITY_OUT_OF_RANGE: {
    status: 400,
    message: Messages.QUANTITY_OUT_OF_RANGE,
    doc: 'The quantity is outside 1 to 9999 (SPEC 9.1), or more than one of a single-quantity service.',
  },
  CART_ENTRY_NOT_FOUND: {
    status: 404,
    message: Messages.NOT_FOUND,
    doc: "The cart line to change, remove or open the form of is not in the shopper's cart.",
  },
  FORM_NOT_CONFIGURED: {
    status: 404,
    message: Messages.FORM_NOT_CONFIGURED,
    doc: 'The form id names no form of this website (SPEC 8.4 404).',
  },
  FORM_KEY_INVALID: {
    status: 401,
    message: Messages.FORM_UNAUTHORIZED,
    doc: 'The form submission key is missing, forged, used, expired or from another website (SPEC 8.4 401).',
  },
  FORM_FIELDS_INVALID: {
    status: 400,
    message: Messages.FORM_INVALID_FIELDS,
    doc: 'Form or additional-fields answers fail validation; `errors` maps field ids to texts (SPEC 8.4 400).',
  },
  CAPTCHA_FAILED: {
    status: 400,
    message: Messages.CAPTCHA_REQUIRED,
    doc: 'The CAPTCHA answer is missing or not accepted by the provider.',
  },
  EMAIL_BLANK: {
    status: 400,
    message: Messages.EMAIL_BLANK,
    doc: 'A restock sign-up without an email.',
  },
  EMAIL_INVALID: {
    status: 400,
    message: Messages.EMAIL_INVALID,
    doc: 'A restock sign-up whose email is not valid.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: Messages.PAYLOAD_TOO_LARGE,
    doc: "The body is larger than the route's limit.",
  },
  RESTOCK_IN_STOCK: {
    status: 409,
    message: Messages.RESTOCK_IN_STOCK,
    doc: 'A restock sign-up for a variant that is back in stock meanwhile.',
  },
  SUBSCRIPTION_ONLY: {
    status: 400,
    message: Messages.SUBSCRIPTION_ONLY,
    doc: 'A one-time add of a product sold only as a subscription.',
  },
  NOT_SUBSCRIBABLE: {
    status: 400,
    message: Messages.NOT_SUBSCRIBABLE,
    doc: 'A subscription checkout for a product that is not subscribable.',
  },
  SUBSCRIPTION_OPTION_UNAVAILABLE: {
    status: 400,
    message: Messages.SUBSCRIPTION_OPTION_UNAVAILABLE,
    doc: "The chosen subscription option is not one of the product's.",
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: Messages.IDEMPOTENCY_KEY_REUSED,
    doc: 'An Idempotency-Key sent again with a different request.',
  },
  CART_EMPTY: {
    status: 400,
    message: Messages.CART_EMPTY,
    doc: 'A quote or order for a cart that is missing or has no lines (SPEC 8.3).',
  },
  CHECKOUT_FIELDS_INVALID: {
    status: 400,
    message: Messages.UPDATE_MISSING_INFO,
    doc: 'Checkout contact, address or shipping fields are missing or invalid; `errors` maps them (SPEC 8.3).',
  },
  CHECKOUT_MINIMUM_SUBTOTAL: {
    status: 400,
    message: Messages.CHECKOUT_MINIMUM_SUBTOTAL,
    doc: "The cart's subtotal is below the store's minimum; the text gives the minimum (SPEC 8.3).",
  },
  CHECKOUT_CART_CHANGED: {
    status: 409,
    message: Messages.CHECKOUT_CART_CHANGED,
    doc: 'The cart changed between the quote and placing the order.',
  },
  PAYMENT_DECLINED: {
    status: 402,
    message: Messages.PAYMENT_DECLINED,
    doc: "The payment provider declined the payment; the provider's text when it gives one.",
  },
  PAYMENT_ACTION_REQUIRED: {
    status: 402,
    message: Messages.PAYMENT_ACTION_REQUIRED,
    doc: "The shopper's bank asks for a confirmation (3-D Secure) before the payment completes.",
  },
  ORDER_ACTION_INVALID: {
    status: 409,
    message: OwnerMessages.ORDER_ACTION_INVALID,
    doc: "An owner's order action that the order's state does not allow (the text says why).",
  },
  REFUND_TOO_LARGE: {
    status: 409,
    message: OwnerMessages.REFUND_TOO_LARGE,
    doc: 'A refund above what was paid and not yet refunded; `refundable` says how much is left.',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 400,
    message: OwnerMessages.WEBHOOK_SIGNATURE_INVALID,
    doc: 'A payment webhook whose signature does not verify.',
  },
  CHECKOUT_SETTINGS_INVALID: {
    status: 400,
    message: OwnerMessages.CHECKOUT_SETTINGS_INVALID,
    doc: "The owner's checkout settings fail their checks; `errors` maps the fields.",
  },
  DISCOUNT_UNAVAILABLE: {
    status: 409,
    message: Messages.DISCOUNT_UNAVAILABLE,
    doc: 'Placing an order with a code that ran out (usage limit, once per email, ended) since the quote.',
  },
  DISCOUNT_INVALID: {
    status: 400,
    message: OwnerMessages.DISCOUNT_INVALID,
    doc: "An owner's discount save that fails its checks; `fieldErrors` maps each field to its text.",
  },
  DISCOUNT_CODE_TAKEN: {
    status: 409,
    message: OwnerMessages.DISCOUNT_CODE_TAKEN,
    doc: 'A discount code already used by another discount of the website (case-insensitive).',
  },
  GIFT_CARD_INVALID: {
    status: 400,
    message: Messages.GIFT_CARD_INVALID,
    doc: 'Placing an order with a gift card code that is unknown, disabled, empty or in another currency.',
  },
  GIFT_CARD_BALANCE_CHANGED: {
    status: 409,
    message: Messages.GIFT_CARD_BALANCE_CHANGED,
    doc: 'A gift card was spent by another order between the quote and this one (the race is lost).',
  },
  GIFT_CARD_FIELDS_INVALID: {
    status: 400,
    message: Messages.GIFT_CARD_FIELDS_INVALID,
    doc: 'A gift card purchase or issue that fails its checks; `fieldErrors` maps each field.',
  },
  SUBSCRIPTION_ACTION_INVALID: {
    status: 409,
    message: OwnerMessages.SUBSCRIPTION_ACTION_INVALID,
    doc: 'A subscription action its state does not allow (skip a cancelled one, resume an active one…).',
  },
  SUBSCRIPTION_LINK_INVALID: {
    status: 404,
    message: Messages.SUBSCRIPTION_LINK_INVALID,
    doc: "A shopper's subscription link whose signature does not verify or that names no subscription.",
  },
  EVENT_INVALID: {
    status: 400,
    message: OwnerMessages.EVENT_INVALID,
    doc: 'A telemetry event that does not match its named JSON Schema; `errors` lists why.',
  },
  EVENT_SCHEMA_UNKNOWN: {
    status: 400,
    message: OwnerMessages.EVENT_SCHEMA_UNKNOWN,
    doc: 'A telemetry event naming no known schema.',
  },
  PRODUCT_INVALID: {
    status: 400,
    message: OwnerMessages.PRODUCT_INVALID,
    doc: "An owner's product save that fails its checks; `fieldErrors` maps each field to its text.",
  },
  PRODUCT_CONFLICT: {
    status: 409,
    message: OwnerMessages.PRODUCT_CONFLICT,
    doc: 'A product save naming an older `version` than the stored one: someone else saved first.',
  },
  TAG_ONE_AT_A_TIME: {
    status: 400,
    message: OwnerMessages.TAG_ONE_AT_A_TIME,
    doc: 'A tag or category rename naming more than one (SPEC 5.7); `{tagType}` filled.',
  },
  TAG_EXISTS: {
    status: 409,
    message: OwnerMessages.TAG_EXISTS,
    doc: 'A tag or category rename onto a name that exists (SPEC 5.7); merge instead.',
  },
  DATASET_INVALID: {
    status: 400,
    message: OwnerMessages.DATASET_NO_ROWS,
    doc: 'A CSV import without rows or columns, or with rows the import cannot use (SPEC 5.7 texts; `errors` lists rows).',
  },
  FILE_NAME_REQUIRED: {
    status: 400,
    message: OwnerMessages.FILE_NAME_REQUIRED,
    doc: 'A media rename to a blank name (SPEC 5.7).',
  },
  FILE_TOO_LARGE: {
    status: 413,
    message: OwnerMessages.FILE_TOO_LARGE,
    doc: 'An upload above the size limit for its kind (SPEC 5.7; name and limit filled).',
  },
  FILE_TYPE_UNSUPPORTED: {
    status: 415,
    message: OwnerMessages.FILE_TYPE_UNSUPPORTED,
    doc: 'An upload whose bytes are not a supported type, whatever its name says (SPEC 5.7).',
  },
  MAILING_LIST_REQUIRED: {
    status: 400,
    message: OwnerMessages.MAILING_LIST_REQUIRED,
    doc: 'A newsletter block or form saved without a mailing list (SPEC 5.7).',
  },
  FORM_DEFINITION_INVALID: {
    status: 400,
    message: OwnerMessages.FORM_DEFINITION_INVALID,
    doc: "An owner's form save that fails its checks; `fieldErrors` maps each field to its text.",
  },
  MEDIA_IN_USE: {
    status: 409,
    message: OwnerMessages.MEDIA_IN_USE,
    doc: 'Deleting a media asset a product or page item still uses; `usedBy` lists them (docs/media.md).',
  },
  CONTENT_INVALID: {
    status: 400,
    message: OwnerMessages.CONTENT_INVALID,
    doc: 'A page, item, styles or settings save that fails its checks; `fieldErrors` maps each field (e.g. `sections.0.blocks.2.url`) to its text.',
  },
  CONTENT_CONFLICT: {
    status: 409,
    message: OwnerMessages.CONTENT_CONFLICT,
    doc: 'A page, item, styles or settings save naming an older `version` than the stored one.',
  },
  CONTENT_LOCKED: {
    status: 423,
    message: OwnerMessages.CONTENT_LOCKED,
    doc: "A save of a page or item whose edit lock another owner holds (SPEC 'This page is locked.'); `details.holder` names them.",
  },
  SLUG_TAKEN: {
    status: 409,
    message: OwnerMessages.SLUG_TAKEN,
    doc: 'A page or item slug that another page or item of the same place already uses.',
  },
  PAGE_NOT_DELETABLE: {
    status: 409,
    message: OwnerMessages.PAGE_NOT_DELETABLE,
    doc: 'Deleting the home page, the footer, the 404 page or the shop.',
  },
  FOLDER_NOT_EMPTY: {
    status: 409,
    message: OwnerMessages.FOLDER_NOT_EMPTY,
    doc: 'Deleting a navigation folder that still holds pages.',
  },
  PAGE_PASSWORD_WRONG: {
    status: 403,
    message: Messages.PAGE_PASSWORD_WRONG,
    doc: "A visitor's wrong password on a protected page's lock screen (pageType 103).",
  },
  COMMENT_INVALID: {
    status: 400,
    message: Messages.COMMENT_INVALID,
    doc: 'A comment without a name, a valid email or a body, too long, with too many links, or replying to a reply; `fields` says which.',
  },
  COMMENTS_CLOSED: {
    status: 403,
    message: Messages.COMMENTS_CLOSED,
    doc: 'A comment on an item whose comments are off (SPEC 4.7), or a reply to a comment that is not shown.',
  },
  REVIEW_INVALID: {
    status: 400,
    message: Messages.REVIEW_INVALID,
    doc: 'A review without a rating of 1–5, a body or a name, too long, or of a product the order did not buy; `fields` says which.',
  },
  REVIEW_EXISTS: {
    status: 409,
    message: Messages.REVIEW_EXISTS,
    doc: 'A second review of the same product from the same order (one review per product per order).',
  },
  REVIEW_LINK_INVALID: {
    status: 404,
    message: Messages.REVIEW_LINK_INVALID,
    doc: "A review link (the order mail's) whose signature does not verify, that has expired, or whose order is gone or cancelled.",
  },
  REVIEWS_OFF: {
    status: 403,
    message: Messages.REVIEWS_OFF,
    doc: 'Reading or writing reviews on a website whose reviews are off (Settings → Reviews).',
  },
  CUSTOMER_CODE_INVALID: {
    status: 400,
    message: Messages.CUSTOMER_CODE_INVALID,
    doc: 'A customer sign-in code that is wrong, used, expired or from an older request (issue 14).',
  },
  CUSTOMER_LINK_INVALID: {
    status: 400,
    message: Messages.CUSTOMER_LINK_INVALID,
    doc: "A customer sign-in link that is unknown, used, expired or another website's.",
  },
  CUSTOMER_ACCOUNTS_OFF: {
    status: 404,
    message: Messages.CUSTOMER_ACCOUNTS_OFF,
    doc: 'A customer account page or API on a website with customer accounts turned off.',
  },
  CUSTOMER_SIGN_IN_REQUIRED: {
    status: 401,
    message: Messages.CUSTOMER_SIGN_IN_REQUIRED,
    doc: 'A customer account API without a signed-in customer.',
  },
  SIGNUP_DISABLED: {
    status: 403,
    message: OwnerMessages.SIGNUP_DISABLED,
    doc: 'Sign-up when the server does not allow it (production without ALLOW_SIGNUP).',
  },
  EMAIL_TAKEN: {
    status: 409,
    message: OwnerMessages.EMAIL_TAKEN,
    doc: 'Sign-up with an email that already has an account.',
  },
  PASSWORD_TOO_WEAK: {
    status: 400,
    message: OwnerMessages.PASSWORD_TOO_WEAK,
    doc: 'Sign-up, password reset or invite acceptance with a password shorter than 10 characters.',
  },
  TOKEN_INVALID: {
    status: 400,
    message: OwnerMessages.TOKEN_INVALID,
    doc: 'A verify, password-reset or invite token that is unknown, used already or expired.',
  },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: OwnerMessages.EMAIL_NOT_VERIFIED,
    doc: 'Sign-in to an account whose email was never verified.',
  },
  TOTP_REQUIRED: {
    status: 401,
    message: OwnerMessages.TOTP_REQUIRED,
    doc: 'Sign-in with the right password to an account with two-step sign-in, without a code.',
  },
  TOTP_INVALID: {
    status: 400,
    message: OwnerMessages.TOTP_INVALID,
    doc: 'A wrong or reused authenticator or recovery code.',
  },
  WEBSITE_SLUG_TAKEN: {
    status: 409,
    message: OwnerMessages.WEBSITE_SLUG_TAKEN,
    doc: 'Creating or importing a website with a slug another website has.',
  },
  WEBSITE_INVALID: {
    status: 400,
    message: OwnerMessages.WEBSITE_INVALID,
    doc: 'A new website without a title, with a malformed slug, or an unsupported language or currency; `fields` says which.',
  },
  THEME_UNKNOWN: {
    status: 400,
    message: OwnerMessages.THEME_UNKNOWN,
    doc: 'Creating a website from a theme that is not in themes/.',
  },
  DOMAIN_TAKEN: {
    status: 409,
    message: OwnerMessages.DOMAIN_TAKEN,
    doc: 'Adding a custom domain another website already has.',
  },
  DOMAIN_INVALID: {
    status: 400,
    message: OwnerMessages.DOMAIN_INVALID,
    doc: "Adding a custom domain that is not a host name (or is the platform's own).",
  },
  IMPORT_INVALID: {
    status: 400,
    message: OwnerMessages.IMPORT_INVALID,
    doc: 'Importing a file that is not a website export zip or whose JSON does not match.',
  },
  MEMBER_EXISTS: {
    status: 409,
    message: OwnerMessages.MEMBER_EXISTS,
    doc: 'Inviting an email that already has a role on the website.',
  },
  LAST_ADMIN: {
    status: 409,
    message: OwnerMessages.LAST_ADMIN,
    doc: 'Removing the last administrator of a website or changing their role.',
  },
  ROLE_INVALID: {
    status: 400,
    message: OwnerMessages.ROLE_INVALID,
    doc: 'Inviting or changing a member to a role that is not offered (SPEC 3.10 numbers).',
  },
  DEVELOPER_MODE_OFF: {
    status: 403,
    message: OwnerMessages.DEVELOPER_MODE_OFF,
    doc: 'A developer-mode files call on a website whose developer mode is off.',
  },
  TEMPLATE_ERRORS: {
    status: 422,
    message: OwnerMessages.TEMPLATE_ERRORS,
    doc: 'Saving a theme file that does not compile; `errors` lists `{ file, line, message }` and nothing is published.',
  },
  THEME_FILE_INVALID: {
    status: 400,
    message: OwnerMessages.THEME_FILE_INVALID,
    doc: 'A developer-mode path outside the theme or of a kind the theme does not have.',
  },
} as const satisfies Record<string, ErrorRecord>;

export type ErrorCode = keyof typeof errorRegistry;

/**
 * `ErrorCode.X === 'X'`, for code that names a code. Built from the registry so there is one list;
 * pure, so bundles that only need `Messages` (the islands) leave the registry out.
 */
export const ErrorCode = /* @__PURE__ */ codesOf(errorRegistry);

function codesOf<C extends string>(registry: Record<C, ErrorRecord>): { readonly [K in C]: K } {
  return Object.fromEntries(Object.keys(registry).map((c) => [c, c])) as { readonly [K in C]: K };
}
