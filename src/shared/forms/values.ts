import { isMultiPart } from './parts.js';
import type { FieldValue, FormFieldDef, FormValues } from './types.js';

/**
 * What a rendered field holds before it becomes a submission value:
 * text-like fields and selects a string, multi-part fields their sub-input values in order,
 * checkboxes and radios the checked option values in document order, likerts question → answer.
 */
export type RawFieldState = string | string[] | Record<string, string | undefined> | undefined;

/**
 * A field's submission value (SPEC 3.6 value shapes). Returns undefined for sections, which are
 * skipped. `query` is the page's query string (with or without the leading '?').
 */
export function fieldValue(
  field: FormFieldDef,
  raw: RawFieldState,
  query = '',
): FieldValue | undefined {
  switch (field.type) {
    case 'section':
      return undefined;
    case 'name':
    case 'address':
    case 'date':
    case 'time':
      return asList(raw);
    case 'phone': {
      const parts = asList(raw);
      // Without a country-code input the value still has 4 slots: the first is empty.
      return parts.length === 3 ? ['', ...parts] : parts;
    }
    case 'checkbox':
      return asList(raw);
    case 'radio':
      return asList(raw)[0] ?? '';
    case 'select':
      return asString(raw);
    case 'hidden': {
      const fromQuery = new URLSearchParams(query).get(field.name ?? field.id);
      return fromQuery ?? field.value ?? '';
    }
    case 'likert': {
      const answers: Record<string, string> = {};
      if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
        for (const [q, a] of Object.entries(raw)) if (a !== undefined && a !== '') answers[q] = a;
      }
      return answers;
    }
    default:
      return asString(raw);
  }
}

/** Every field's value keyed by field id (sections left out). */
export function collectValues(
  fields: FormFieldDef[],
  state: Record<string, RawFieldState>,
  query = '',
): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = fieldValue(f, state[f.id], query);
    if (v !== undefined) out[f.id] = v;
  }
  return out;
}

function asList(raw: RawFieldState): string[] {
  if (Array.isArray(raw)) return raw.map((v) => v ?? '');
  if (typeof raw === 'string') return raw === '' ? [] : [raw];
  return [];
}

function asString(raw: RawFieldState): string {
  if (typeof raw === 'string') return raw;
  if (Array.isArray(raw)) return raw[0] ?? '';
  return '';
}

/** True when the value holds nothing the visitor typed or chose. */
export function isEmptyValue(field: FormFieldDef, value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((v) => v.trim() === '');
  return Object.keys(value).length === 0;
}

/**
 * Turns a submitted JSON object into typed values for a form's fields: unknown keys are dropped,
 * numbers and booleans in text fields become strings. Returns undefined when a value has the
 * wrong shape (SPEC 8.4 'Could not parse the form fields…').
 */
export function parseSubmittedValues(
  fields: FormFieldDef[],
  input: unknown,
): FormValues | undefined {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const src = input as Record<string, unknown>;
  const out: FormValues = {};
  for (const f of fields) {
    if (f.type === 'section' || !Object.hasOwn(src, f.id)) continue;
    const v = src[f.id];
    if (v === null || v === undefined) continue;
    if (isMultiPart(f.type) || f.type === 'checkbox') {
      if (typeof v === 'string') out[f.id] = v === '' ? [] : [v];
      else if (Array.isArray(v) && v.every(isScalar)) out[f.id] = v.map(String);
      else return undefined;
    } else if (f.type === 'likert') {
      if (typeof v !== 'object' || Array.isArray(v)) return undefined;
      const answers: Record<string, string> = {};
      for (const [q, a] of Object.entries(v as Record<string, unknown>)) {
        if (a === null || a === undefined || a === '') continue;
        if (!isScalar(a)) return undefined;
        answers[q] = String(a);
      }
      out[f.id] = answers;
    } else if (isScalar(v)) out[f.id] = String(v);
    else if (Array.isArray(v) && v.length <= 1 && v.every(isScalar)) out[f.id] = String(v[0] ?? '');
    else return undefined;
  }
  return out;
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** A value as text for people (emails, the owner's outbox): parts joined, likert as lines. */
export function valueToText(field: FormFieldDef, value: FieldValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const sep = field.type === 'date' ? '/' : ', ';
    if (field.type === 'phone') return value.filter((v) => v.trim() !== '').join('-');
    if (field.type === 'time') {
      const [h = '', m = '', s = '', ampm = ''] = value;
      const clock = [h, m, s].filter((v) => v.trim() !== '').join(':');
      return [clock, ampm.trim()].filter((v) => v !== '').join(' ');
    }
    return value.filter((v) => v.trim() !== '').join(field.type === 'checkbox' ? ', ' : sep);
  }
  return Object.entries(value)
    .map(([q, a]) => `${q}: ${likertLabel(a)}`)
    .join('\n');
}

const LIKERT_LABELS: Record<string, string> = {
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
};

function likertLabel(a: string): string {
  return LIKERT_LABELS[a] ?? a;
}

/** The answers in SPEC 3.6's form-field answer shape (type, value, values, rawTitle). */
export interface FieldAnswer {
  type: string;
  rawTitle: string;
  value: string;
  values: FieldValue;
}

export function toFieldAnswers(fields: FormFieldDef[], values: FormValues): FieldAnswer[] {
  const answers: FieldAnswer[] = [];
  for (const f of fields) {
    if (f.type === 'section' || !Object.hasOwn(values, f.id)) continue;
    const v = values[f.id]!;
    answers.push({ type: f.type, rawTitle: f.label, value: valueToText(f, v), values: v });
  }
  return answers;
}
