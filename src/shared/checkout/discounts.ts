/**
 * Discount codes and automatic discounts (issue 15): the owner API's shapes. The rules that
 * decide whether a discount applies to a cart, and how much it takes off, live here too (pure,
 * so the cart page, the checkout and the server agree).
 */
import { byLanguage } from '../i18n/by-language.js';
import JA_DISCOUNT_WORDS from '../i18n/ja/discounts.js';
import { formatMoney } from '../money.js';
import { isGiftCard } from '../product/rules-product.js';
import { DISCOUNT_KINDS, type DiscountKind } from './api.js';

/** POST /api/commerce/discounts and PUT /api/commerce/discounts/{id} body. */
export interface DiscountInput {
  /** The code shoppers type (case-insensitive); absent or null: an automatic discount. */
  code?: string | null;
  /** The owner's name for it; automatic discounts show it as the line's label. */
  title?: string;
  kind: DiscountKind;
  /** percentage: 1–100; fixed: minor units of the website's currency; free-shipping: 0. */
  value: number;
  /** Minor units; the cart's subtotal must reach it. */
  minimumSubtotal?: number;
  /** Epoch ms; none: from now / no end. */
  startsAt?: number | null;
  endsAt?: number | null;
  /** Orders that may use it in all; none: no limit. */
  usageLimit?: number | null;
  oncePerEmail?: boolean;
  /** Only these products count (their lines are discounted); empty or absent: every product. */
  productIds?: string[];
  /** Off: kept but never applied. */
  enabled?: boolean;
}

/** A discount as the owner sees it. */
export interface DiscountJson {
  id: string;
  code: string | null;
  title: string;
  kind: DiscountKind;
  value: number;
  minimumSubtotal: number;
  startsAt: number | null;
  endsAt: number | null;
  usageLimit: number | null;
  oncePerEmail: boolean;
  productIds: string[];
  enabled: boolean;
  /** Orders that used it. */
  timesUsed: number;
  /** Money it took off, in all (minor units). */
  totalDiscounted: number;
  created: number;
  updated: number;
}

export interface DiscountListResponse {
  discounts: DiscountJson[];
}

// ---------------------------------------------------------------------------------------------
// Rules (pure): the owner's input, and whether a discount applies to a cart and how much.

export const DiscountLimits = {
  codeMin: 3,
  codeMax: 40,
  titleMax: 100,
  productIdsMax: 500,
  /** Fixed amounts and minimum subtotals: at most 10 million major units of any currency. */
  amountMax: 1_000_000_000,
  usageLimitMax: 10_000_000,
} as const;

/** Letters, digits, '-' and '_': easy to read aloud and to type on a phone. */
const CODE_CHARS = /^[A-Za-z0-9_-]+$/;

/** The code as stored and shown: trimmed, upper-cased (codes match case-insensitively). */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

export const DiscountFieldTexts = {
  CODE_LENGTH: `Use ${DiscountLimits.codeMin} to ${DiscountLimits.codeMax} characters.`,
  CODE_CHARS: 'Use letters, digits, - and _ only.',
  TITLE_REQUIRED: 'Give an automatic discount a title: shoppers see it on their order.',
  TITLE_LENGTH: `Use at most ${DiscountLimits.titleMax} characters.`,
  KIND: 'Choose percentage, fixed amount or free shipping.',
  PERCENTAGE: 'Enter a whole percentage from 1 to 100.',
  FIXED: 'Enter an amount greater than 0.',
  FREE_SHIPPING_VALUE: 'Free shipping has no value: leave it at 0.',
  MINIMUM: 'Enter 0 or a positive amount.',
  DATE: 'Enter a valid date.',
  DATES_ORDER: 'The end must come after the start.',
  USAGE_LIMIT: 'Enter a whole number of at least 1, or leave it empty for no limit.',
  PRODUCT_IDS: `Choose at most ${DiscountLimits.productIdsMax} products.`,
} as const;

export type DiscountFieldErrors = Partial<Record<keyof DiscountInput, string>>;

function wholeIn(n: unknown, min: number, max: number): boolean {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max;
}

/** Epoch ms from 1970 to the end of year 9999 (what a date field and the database both hold). */
function validDate(n: unknown): boolean {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= 253_402_300_799_999;
}

