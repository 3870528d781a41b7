/**
 * SPEC 9.2 subscription price phrases ('{priceString} every month for 6 months') in the site's
 * language. English is SPEC 9.2's, here; another language's words are its `subscriptions` text
 * area (`i18n/{language}/subscriptions.ts`, text-packs.ts), which a page loads only for a product
 * sold by subscription.
 */
import { fillText } from '../i18n/storefront-texts.js';
import { areaTexts } from '../i18n/text-packs.js';
import { ProductTexts } from './product-texts.js';
import type { SubscriptionPlanJson } from './types.js';

/** SPEC 8.6: a plan without a price unit. */
export const SUBSCRIPTION_UNAVAILABLE = ProductTexts.UNAVAILABLE;

export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';
type Unit = BillingUnit;

/** The words a phrase is made of. Placeholders: `{price}`, `{period}`, `{duration}`, `{n}`. */
export interface SubscriptionWords {
  /** '{price} {period}': an indefinite plan. */
  priceText: string;
  /** '{price} {period} for {duration}'. */
  limitedText: string;
  everyWeek: string;
  everyWeeks: string;
  everyMonth: string;
  everyMonths: string;
  everyYear: string;
  everyYears: string;
  week: string;
  weeks: string;
  month: string;
  months: string;
  year: string;
  years: string;
  /** SPEC 8.6's 'Unavailable'. */
  unavailable: string;
  /** The product form's other choice: 'One-time purchase: {price}'. */
  oneTimePurchase: string;
}

/** English (SPEC 9.2); each unit's words alike: 'every week', 'every {n} weeks', '1 week', '{n} weeks'. */
function englishWords(): SubscriptionWords {
  const units = ['week', 'month', 'year'].flatMap((u) => {
    const every = `every${u[0]!.toUpperCase()}${u.slice(1)}`;
    return [
      [every, `every ${u}`],
      [`${every}s`, `every {n} ${u}s`],
      [u, `1 ${u}`],
      [`${u}s`, `{n} ${u}s`],
    ];
  });
  return {
    priceText: '{price} {period}',
    limitedText: '{price} {period} for {duration}',
    unavailable: SUBSCRIPTION_UNAVAILABLE,
    oneTimePurchase: 'One-time purchase: {price}',
    ...Object.fromEntries(units),
  } as SubscriptionWords;
}

export const ENGLISH_SUBSCRIPTION_WORDS = /* @__PURE__ */ englishWords();

/** The words for a site language ('ja', 'ja-JP'…); English for any other (or before loading). */
export function subscriptionWords(language: string | null | undefined): SubscriptionWords {
  return areaTexts<SubscriptionWords>('subscriptions', language) ?? ENGLISH_SUBSCRIPTION_WORDS;
}

/** Per unit: 'every week', 'every {n} weeks', '1 week', '{n} weeks'. */
const KEYS: Record<Unit, readonly [Word, Word, Word, Word]> = {
  WEEK: ['everyWeek', 'everyWeeks', 'week', 'weeks'],
  MONTH: ['everyMonth', 'everyMonths', 'month', 'months'],
  YEAR: ['everyYear', 'everyYears', 'year', 'years'],
};
type Word = keyof SubscriptionWords;

/** Periods in one year, for SPEC 9.2's year conversion (52 weeks, 12 months). */
const PER_YEAR: Record<Unit, number> = { WEEK: 52, MONTH: 12, YEAR: 1 };

/** `n` as a placeholder value too (the engine's templates: '{billingPeriodValue}'). */
type Count = number | string;

/** '1 week', '10 weeks' (1週間, 10週間). */
export function periodCountText(n: Count, unit: Unit, words: SubscriptionWords): string {
  const [, , one, many] = KEYS[unit];
  return n === 1 ? words[one] : fillText(words[many], { n });
}

/** 'every month', 'every 2 weeks' (毎月, 2週間ごとに). */
export function billingPeriodText(value: Count, unit: Unit, words: SubscriptionWords): string {
  const [one, many] = KEYS[unit];
  return value === 1 ? words[one] : fillText(words[many], { n: value });
}

/** The plan's length in periods of `unit` (SPEC 9.2: in years when it divides into years). */
export function subscriptionDuration(
  value: number,
  unit: Unit,
  cycles: number,
): { value: number; unit: Unit } | null {
  if (cycles <= 0 || value <= 0) return null;
  const total = value * cycles;
  return unit !== 'YEAR' && total % PER_YEAR[unit] === 0
    ? { value: total / PER_YEAR[unit], unit: 'YEAR' }
    : { value: total, unit };
}

/**
 * The plan's total length (billing period × cycles), '1 year', '10 weeks', shown in years when it
 * divides evenly into years (52 weeks or 12 months per year, SPEC 9.2); '' for an indefinite plan
 * (0 cycles).
 */
export function subscriptionDurationText(
  plan: SubscriptionPlanJson,
  words: SubscriptionWords,
): string {
  const { value, unit } = plan.billingPeriod;
  const d = unit ? subscriptionDuration(value, unit, plan.numBillingCycles) : null;
  return d ? periodCountText(d.value, d.unit, words) : '';
}

/** A phrase from its parts: `duration` '' for an indefinite plan. */
export function subscriptionPhrase(
  words: SubscriptionWords,
  price: string,
  period: string,
  duration: string,
): string {
  const template = duration ? words.limitedText : words.priceText;
  return fillText(template, { price, period, duration });
}

/**
 * SPEC 9.2 price phrase: '{priceString} every {billingPeriodValue} {unit}[ for {durationValue}
 * {unit}]', e.g. '$20.00 every month for 6 months', '$5.00 every 2 weeks for 1 year'; in
 * Japanese '3か月ごとに $58.50（1年間）'. A plan without a unit reads 'Unavailable' (SPEC 8.6).
 */
export function subscriptionPriceText(
  priceString: string,
  plan: SubscriptionPlanJson,
  words: SubscriptionWords,
): string {
  const { value, unit } = plan.billingPeriod;
  if (!unit || !Object.hasOwn(KEYS, unit) || value <= 0) return words.unavailable;
  return subscriptionPhrase(
    words,
    priceString,
    billingPeriodText(value, unit, words),
    subscriptionDurationText(plan, words),
  );
}
