/**
 * A readable field-by-field difference of two documents (a page's or item's version and what is
 * on screen): nested objects and arrays become paths ('location.mapLat', 'sections.0.blocks.1.text'),
 * HTML becomes its text, and only the paths whose text differs are listed, in document order.
 */
export interface DocChange {
  path: string;
  before: string;
  after: string;
}

/** Values longer than this are cut with '…' (a long body reads badly in a table cell). */
const MAX_TEXT = 400;

export function diffDocs(before: unknown, after: unknown): DocChange[] {
  const a = flatten(before);
  const b = flatten(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const changes: DocChange[] = [];
  for (const path of paths) {
    const x = a.get(path) ?? '';
    const y = b.get(path) ?? '';
    if (x !== y) changes.push({ path, before: x, after: y });
  }
  return changes;
}

function flatten(
  value: unknown,
  prefix = '',
  out = new Map<string, string>(),
): Map<string, string> {
  if (Array.isArray(value)) {
    // Lists of plain words (tags) read best on one line.
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) {
      out.set(prefix, value.join(', '));
    } else {
      value.forEach((v, i) => flatten(v, join(prefix, String(i)), out));
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, join(prefix, k), out);
  } else if (prefix) {
    out.set(prefix, textOf(value));
  }
  return out;
}

function join(prefix: string, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  const text = /<[a-z][\s\S]*>/i.test(s)
    ? s
        .replace(/<\/(p|h\d|li|blockquote)>/gi, '\n')
        .replace(/<[^>]+>/g, '')
        .replace(/&nbsp;/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .trim()
    : s;
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}
