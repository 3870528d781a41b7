/** SPEC 9.1: what the cart shows for a custom-form question left empty. */
export const EMPTY_ANSWER = 'N/A';

export interface AnswerLine {
  label: string;
  text: string;
}

/**
 * A cart entry's custom-form answers (SPEC 3.6 form-field answers: type, value, values, rawTitle)
 * as label/text lines for display. Accepts the JSON text the add-to-cart payload carries, the
 * parsed list, or a map of title → value; anything unreadable shows nothing rather than breaking
 * the cart page.
 */
export function answerLines(fields: unknown): AnswerLine[] {
  let parsed = fields;
  if (typeof fields === 'string') {
    if (fields.trim() === '') return [];
    try {
      parsed = JSON.parse(fields) as unknown;
    } catch {
      return [];
    }
  }
  if (Array.isArray(parsed)) {
    return parsed
      .filter((a): a is Record<string, unknown> => !!a && typeof a === 'object')
      .filter((a) => a.type !== 'section')
      .map((a, i) => ({
        label: typeof a.rawTitle === 'string' && a.rawTitle ? a.rawTitle : `Field ${i + 1}`,
        text: answerText(a.values ?? a.value),
      }));
  }
  if (parsed && typeof parsed === 'object') {
    return Object.entries(parsed as Record<string, unknown>).map(([label, v]) => ({
      label,
      text: answerText(v),
    }));
  }
  return [];
}

/** Multi-part answers (name, address, date…) join their filled parts; likert lists question: answer. */
export function answerText(value: unknown): string {
  const text = flatten(value)
    .filter((s) => s !== '')
    .join(', ');
  return text === '' ? EMPTY_ANSWER : text;
}

function flatten(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(flatten);
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
      const inner = flatten(v).filter((s) => s !== '');
      return inner.length ? [`${k}: ${inner.join(', ')}`] : [];
    });
  }
  return [String(value).trim()];
}
