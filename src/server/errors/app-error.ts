import { ErrorCode, Messages } from '../../shared/errors.js';

/**
 * The one error type services throw for expected failures. `status` comes from `statusOf` below
 * (codes and messages are in `src/shared/errors.ts`), so routes never pick HTTP statuses by hand.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    /** Extra JSON merged into the response body (e.g. per-field errors, how many more fit). */
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Status per code; anything not listed is a 400. */
const statusOf: Partial<Record<ErrorCode, number>> = {
  CRUMB_INVALID: 403,
  COOKIES_DISABLED: 403,
  RATE_LIMITED: 429,
  NOT_FOUND: 404,
  NO_SUCH_WEBSITE: 404,
  CART_ENTRY_NOT_FOUND: 404,
  FORM_NOT_CONFIGURED: 404,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  FORM_KEY_INVALID: 401,
  FORBIDDEN: 403,
  INTERNAL: 500,
  PAYLOAD_TOO_LARGE: 413,
  OUT_OF_STOCK: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  RESTOCK_IN_STOCK: 409,
  CHECKOUT_CART_CHANGED: 409,
  PAYMENT_DECLINED: 402,
  PAYMENT_ACTION_REQUIRED: 402,
  ORDER_ACTION_INVALID: 409,
  REFUND_TOO_LARGE: 409,
};

export function appError(
  code: ErrorCode,
  message: string = defaultMessage(code),
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): AppError {
  return new AppError(code, message, statusOf[code] ?? 400, details, headers);
}

function defaultMessage(code: ErrorCode): string {
  switch (code) {
    case ErrorCode.CRUMB_INVALID:
      return Messages.SESSION_EXPIRED;
    case ErrorCode.COOKIES_DISABLED:
      return Messages.COOKIES_DISABLED;
    case ErrorCode.RATE_LIMITED:
      return Messages.TOO_MANY_REQUESTS;
    case ErrorCode.NO_SUCH_WEBSITE:
      return Messages.NO_SUCH_WEBSITE;
    case ErrorCode.INVALID_CREDENTIALS:
      return Messages.INVALID_CREDENTIALS;
    case ErrorCode.UNAUTHENTICATED:
      return Messages.SIGN_IN_REQUIRED;
    case ErrorCode.FORBIDDEN:
      return Messages.FORBIDDEN;
    case ErrorCode.NOT_FOUND:
      return Messages.NOT_FOUND;
    case ErrorCode.INTERNAL:
      return Messages.INTERNAL;
    default:
      return Messages.INVALID_REQUEST;
  }
}
