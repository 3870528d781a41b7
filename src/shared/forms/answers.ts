import { valueToText } from './values.js';
import type { FieldValue, FormFieldDef, FormValues } from './types.js';

/** One answered field of a submission, as text for people (mail, inbox, CSV, webhook). */
export interface Answer {
  id: string;
  label: string;
  type: string;
  value: FieldValue;
  text: string;
}

/**
 * The answered fields of a submission, in the form's order: a field left empty (blank text, an
 * unticked checkbox, a phone of empty parts, a likert with no answer) is left out, never shown
 * as an 'N/A' row (issue 12). Sections carry no answer. Values the definition no longer knows
 * (a field deleted since) follow under their ids, so nothing the visitor sent is hidden.
 */
export function answeredFields(fields: readonly FormFieldDef[], values: FormValues): Answer[] {
  const out: Answer[] = [];
  const known = new Set<string>();
  const add = (f: FormFieldDef, label: string) => {
    const value = values[f.id];
    if (value === undefined) return;
    const text = valueToText(f, value).trim();
    if (text) out.push({ id: f.id, label, type: f.type, value, text });
  };
  for (const f of fields) {
    known.add(f.id);
    if (f.type !== 'section' && f.type !== 'hidden') add(f, f.label || f.id);
  }
  // Hidden fields (tracking values) after what the visitor typed.
  for (const f of fields) if (f.type === 'hidden') add(f, f.label || f.name || f.id);
  for (const id of Object.keys(values)) {
    if (!known.has(id)) add({ id, type: 'text', label: id }, id);
  }
  return out;
}
