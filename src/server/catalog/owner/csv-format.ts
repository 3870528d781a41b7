import { ProductType } from '../../../shared/enums.js';
import { CSV_COLUMNS } from '../../../shared/product/owner-api.js';

/**
 * The product CSV's cell conventions, one home for export and import (docs/catalog-editor.md):
 * product types and yes/no as words, lists joined by ', ' (tags, categories) or ' ' (image URLs),
 * stock 'Unlimited' or a number, and cells a spreadsheet would run as a formula written as text.
 */
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Option name/value column pairs the CSV has room for. */
export const CSV_OPTION_PAIRS = 3;

export const TYPE_NAMES: Record<number, string> = {
  [ProductType.PHYSICAL]: 'physical',
  [ProductType.DIGITAL]: 'digital',
  [ProductType.SERVICE]: 'service',
  [ProductType.GIFT_CARD]: 'gift card',
};

/** 'physical', 'Digital', 'gift card', 'gift-card', or the SPEC 3.3 number; undefined otherwise. */
export function typeOfName(text: string): number | undefined {
  const t = text.trim().toLowerCase().replace(/[-_]/g, ' ');
  if (t === '') return ProductType.PHYSICAL;
  const byName = Object.entries(TYPE_NAMES).find(([, name]) => name === t);
  if (byName) return Number(byName[0]);
  const n = Number(t);
  return TYPE_NAMES[n] ? n : undefined;
}

export const UNLIMITED = 'Unlimited';

export function yesNo(v: boolean): string {
  return v ? 'Yes' : 'No';
}

/** 'yes', 'true', '1', 'y' are yes; anything else (blank too) is no. */
export function isYes(text: string): boolean {
  return /^(yes|y|true|1)$/i.test(text.trim());
}

/** One CSV cell, formula-safe: the one rule every owner export uses (platform/csv.ts). */
export { csvCell } from '../../platform/csv.js';

/** A cell as read: the export's formula guard taken off again, surrounding space trimmed. */
export function cellText(raw: string | undefined): string {
  const s = (raw ?? '').trim();
  return /^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s;
}

/** 'a, b,c' → ['a', 'b', 'c'] (blanks dropped). */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}
