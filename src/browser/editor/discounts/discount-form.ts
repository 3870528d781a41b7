/**
 * The discount editor's form state and its conversion to the API's input (pure, tested). Money
 * is held in minor units (NaN while what was typed cannot be read), dates as the
 * `datetime-local` text of the owner's browser time zone.
 */
import type { DiscountKind } from '../../../shared/checkout/api.js';
import {
  validateDiscountInput,
  type DiscountFieldErrors,
  type DiscountInput,
  type DiscountJson,
} from '../../../shared/checkout/discounts.js';

export interface DiscountForm {
  automatic: boolean;
  code: string;
  title: string;
  kind: DiscountKind;
  /** Percentage as typed. */
  percent: string;
  /** Fixed amount in minor units. */
  amount: number | undefined;
  minimum: number | undefined;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  oncePerEmail: boolean;
  productIds: string[];
  enabled: boolean;
}

export function emptyForm(): DiscountForm {
  return {
    automatic: false,
    code: '',
    title: '',
    kind: 'percentage',
    percent: '10',
    amount: undefined,
    minimum: undefined,
    startsAt: '',
    endsAt: '',
    usageLimit: '',
    oncePerEmail: false,
    productIds: [],
    enabled: true,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch ms → 'YYYY-MM-DDTHH:mm' in the browser's time zone ('' for none). */
export function toLocalInput(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 'YYYY-MM-DDTHH:mm' → epoch ms (null when empty, NaN when unreadable). */
export function fromLocalInput(text: string): number | null {
  return text.trim() ? new Date(text).getTime() : null;
}

export function formOf(d: DiscountJson): DiscountForm {
  return {
    automatic: d.code === null,
    code: d.code ?? '',
    title: d.title,
    kind: d.kind,
    percent: d.kind === 'percentage' ? String(d.value) : '10',
    amount: d.kind === 'fixed' ? d.value : undefined,
    minimum: d.minimumSubtotal || undefined,
    startsAt: toLocalInput(d.startsAt),
    endsAt: toLocalInput(d.endsAt),
    usageLimit: d.usageLimit === null ? '' : String(d.usageLimit),
    oncePerEmail: d.oncePerEmail,
    productIds: d.productIds,
    enabled: d.enabled,
  };
}

/** The API input of a form. */
export function inputOf(f: DiscountForm): DiscountInput {
  const value =
    f.kind === 'percentage'
      ? f.percent.trim()
        ? Number(f.percent)
        : Number.NaN
      : f.kind === 'fixed'
        ? (f.amount ?? Number.NaN)
        : 0;
  return {
    code: f.automatic ? null : f.code.trim(),
    title: f.title.trim(),
    kind: f.kind,
    value,
    minimumSubtotal: f.minimum ?? 0,
    startsAt: fromLocalInput(f.startsAt),
    endsAt: fromLocalInput(f.endsAt),
    usageLimit: f.usageLimit.trim() ? Number(f.usageLimit) : null,
    oncePerEmail: f.oncePerEmail,
    productIds: f.productIds,
    enabled: f.enabled,
  };
}

/** The shared checks on the form's input, plus the two the browser alone sees. */
export function formErrors(f: DiscountForm): DiscountFieldErrors {
  const errors = validateDiscountInput(inputOf(f));
  if (!f.automatic && !f.code.trim()) errors.code = 'Enter the code shoppers will type.';
  return errors;
}

/** A code nobody guesses by chance and everybody can read out: 8 letters and digits. */
export function randomCode(random: () => number = Math.random): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < 8; i++) out += chars[Math.floor(random() * chars.length)];
  return out;
}
