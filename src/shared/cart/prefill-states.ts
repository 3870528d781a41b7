import { isMultiPart } from '../forms/parts.js';
import type { FormFieldDef, FormValues } from '../forms/types.js';
import type { RawFieldState } from '../forms/values.js';

/**
 * The inputs' states that give back a cart line's stored answers (field id → value, the shape
 * `collectValues` produced when the line was added), so the custom form opens pre-filled on the
 * cart page. The inverse of `fieldValue` per SPEC 3.6 value shape; answers that no longer fit the
 * form (a field removed or retyped since) are left out, so the field starts empty.
 */
export function prefillStates(
  fields: readonly FormFieldDef[],
  values: unknown,
): Record<string, RawFieldState> {
  const out: Record<string, RawFieldState> = {};
  if (!values || typeof values !== 'object' || Array.isArray(values)) return out;
  const stored = values as Record<string, unknown>;
  for (const field of fields) {
    if (!Object.hasOwn(stored, field.id)) continue;
    const state = stateOf(field, stored[field.id]);
    if (state !== undefined) out[field.id] = state;
  }
  return out;
}

function stateOf(field: FormFieldDef, value: unknown): RawFieldState {
  // Hidden fields take their value from the page, sections have none.
  if (field.type === 'hidden' || field.type === 'section') return undefined;
  if (field.type === 'phone') {
    const parts = strings(value);
    // Stored with 4 slots, the first empty when the form asks no country code (3 inputs).
    return parts && !field.showCountryCode && parts.length === 4 ? parts.slice(1) : parts;
  }
  if (isMultiPart(field.type) || field.type === 'checkbox') return strings(value);
  if (field.type === 'radio') {
    const one = typeof value === 'string' ? value : strings(value)?.[0];
    return one ? [one] : undefined;
  }
  if (field.type === 'likert') {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const answers: Record<string, string> = {};
    for (const [q, a] of Object.entries(value as Record<string, unknown>)) {
      const one = typeof a === 'string' ? a : strings(a)?.[0];
      if (one) answers[q] = one;
    }
    return answers;
  }
  if (typeof value === 'string') return value;
  return strings(value)?.[0];
}

function strings(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return [...value];
  return undefined;
}

/**
 * Hidden fields read the page's query string when the form is first filled in (on the product
 * page). Editing on /cart must not replace what they captured with /cart's query: the stored
 * answer is kept, and only a hidden field with none stored takes its value from the page.
 */
export function keepHiddenAnswers(
  fields: readonly FormFieldDef[],
  collected: FormValues,
  stored: unknown,
): FormValues {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return collected;
  const before = stored as Record<string, unknown>;
  const out = { ...collected };
  for (const field of fields) {
    const kept = before[field.id];
    if (field.type === 'hidden' && typeof kept === 'string') out[field.id] = kept;
  }
  return out;
}
