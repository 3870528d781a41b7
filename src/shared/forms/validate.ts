import { Messages } from '../errors.js';
import { isValidEmail } from './email.js';
import { parseMaxLength } from './counter.js';
import { LIKERT_VALUES, isMultiPart, FIELD_PARTS } from './parts.js';
import { isEmptyValue } from './values.js';
import type { FieldValue, FormFieldDef, FormValues } from './types.js';

/** Field id → message; empty when the form is valid. */
export type FieldErrors = Record<string, string>;

/** A choice that is not among a field's options (no SPEC text for forms; the editor's wording). */
export function notAnOption(value: string): string {
  return `${value} is not one of the expected options`;
}

/** A contact or newsletter form (SPEC 5.6), or a product's custom form (SPEC 5.3). */
export type FormPurpose = 'contact' | 'product';

/** Longest value of any single input, whatever the field's own limit: keeps stored rows small. */
export const MAX_INPUT_LENGTH = 10_000;

/**
 * One field's message, or undefined when valid. Rules, in order:
 * sections are always valid; a required field left empty gives 'Required' (SPEC 5.3; the likert
 * survey has its own text, and so has an email field of a contact form, SPEC 5.6 — a product's
 * custom form says 'Required' for it too, SPEC 5.3); over the max length gives the character-limit
 * text (an optional empty field is valid, SPEC 5.6); a non-empty email must be an address
 * (SPEC 5.7); choices must be among the options.
 */
export function validateField(
  field: FormFieldDef,
  value: FieldValue | undefined,
  purpose: FormPurpose = 'contact',
): string | undefined {
  if (field.type === 'section') return undefined;
  const empty = isEmptyValue(field, value);

  if (field.type === 'likert') {
    const answers = (
      value && typeof value === 'object' && !Array.isArray(value) ? value : {}
    ) as Record<string, string>;
    const questions = field.questions ?? [];
    if (field.required && questions.some((q) => !answers[q])) return Messages.LIKERT_MISSING;
    for (const [q, a] of Object.entries(answers)) {
      if (!questions.includes(q)) return notAnOption(q);
      if (!LIKERT_VALUES.includes(a)) return notAnOption(a);
    }
    return undefined;
  }

  if (empty) {
    if (!field.required) return undefined;
    return field.type === 'email' && purpose === 'contact'
      ? Messages.FORM_EMAIL_INVALID
      : Messages.REQUIRED;
  }

  const texts = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  if (texts.some((t) => t.length > MAX_INPUT_LENGTH)) return Messages.CHARACTER_LIMIT;
  const max = parseMaxLength(field.maxLength);
  if (max !== undefined && typeof value === 'string' && value.length > max) {
    return Messages.CHARACTER_LIMIT;
  }

  switch (field.type) {
    case 'email':
      return isValidEmail(String(value).trim()) ? undefined : Messages.FORM_EMAIL_INVALID;
    case 'radio':
    case 'select': {
      const v = String(value);
      return field.options && !field.options.includes(v) ? notAnOption(v) : undefined;
    }
    case 'checkbox': {
      const bad = texts.find((v) => field.options && !field.options.includes(v));
      return bad === undefined ? undefined : notAnOption(bad);
    }
    default:
      if (isMultiPart(field.type) && texts.length > FIELD_PARTS[field.type].length) {
        return Messages.FORM_INVALID_FIELDS;
      }
      return undefined;
  }
}

/** Every field's message (SPEC 5.3 / 5.6): field id → text. Empty object = valid. */
export function validateValues(
  fields: FormFieldDef[],
  values: FormValues,
  purpose: FormPurpose = 'contact',
): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of fields) {
    const message = validateField(f, values[f.id], purpose);
    if (message) errors[f.id] = message;
  }
  return errors;
}

/** The key of the bot-check error in FieldErrors. */
export const CAPTCHA_ERROR_KEY = 'captcha';

/** Client check of the bot-check (SPEC 5.6): a token must be present when the form has one. */
export function validateCaptcha(required: boolean, token: string | undefined): string | undefined {
  return required && !token ? Messages.CAPTCHA_REQUIRED : undefined;
}