/** The owner's discount, field by field ({} when valid); messages are shown beside each field. */
export function validateDiscountInput(input: DiscountInput): DiscountFieldErrors {
  const errors: DiscountFieldErrors = {};
  const code = input.code == null ? '' : input.code.trim();
  if (input.code != null) {
    if (code.length < DiscountLimits.codeMin || code.length > DiscountLimits.codeMax) {
      errors.code = DiscountFieldTexts.CODE_LENGTH;
    } else if (!CODE_CHARS.test(code)) {
      errors.code = DiscountFieldTexts.CODE_CHARS;
    }
  }
  const title = (input.title ?? '').trim();
  if (title.length > DiscountLimits.titleMax) errors.title = DiscountFieldTexts.TITLE_LENGTH;
  else if (input.code == null && !title) errors.title = DiscountFieldTexts.TITLE_REQUIRED;

  if (!(DISCOUNT_KINDS as readonly string[]).includes(input.kind)) {
    errors.kind = DiscountFieldTexts.KIND;
  } else if (input.kind === 'percentage' && !wholeIn(input.value, 1, 100)) {
    errors.value = DiscountFieldTexts.PERCENTAGE;
  } else if (input.kind === 'fixed' && !wholeIn(input.value, 1, DiscountLimits.amountMax)) {
    errors.value = DiscountFieldTexts.FIXED;
  } else if (input.kind === 'free-shipping' && input.value !== 0) {
    errors.value = DiscountFieldTexts.FREE_SHIPPING_VALUE;
  }
  if (
    input.minimumSubtotal !== undefined &&
    !wholeIn(input.minimumSubtotal, 0, DiscountLimits.amountMax)
  ) {
    errors.minimumSubtotal = DiscountFieldTexts.MINIMUM;
  }
  if (input.startsAt != null && !validDate(input.startsAt))
    errors.startsAt = DiscountFieldTexts.DATE;
  if (input.endsAt != null && !validDate(input.endsAt)) errors.endsAt = DiscountFieldTexts.DATE;
  else if (
    input.endsAt != null &&
    input.startsAt != null &&
    !errors.startsAt &&
    input.endsAt <= input.startsAt
  ) {
    errors.endsAt = DiscountFieldTexts.DATES_ORDER;
  }
  if (input.usageLimit != null && !wholeIn(input.usageLimit, 1, DiscountLimits.usageLimitMax)) {
    errors.usageLimit = DiscountFieldTexts.USAGE_LIMIT;
  }
  if ((input.productIds?.length ?? 0) > DiscountLimits.productIdsMax) {
    errors.productIds = DiscountFieldTexts.PRODUCT_IDS;
  }
  return errors;
}

export { DiscountReasons } from './discount-reasons.js';
import { DiscountReasons } from './discount-reasons.js';

/** What the rules need of a stored discount. */
export interface DiscountRule {
  kind: DiscountKind;
  value: number;
  minimumSubtotal: number;
  startsAt: number | null;
  endsAt: number | null;
  usageLimit: number | null;
  timesUsed: number;
  oncePerEmail: boolean;
  productIds: readonly string[];
  enabled: boolean;
}

/** What the rules need of a cart. */
export interface DiscountCart {
  currency: string;
  lines: readonly { itemId: string; productType: number; unitPrice: number; quantity: number }[];
  subtotal: number;
  now: number;
  /** True when the cart's email already used this (once-per-email) discount. */
  usedByEmail?: boolean;
}

export type DiscountOutcome =
  { applies: true; amount: number; freeShipping: boolean } | { applies: false; reason: string };

/** Round half up to the minor unit (amounts here are never negative). */
function roundHalfUp(x: number): number {
  // 1e-9 absorbs binary error in products like 1999 × 15 / 100 = 299.84999….
  return Math.floor(x + 0.5 + 1e-9);
}

/** What the cart's goods come to, gift cards left out: a gift card is money, never discounted. */
export function discountableSubtotal(cart: DiscountCart): number {
  let sum = 0;
  for (const l of cart.lines) if (!isGiftCard(l.productType)) sum += l.unitPrice * l.quantity;
  return sum;
}

/**
 * The part of the subtotal a discount may take from: its products' lines, or every line — never
 * a gift card's (a $100 card sold for $90 would still be worth $100).
 */
export function eligibleSubtotal(
  rule: Pick<DiscountRule, 'productIds'>,
  cart: DiscountCart,
): number {
  const only = rule.productIds.length ? new Set(rule.productIds) : null;
  let sum = 0;
  for (const l of cart.lines) {
    if (isGiftCard(l.productType) || (only && !only.has(l.itemId))) continue;
    sum += l.unitPrice * l.quantity;
  }
  return Math.min(sum, cart.subtotal);
}

