/** ES2024 string methods (Node 20+); the project's lib is ES2023. */
type Es2024String = string & { isWellFormed(): boolean; toWellFormed(): string };

/**
 * Text PostgreSQL can store: no NUL (text and jsonb refuse it) and no unpaired UTF-16 surrogate
 * (jsonb refuses its `\uD800` escape; text would silently store U+FFFD). The server's input
 * boundary refuses or strips such strings; the telemetry ingest strips them.
 */
export function hasBadText(s: string): boolean {
  return s.includes('\0') || !(s as Es2024String).isWellFormed();
}

/** `s` without NUL characters, with each lone surrogate replaced by U+FFFD. */
export function cleanText(s: string): string {
  return (s.replaceAll('\0', '') as Es2024String).toWellFormed();
}

/** Deeper than this counts as bad: a check that stopped there would let anything below it pass. */
const MAX_DEPTH = 64;

/** True when any string in `v` (keys included) holds NUL or a lone surrogate, or `v` is too deep. */
export function holdsBadText(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return hasBadText(v);
  if (v === null || typeof v !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(v)) return v.some((x) => holdsBadText(x, depth + 1));
  for (const [k, x] of Object.entries(v)) {
    if (hasBadText(k) || holdsBadText(x, depth + 1)) return true;
  }
  return false;
}

/**
 * A copy of `v` with NUL removed and lone surrogates replaced in every string, keys included;
 * what lies deeper than 64 levels becomes null.
 */
export function cleanDeep(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return cleanText(v);
  if (v === null || typeof v !== 'object') return v;
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(v)) return v.map((x) => cleanDeep(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[cleanText(k)] = cleanDeep(x, depth + 1);
  return out;
}

/**
 * JSON text whose strings may hold NUL or a lone surrogate once parsed (their `\u` escapes, or a
 * raw NUL): a cheap test on the raw text, so only such bodies pay for `cleanDeep`.
 */
export const MAY_HOLD_BAD_TEXT = /\0|\\u0000|\\u[dD][89a-fA-F]/;

/** `JSON.parse(text)` with NUL and lone surrogates stripped from its strings (telemetry). */
export function parseJsonClean(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return MAY_HOLD_BAD_TEXT.test(text) ? cleanDeep(value) : value;
}

/** True when `s` holds a C0 control character (CR, LF, NUL, ESC…) or DEL: never in a header. */
export function hasControlChar(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
