import { OwnerMessages } from '../errors.js';

/**
 * Colours of the site's palette (issue 13, SPEC 5.7): what an owner types (hex or HSL) read into
 * one stored form, `#rrggbb`, plus the WCAG contrast check the Design screen and the styles API
 * both use. Pure functions, shared by server and browser.
 */

export interface Hsla {
  /** 0-360 */
  h: number;
  /** 0-1 */
  s: number;
  /** 0-1 */
  l: number;
  /** 0-1 */
  a: number;
}

export type ColorResult = { ok: true; hex: string } | { ok: false; error: string };

/** Our own text (SPEC 5.7 names only the HSL messages). */
export const HEX_FORMAT_TEXT = 'Enter a hex colour of 3 to 6 digits, such as #1a6fd0.';

/** WCAG AA for body text. */
export const AA_CONTRAST = 4.5;

/**
 * SPEC 5.7: 3 to 6 hex digits, with or without '#'. Three digits are CSS shorthand (#abc →
 * #aabbcc); four and five are read as a number, padded with leading zeros (#fff0 → #00fff0).
 */
export function parseHex(input: string): ColorResult {
  const digits = input.trim().replace(/^#/, '');
  if (!/^[0-9a-f]{3,6}$/i.test(digits)) return { ok: false, error: HEX_FORMAT_TEXT };
  const six =
    digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits.padStart(6, '0');
  return { ok: true, hex: `#${six.toLowerCase()}` };
}

/**
 * SPEC 5.7 HSL: hue 0-360, saturation and lightness 0-1, alpha 0-1 (optional, 1). Accepts
 * `hsl(210, 0.5, 0.4)`, `hsla(210, 0.5, 0.4, 1)` or the bare numbers `210 0.5 0.4`; a
 * percentage ('50%') is read as its fraction. The first failing check gives the message.
 */
export function parseHsl(input: string): { ok: true; hsla: Hsla } | { ok: false; error: string } {
  const inner = input
    .trim()
    .replace(/^hsla?\s*\(/i, '')
    .replace(/\)\s*$/, '');
  const parts = inner.split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3) return { ok: false, error: OwnerMessages.HSL_VALUE_MISSING };
  const nums = parts.map((p) => (p.endsWith('%') ? Number(p.slice(0, -1)) / 100 : Number(p)));
  const [h, s, l, a = 1] = nums as [number, number, number, number?];
  if (nums.slice(0, 3).some((n) => !Number.isFinite(n)))
    return { ok: false, error: OwnerMessages.HSL_VALUE_MISSING };
  if (h < 0 || h > 360) return { ok: false, error: OwnerMessages.HUE_OUT_OF_BOUNDS };
  if (s < 0 || s > 1) return { ok: false, error: OwnerMessages.SATURATION_OUT_OF_BOUNDS };
  if (l < 0 || l > 1) return { ok: false, error: OwnerMessages.LIGHTNESS_OUT_OF_BOUNDS };
  if (parts.length > 4 || !Number.isFinite(a) || a < 0 || a > 1)
    return { ok: false, error: OwnerMessages.ALPHA_OUT_OF_BOUNDS };
  return { ok: true, hsla: { h, s, l, a } };
}

/** Hex or HSL, told apart by their look; the stored form is `#rrggbb`. */
export function parseColor(input: string): ColorResult {
  const v = input.trim();
  if (/^hsla?\s*\(/i.test(v) || /^[\d.]+%?([\s,]+[\d.-]+%?){1,3}$/.test(v)) {
    const r = parseHsl(v);
    return r.ok ? { ok: true, hex: hslToHex(r.hsla) } : r;
  }
  return parseHex(v);
}

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function hslToHex({ h, s, l }: Pick<Hsla, 'h' | 's' | 'l'>): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const byte = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${byte(f(0))}${byte(f(8))}${byte(f(4))}`;
}

/** `#rrggbb` → HSL with hue to a tenth of a degree and s, l to three decimals (what the field shows). */
export function hexToHsl(hex: string): Hsla {
  const [r, g, b] = rgbOf(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  let s = 0;
  if (d > 0) {
    s = d / (1 - Math.abs(2 * l - 1));
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h = (h * 60 + 360) % 360;
  }
  const round3 = (x: number) => Math.round(x * 1000) / 1000;
  return { h: (Math.round(h * 10) / 10) % 360, s: round3(s), l: round3(l), a: 1 };
}

/**
 * What the HSL field shows for a colour: `hsl(210, 0.5, 0.4)`, rounded to whole degrees and
 * hundredths so it fits the field; the hex field keeps the exact colour.
 */
export function formatHsl(hex: string): string {
  const { h, s, l } = hexToHsl(hex);
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return `hsl(${Math.round(h) % 360}, ${r2(s)}, ${r2(l)})`;
}

/** WCAG 2 relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const x = c / 255;
    return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