/**
 * Whether a discount applies to a cart and what it takes off. Checked in the order a shopper can
 * act on: dates and usage first (nothing to do), then the cart (add the right items, spend more).
 * Percentages and fixed amounts only take from the eligible lines, never more than they cost.
 */
export function evaluateDiscount(rule: DiscountRule, cart: DiscountCart): DiscountOutcome {
  if (!rule.enabled) return { applies: false, reason: DiscountReasons.NOT_VALID };
  if (rule.startsAt !== null && cart.now < rule.startsAt) {
    return { applies: false, reason: DiscountReasons.NOT_YET };
  }
  if (rule.endsAt !== null && cart.now >= rule.endsAt) {
    return { applies: false, reason: DiscountReasons.EXPIRED };
  }
  if (rule.usageLimit !== null && rule.timesUsed >= rule.usageLimit) {
    return { applies: false, reason: DiscountReasons.USED_UP };
  }
  if (rule.oncePerEmail && cart.usedByEmail) {
    return { applies: false, reason: DiscountReasons.USED_BY_EMAIL };
  }
  if (!cart.lines.length) return { applies: false, reason: DiscountReasons.EMPTY_CART };
  const eligible = eligibleSubtotal(rule, cart);
  if (eligible <= 0) return { applies: false, reason: DiscountReasons.NO_ITEMS };
  if (discountableSubtotal(cart) < rule.minimumSubtotal) {
    return {
      applies: false,
      reason: DiscountReasons.MINIMUM.replace(
        '{amount}',
        formatMoney(rule.minimumSubtotal, cart.currency),
      ),
    };
  }
  switch (rule.kind) {
    case 'percentage':
      return {
        applies: true,
        amount: Math.min(eligible, roundHalfUp((eligible * rule.value) / 100)),
        freeShipping: false,
      };
    case 'fixed':
      return { applies: true, amount: Math.min(eligible, rule.value), freeShipping: false };
    case 'free-shipping':
      return { applies: true, amount: 0, freeShipping: true };
  }
}

/** The words of `describeDiscount` in one language. */
export interface DiscountWords {
  /** `{percent}`: 1–100. */
  percentOff: string;
  /** `{amount}`: the formatted money. */
  amountOff: string;
  freeShipping: string;
  /** How `{amount}` is formatted ('￥500' in Japanese). */
  moneyLocale: string;
}

const ENGLISH_DISCOUNT_WORDS: DiscountWords = {
  percentOff: '{percent}% off',
  amountOff: '{amount} off',
  freeShipping: 'Free shipping',
  moneyLocale: 'en-US',
};

/**
 * What the shopper reads about a discount, in the website's language: '10% off', '$5.00 off',
 * 'Free shipping' (English, the default); '10%オフ', '￥500オフ', '送料無料' (Japanese).
 */
export function describeDiscount(
  rule: Pick<DiscountRule, 'kind' | 'value'>,
  currency: string,
  language?: string,
): string {
  const w = byLanguage<DiscountWords>({ ja: JA_DISCOUNT_WORDS }, language, ENGLISH_DISCOUNT_WORDS);
  switch (rule.kind) {
    case 'percentage':
      return w.percentOff.replace('{percent}', String(rule.value));
    case 'fixed':
      return w.amountOff.replace('{amount}', formatMoney(rule.value, currency, w.moneyLocale));
    case 'free-shipping':
      return w.freeShipping;
  }
}

export type DiscountStatus = 'active' | 'scheduled' | 'expired' | 'used-up' | 'disabled';

/** Where a discount stands now, as the owner's list shows it. */
export function discountStatus(
  d: Pick<DiscountJson, 'enabled' | 'startsAt' | 'endsAt' | 'usageLimit' | 'timesUsed'>,
  now: number,
): DiscountStatus {
  if (!d.enabled) return 'disabled';
  if (d.endsAt !== null && now >= d.endsAt) return 'expired';
  if (d.usageLimit !== null && d.timesUsed >= d.usageLimit) return 'used-up';
  if (d.startsAt !== null && now < d.startsAt) return 'scheduled';
  return 'active';
}

/** 'N of M used', or 'N used' without a limit. */
export function usageText(d: Pick<DiscountJson, 'timesUsed' | 'usageLimit'>): string {
  return d.usageLimit === null ? `${d.timesUsed} used` : `${d.timesUsed} of ${d.usageLimit} used`;
}
