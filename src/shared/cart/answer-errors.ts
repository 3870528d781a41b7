import type { FieldErrors } from '../forms/validate.js';

/**
 * The per-field messages of a refused answers update (the cart API's FORM_FIELDS_INVALID body:
 * `{ error: { code, message, errors: { fieldId: message } } }`), so the cart page's form editor
 * shows them at each field as the add-to-cart form does. Empty for any other body.
 */
export function answerErrors(body: unknown): FieldErrors {
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  const errors = error && isObject(error.errors) ? error.errors : {};
  const out: FieldErrors = {};
  for (const [id, message] of Object.entries(errors)) {
    if (typeof message === 'string') out[id] = message;
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
