/**
 * Pure restock rules shared by the server, the `restock-form` island and tests (SPEC 5.4, 5.7,
 * 8.2, 4.7).
 */
import { Messages } from '../errors.js';
import { isVariantSoldOut, tracksStock } from '../product/rules-product.js';
import { isValidEmail } from '../forms/email.js';
import type { RestockFormProps, RestockSignUpGroupJson } from './types.js';

/** The product's own email check (SPEC 5.7), shared with the forms. */
export function isRestockEmailValid(email: string): boolean {
  return isValidEmail(email);
}

/** SPEC 5.4: 'Email cannot be blank' / 'Email is invalid', or null when the address is fine. */
export function restockEmailError(raw: string | null | undefined): string | null {
  const email = (raw ?? '').trim();
  if (email === '') return Messages.EMAIL_BLANK;
  if (!isRestockEmailValid(email)) return Messages.EMAIL_INVALID;
  return null;
}

/** One sign-up per address and variant: addresses compare trimmed and lower-cased. */
export function normaliseRestockEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * Whether a variant takes restock sign-ups: it is sold out (SPEC 4.7) — a physical or service
 * product's variant that is limited with no stock. Digital products and gift cards never sell out.
 */
export function variantTakesRestockSignUps(
  productType: number,
  variant: { unlimited: boolean; qtyInStock: number },
): boolean {
  return tracksStock(productType) && isVariantSoldOut({ productType }, variant);
}

/** SPEC 8.2: 'Signed up!' unless the site set custom text. */
export function restockSuccessText(messages: RestockFormProps['messages']): string {
  const custom = messages.successText?.trim();
  return custom ? custom : Messages.RESTOCK_SIGNED_UP;
}

/** SPEC 8.2: the server's message when it gave one, else the fallback. */
export function restockFailureText(serverMessage: string | null | undefined): string {
  const m = serverMessage?.trim();
  return m ? m : Messages.RESTOCK_FAILED;
}

/** Texts of the form, with defaults for those the site left empty. */
export function restockFormTexts(messages: Partial<RestockFormProps['messages']> | undefined): {
  buttonText: string;
  CTAText: string;
  placeholderText: string;
  mailingListDescription: string;
  successText: string;
} {
  const m = messages ?? {};
  const pick = (v: string | undefined, dflt: string) => (v && v.trim() ? v : dflt);
  return {
    buttonText: pick(m.buttonText, 'Sign Up'),
    CTAText: pick(m.CTAText, 'Sign up to be notified when this item is back in stock.'),
    placeholderText: pick(m.placeholderText, 'Email Address'),
    mailingListDescription: pick(m.mailingListDescription, 'Sign up for news and updates'),
    successText: restockSuccessText({
      buttonText: '',
      CTAText: '',
      placeholderText: '',
      mailingListDescription: '',
      ...(m.successText !== undefined ? { successText: m.successText } : {}),
    }),
  };
}

/**
 * SPEC 7: the owner's client sums sign-up counts across a product's variants. Returns
 * product id → { count, pendingCount } in first-seen order.
 */
export function sumRestockCountsByProduct(
  groups: readonly Pick<RestockSignUpGroupJson, 'productId' | 'count' | 'pendingCount'>[],
): Map<string, { count: number; pendingCount: number }> {
  const out = new Map<string, { count: number; pendingCount: number }>();
  for (const g of groups) {
    const t = out.get(g.productId) ?? { count: 0, pendingCount: 0 };
    t.count += g.count;
    t.pendingCount += g.pendingCount;
    out.set(g.productId, t);
  }
  return out;
}

/** Opaque keyset cursors: base64url of a JSON array. Invalid cursors decode to undefined. */
export function encodeCursor(values: readonly (string | number)[]): string {
  const json = JSON.stringify(values);
  const bytes = new TextEncoder().encode(json);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeCursor(cursor: string | undefined | null): (string | number)[] | undefined {
  if (!cursor) return undefined;
  try {
    const b64 = cursor.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!Array.isArray(parsed)) return undefined;
    if (!parsed.every((v) => typeof v === 'string' || typeof v === 'number')) return undefined;
    return parsed as (string | number)[];
  } catch {
    return undefined;
  }
}
