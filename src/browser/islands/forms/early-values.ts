import { isMultiPart, renderedParts } from '../../../shared/forms/parts.js';
import type { FormFieldDef } from '../../../shared/forms/types.js';
import type { RawFieldState } from '../../../shared/forms/values.js';

/**
 * What a visitor typed or chose in a server-rendered form before its island hydrated (issue 14).
 * Hydration adopts the inputs as they are but starts the island's state empty, and the next
 * render would write that empty state back into them; the form island reads this once it is
 * live and takes it as its first state, so nothing typed early is wiped. `getAll` is the form's
 * `FormData.getAll`, by the input names fields.tsx gives (`{id}`, `{id}.{part}`, `{id}.{row}`).
 * Only fields with something in them are returned.
 */
export function earlyValues(
  fields: readonly FormFieldDef[],
  getAll: (name: string) => string[],
): Record<string, RawFieldState> {
  const out: Record<string, RawFieldState> = {};
  const first = (name: string) => getAll(name)[0] ?? '';
  for (const field of fields) {
    const id = field.id;
    if (field.type === 'section' || field.type === 'hidden') continue;
    if (isMultiPart(field.type)) {
      const list = renderedParts(field.type, field.showCountryCode).map((p) => first(`${id}.${p}`));
      if (list.some((v) => v !== '')) out[id] = list;
    } else if (field.type === 'radio' || field.type === 'checkbox') {
      const chosen = getAll(id);
      if (chosen.length) out[id] = chosen;
    } else if (field.type === 'likert') {
      const answers: Record<string, string> = {};
      (field.questions ?? []).forEach((q, i) => {
        const v = first(`${id}.${i}`);
        if (v) answers[q] = v;
      });
      if (Object.keys(answers).length) out[id] = answers;
    } else {
      const text = first(id);
      if (text !== '') out[id] = text;
    }
  }
  return out;
}

/** `getAll` over a form element's current values (files are not form fields here). */
export function formDataReader(form: HTMLFormElement): (name: string) => string[] {
  const data = new FormData(form);
  return (name) => data.getAll(name).filter((v): v is string => typeof v === 'string');
}
