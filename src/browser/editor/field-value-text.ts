import type { FieldValue, FormFieldDef } from '../../shared/forms/types.js';
import { valueToText } from '../../shared/forms/values.js';
import { LIKERT_LABELS } from './editor-constants.js';

/** An empty answer reads 'N/A' (SPEC 9.1). */
export const EMPTY_ANSWER = 'N/A';

const likertLabel = (v: string) => LIKERT_LABELS[v] ?? v;

/**
 * One submitted value as plain text (rendered by React, so escaped): multi-part values joined
 * with spaces (name, address, date…), checkbox lists with commas, likert maps as
 * 'question: answer' lines with the SPEC 3.6 scale labels.
 */
export function fieldValueText(value: FieldValue | undefined | null): string {
  if (value === undefined || value === null) return EMPTY_ANSWER;
  if (typeof value === 'string') return value.trim() || EMPTY_ANSWER;
  if (Array.isArray(value)) {
    const parts = value.map((v) => String(v).trim()).filter(Boolean);
    return parts.length ? parts.join(', ') : EMPTY_ANSWER;
  }
  const lines = Object.entries(value).map(([q, a]) => `${q}: ${likertLabel(String(a))}`);
  return lines.length ? lines.join('\n') : EMPTY_ANSWER;
}

/**
 * The answered fields of a submission in the form's field order, labelled from its definition
 * when we have it; fields the definition no longer knows follow under their ids, so nothing is
 * hidden. Empty answers are left out (issue 12): no 'N/A' rows for what nobody filled in.
 */
export function labelledAnswers(
  data: Record<string, FieldValue>,
  fields: readonly { id: string; label: string; type: string }[] | undefined,
): { id: string; label: string; text: string }[] {
  const out: { id: string; label: string; text: string }[] = [];
  const used = new Set<string>();
  for (const f of fields ?? []) {
    if (f.type === 'section' || !Object.hasOwn(data, f.id)) continue;
    used.add(f.id);
    // Known fields read as the owner mail does (555-123-4567, 12/31/2024, 10:30 PM).
    const shaped = valueToText(f as FormFieldDef, data[f.id]).trim();
    out.push({
      id: f.id,
      label: f.label || f.id,
      text: f.type === 'likert' || !shaped ? fieldValueText(data[f.id]) : shaped,
    });
  }
  for (const [id, v] of Object.entries(data)) {
    if (!used.has(id)) out.push({ id, label: id, text: fieldValueText(v) });
  }
  return out.filter((a) => a.text !== EMPTY_ANSWER);
}
