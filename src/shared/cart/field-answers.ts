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
  return lines(fields, answerText);
}

function lines(fields: unknown, textOf: (value: unknown) => string): AnswerLine[] {
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
        text: textOf(a.values ?? a.value),
      }));
  }
  if (parsed && typeof parsed === 'object') {
    return Object.entries(parsed as Record<string, unknown>).map(([label, v]) => ({
      label,
      text: textOf(v),
    }));
  }
  return [];
}

/**
 * The answers a cart or checkout line shows (issue 14): only the questions the shopper answered.
 * An optional field left empty is no row at all, not an 'N/A' row; SPEC 9.1's 'N/A' stays the
 * text of an empty answer wherever every question is listed.
 */
export function answeredLines(fields: unknown): AnswerLine[] {
  return lines(fields, filledText).filter((a) => a.text !== '');
}

/** Multi-part answers (name, address, date…) join their filled parts; likert lists question: answer. */
export function answerText(value: unknown): string {
  return filledText(value) || EMPTY_ANSWER;
}

/** The answer's text, '' when nothing was filled in. */
function filledText(value: unknown): string {
  return flatten(value)
    .filter((s) => s !== '')
    .join(', ');
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
