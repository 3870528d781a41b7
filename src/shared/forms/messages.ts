import { Messages } from '../errors.js';
import type { FieldErrors } from './validate.js';

/** What the client shows for a SaveFormSubmission failure (SPEC 8.4). */
export interface SubmitFailure {
  /** Field id → message, shown at each field (400). */
  fieldErrors: FieldErrors;
  /** The message shown above the submit button. */
  message: string;
}

/**
 * Maps a failed response to SPEC 8.4's texts. 400 with `data.errors` → those at each field;
 * 401 / 404 / 429 / 500 → their fixed texts; otherwise `data.error`, else the unknown-error text.
 */
export function submitFailure(status: number, body: unknown): SubmitFailure {
  const data = (isObject(body) && isObject(body.data) ? body.data : {}) as Record<string, unknown>;
  const errors = isObject(data.errors)
    ? data.errors
    : isObject(body) && isObject(body.errors)
      ? body.errors
      : undefined;
  if (status === 400 && errors) {
    const fieldErrors: FieldErrors = {};
    for (const [k, v] of Object.entries(errors)) if (typeof v === 'string') fieldErrors[k] = v;
    return { fieldErrors, message: Messages.FORM_INVALID_FIELDS };
  }
  const fixed: Record<number, string> = {
    401: Messages.FORM_UNAUTHORIZED,
    404: Messages.FORM_NOT_CONFIGURED,
    429: Messages.FORM_RATE_LIMITED,
    500: Messages.FORM_SERVER_ERROR,
  };
  const message =
    fixed[status] ??
    (typeof data.error === 'string' && data.error ? data.error : Messages.FORM_UNKNOWN_ERROR);
  return { fieldErrors: {}, message };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
