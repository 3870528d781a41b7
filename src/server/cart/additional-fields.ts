import { ErrorCode, Messages } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';
import { sha256 } from './cart-cookie.js';
import type { AdditionalFields, AdditionalFieldValue } from './tables.js';

/** Custom-form answers larger than this are refused (they are stored with every cart line). */
export const ADDITIONAL_FIELDS_MAX_BYTES = 16 * 1024;

/**
 * SPEC 3.2: additionalFields arrives as JSON text (or, from our own islands, already an object).
 * Returns the answers as an object, or null when none were sent. Anything else is refused with
 * SPEC 8.4's parse text, so nothing odd is stored beside a cart line.
 */
export function parseAdditionalFields(input: unknown): AdditionalFields | null {
  if (input === undefined || input === null || input === '') return null;
  let value: unknown = input;
  if (typeof input === 'string') {
    if (Buffer.byteLength(input) > ADDITIONAL_FIELDS_MAX_BYTES) throw tooLarge();
    try {
      value = JSON.parse(input) as unknown;
    } catch {
      throw invalid(Messages.FORM_PARSE_ERROR);
    }
    if (value === null) return null;
  } else if (Buffer.byteLength(JSON.stringify(input)) > ADDITIONAL_FIELDS_MAX_BYTES) {
    throw tooLarge();
  }
  if (!isPlainObject(value)) throw invalid(Messages.FORM_PARSE_ERROR);
  const out: AdditionalFields = {};
  for (const [key, v] of Object.entries(value)) {
    if (!isFieldValue(v)) throw invalid(Messages.FORM_PARSE_ERROR);
    out[key] = v;
  }
  return out;
}

/**
 * The merge key of a cart line's answers: the same variant with the same answers is one line
 * (its quantity grows); different answers make separate lines. Key order does not matter.
 */
export function additionalFieldsKey(fields: AdditionalFields | null): string {
  if (!fields || Object.keys(fields).length === 0) return '';
  return sha256(canonicalJson(fields));
}

function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (isPlainObject(v)) {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function isFieldValue(v: unknown): v is AdditionalFieldValue {
  if (typeof v === 'string' || isStringList(v)) return true;
  // Likert: question → checked answer(s).
  return (
    isPlainObject(v) && Object.values(v).every((x) => typeof x === 'string' || isStringList(x))
  );
}

function invalid(message: string) {
  return appError(ErrorCode.FORM_FIELDS_INVALID, message);
}

function tooLarge() {
  return appError(ErrorCode.FORM_FIELDS_INVALID, Messages.FORM_INVALID_FIELDS, {
    maxBytes: ADDITIONAL_FIELDS_MAX_BYTES,
  });
}
