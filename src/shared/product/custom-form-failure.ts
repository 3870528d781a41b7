/**
 * What the custom product form (SPEC 4.3 / 5.3) says when its answers are refused. It lives in a
 * modal over the product, so it uses the cart's wording of SPEC 8.3 — every message at its field
 * and 'Update the missing or invalid information above.' by the button — rather than the page
 * forms' SPEC 8.4 'One or more fields is invalid…' banner.
 */
import { Messages } from '../errors.js';
import { submitFailure, type SubmitFailure } from '../forms/messages.js';
import type { FieldErrors } from '../forms/validate.js';

/** After the client's own checks: the summary whenever any field has a message. */
export function customFormClientFailure(errors: FieldErrors): SubmitFailure {
  return {
    fieldErrors: errors,
    message: Object.keys(errors).length > 0 ? Messages.UPDATE_MISSING_INFO : '',
  };
}

/**
 * After POST /api/rest/forms/validate/{formId} failed: a 400 naming fields gets their messages and
 * the summary; anything else (404 unconfigured form, 429, 500, …) keeps SPEC 8.4's text, which says
 * what went wrong better than a pointer to fields that are not marked.
 */
export function customFormServerFailure(status: number, body: unknown): SubmitFailure {
  const failure = submitFailure(status, body);
  return Object.keys(failure.fieldErrors).length > 0
    ? { fieldErrors: failure.fieldErrors, message: Messages.UPDATE_MISSING_INFO }
    : failure;
}
