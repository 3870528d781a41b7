/**
 * Every error the product shows has a permanent code and a user-facing message here.
 * The server maps codes to HTTP statuses (src/server/errors); the browser shows the same texts.
 * Messages are SPEC.md's exact strings where the SPEC has one: do not reword them.
 */
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
  INVALID_CREDENTIALS: 'The email or password is incorrect.',
  SIGN_IN_REQUIRED: 'Please sign in to continue.',
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
  PAYMENT_ACTION_REQUIRED: 'Your bank needs you to confirm this payment.',
  PAYMENT_NOT_FOUND: 'This payment does not belong to this checkout. Please enter your card again.',
  PAYMENT_TOTAL_CHANGED:
    'Your order total changed after the card was confirmed. Please review it and pay again.',
  ORDER_ACTION_INVALID: 'This order cannot be changed that way.',
  REFUND_TOO_LARGE: 'A refund cannot be more than what was paid and not yet refunded.',
  WEBHOOK_SIGNATURE_INVALID: 'The webhook signature is not valid.',
  CHECKOUT_SETTINGS_INVALID:
    'Some checkout settings are not valid. Please check the highlighted fields.',
} as const;

export type MessageKey = keyof typeof Messages;

/**
 * Stable error codes. A code never changes meaning once published; add new ones at the end.
 * The value is the code clients see in `{ error: { code } }`.
 */
export const ErrorCode = {
  CRUMB_INVALID: 'CRUMB_INVALID',
  COOKIES_DISABLED: 'COOKIES_DISABLED',
  RATE_LIMITED: 'RATE_LIMITED',
  VALIDATION: 'VALIDATION',
  NOT_FOUND: 'NOT_FOUND',
  NO_SUCH_WEBSITE: 'NO_SUCH_WEBSITE',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  INTERNAL: 'INTERNAL',
  // SPEC 8.1 recorded error kinds double as API codes for add-to-cart failures.
  NO_VARIANT_SELECTED: 'NO_VARIANT_SELECTED',
  VARIANT_UNAVAILABLE: 'VARIANT_UNAVAILABLE',
  OUT_OF_STOCK: 'OUT_OF_STOCK',
  QUANTITY_NOT_A_NUMBER: 'QUANTITY_NOT_A_NUMBER',
  SUB_WITH_FORM_FAILURE: 'SUB_WITH_FORM_FAILURE',
  SUB_QUANTITY_NOT_A_WHOLE_NUMBER: 'SUB_QUANTITY_NOT_A_WHOLE_NUMBER',
  SUB_API_FAILURE: 'SUB_API_FAILURE',
  EXPRESS_CHECKOUT_FAILURE: 'EXPRESS_CHECKOUT_FAILURE',
  CUSTOM_FORM_RENDER_ERROR: 'CUSTOM_FORM_RENDER_ERROR',
  CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK: 'CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK',
  API_FAILURE: 'API_FAILURE',
  QUANTITY_NOT_WHOLE: 'QUANTITY_NOT_WHOLE',
  QUANTITY_OUT_OF_RANGE: 'QUANTITY_OUT_OF_RANGE',
  CART_ENTRY_NOT_FOUND: 'CART_ENTRY_NOT_FOUND',
  FORM_NOT_CONFIGURED: 'FORM_NOT_CONFIGURED',
  FORM_KEY_INVALID: 'FORM_KEY_INVALID',
  FORM_FIELDS_INVALID: 'FORM_FIELDS_INVALID',
  CAPTCHA_FAILED: 'CAPTCHA_FAILED',
  EMAIL_BLANK: 'EMAIL_BLANK',
  EMAIL_INVALID: 'EMAIL_INVALID',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RESTOCK_IN_STOCK: 'RESTOCK_IN_STOCK',
  SUBSCRIPTION_ONLY: 'SUBSCRIPTION_ONLY',
  NOT_SUBSCRIBABLE: 'NOT_SUBSCRIBABLE',
  SUBSCRIPTION_OPTION_UNAVAILABLE: 'SUBSCRIPTION_OPTION_UNAVAILABLE',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  // Checkout and orders (issue 10).
  CART_EMPTY: 'CART_EMPTY',
  CHECKOUT_FIELDS_INVALID: 'CHECKOUT_FIELDS_INVALID',
  CHECKOUT_MINIMUM_SUBTOTAL: 'CHECKOUT_MINIMUM_SUBTOTAL',
  CHECKOUT_CART_CHANGED: 'CHECKOUT_CART_CHANGED',
  PAYMENT_DECLINED: 'PAYMENT_DECLINED',
  PAYMENT_ACTION_REQUIRED: 'PAYMENT_ACTION_REQUIRED',
  ORDER_ACTION_INVALID: 'ORDER_ACTION_INVALID',
  REFUND_TOO_LARGE: 'REFUND_TOO_LARGE',
  WEBHOOK_SIGNATURE_INVALID: 'WEBHOOK_SIGNATURE_INVALID',
  CHECKOUT_SETTINGS_INVALID: 'CHECKOUT_SETTINGS_INVALID',
  // Telemetry: an event that does not match its named JSON Schema, or names no known schema.
  EVENT_INVALID: 'EVENT_INVALID',
  EVENT_SCHEMA_UNKNOWN: 'EVENT_SCHEMA_UNKNOWN',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
