import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { normalizeField } from '../../shared/forms/normalize.js';
import { validateValues, type FieldErrors } from '../../shared/forms/validate.js';
import {
  parseSubmittedValues,
  toFieldAnswers,
  type FieldAnswer,
} from '../../shared/forms/values.js';
import type { FormValues } from '../../shared/forms/types.js';
import { findForm } from './form-queries.js';

export type AdditionalFieldsResult =
  | { valid: true; values: FormValues; answers: FieldAnswer[] }
  | { valid: false; errors: FieldErrors };

/**
 * Server check of a product's custom form answers (SPEC 4.3 / 5.3), for the cart and
 * POST /api/rest/forms/validate/{formId}. `json` is the JSON text or the object of field id →
 * value. Throws FORM_NOT_CONFIGURED (404) for an unknown form and FORM_FIELDS_INVALID with the
 * parse text when the values have the wrong shape; otherwise returns the per-field messages or
 * the cleaned values (unknown keys dropped) with SPEC 3.6 answers.
 */
export async function validateAdditionalFields(
  db: Db,
  siteId: string,
  formId: string,
  json: unknown,
): Promise<AdditionalFieldsResult> {
  const row = await findForm(db, siteId, formId);
  if (!row) throw appError(ErrorCode.FORM_NOT_CONFIGURED);
  let raw: unknown = json;
  if (typeof json === 'string') {
    try {
      raw = JSON.parse(json) as unknown;
    } catch {
      raw = undefined;
    }
  }
  const fields = row.fields.map(normalizeField);
  const values = parseSubmittedValues(fields, raw ?? {});
  if (!values) {
    throw appError(ErrorCode.FORM_FIELDS_INVALID, Messages.FORM_PARSE_ERROR, { errors: {} });
  }
  const errors = validateValues(fields, values, 'product');
  if (Object.keys(errors).length) return { valid: false, errors };
  return { valid: true, values, answers: toFieldAnswers(fields, values) };
}
