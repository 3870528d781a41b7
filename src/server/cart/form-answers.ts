import type { Db } from '../db/database.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { MAX_INPUT_LENGTH } from '../../shared/forms/validate.js';
import { AppError, appError } from '../errors/app-error.js';
import { validateAdditionalFields } from '../forms/validate-additional-fields.js';
import type { FieldAnswer } from '../../shared/forms/values.js';
import type { AdditionalFields } from './tables.js';

/** Checked answers: the values by field id, and the labelled answers the cart page shows. */
export interface CheckedAnswers {
  values: AdditionalFields;
  answers: FieldAnswer[];
}

/** More answers than any form has fields: refused (they are stored with the cart line). */
export const MAX_ANSWERS = 200;

/**
 * Checks a cart line's custom-form answers with the forms domain's rules (SPEC 5.3, the same
 * check as POST /api/rest/forms/validate/{formId}) and returns the cleaned answers (unknown
 * fields dropped). Invalid answers fail with FORM_FIELDS_INVALID and `errors` per field id.
 * When the product names a form that does not exist (deleted by the owner), the answers are
 * only bounded like any form input, so the product stays purchasable.
 */
export async function checkFormAnswers(
  db: Db,
  siteId: string,
  formId: string,
  fields: AdditionalFields,
): Promise<CheckedAnswers> {
  try {
    const result = await validateAdditionalFields(db, siteId, formId, fields);
    if (!result.valid) {
      throw appError(ErrorCode.FORM_FIELDS_INVALID, Messages.FORM_INVALID_FIELDS, {
        errors: result.errors,
      });
    }
    return { values: result.values, answers: result.answers };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== ErrorCode.FORM_NOT_CONFIGURED) throw err;
  }
  boundAnswers(fields);
  // No form to label them with: the cart page falls back to the field ids.
  return { values: fields, answers: [] };
}

function boundAnswers(fields: AdditionalFields): void {
  const entries = Object.entries(fields);
  if (entries.length > MAX_ANSWERS) {
    throw appError(ErrorCode.FORM_FIELDS_INVALID);
  }
  const errors: Record<string, string> = {};
  for (const [id, value] of entries) {
    const texts =
      typeof value === 'string'
        ? [value]
        : Array.isArray(value)
          ? value
          : Object.values(value).flat();
    if (id.length > 200 || texts.some((t) => t.length > MAX_INPUT_LENGTH)) {
      errors[id] = Messages.CHARACTER_LIMIT;
    }
  }
  if (Object.keys(errors).length > 0) {
    throw appError(ErrorCode.FORM_FIELDS_INVALID, Messages.FORM_INVALID_FIELDS, { errors });
  }
}
