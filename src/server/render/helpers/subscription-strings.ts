import {
  billingPeriodText,
  periodCountText,
  subscriptionPhrase,
  subscriptionWords,
  type BillingUnit,
} from '../../../shared/product/rules-subscription.js';
import { fillText, storefrontTexts } from '../../../shared/i18n/storefront-texts.js';

/** The engine's unit names in its keys ('nMonthly', 'limited__nYears'). */
const UNITS: readonly [BillingUnit, string, string][] = [
  ['WEEK', 'Weekly', 'Weeks'],
  ['MONTH', 'Monthly', 'Months'],
  ['YEAR', 'Yearly', 'Years'],
];

/**
 * The engine's `product-price` (kept for subscribable products, formatters.ts) words a
 * subscription price with one localizedStrings template per shape —
 * `productPrice__singlePrice__nMonthly__limited__1Years`… with `{price}`, `{billingPeriodValue}`
 * and `{duration}` — and English of its own when the key is missing. These are those templates
 * made of the language's own phrase words (product/rules-subscription.ts, `subscriptions` area), so a server-rendered
 * price reads like the islands' ('3か月ごとに $58.50（1年間）'); a varied price takes the language's
 * 'from' (`productPriceFromText`).
 */
export function engineSubscriptionStrings(language: string): Record<string, string> {
  const texts = subscriptionWords(language);
  const from = storefrontTexts(language).productPriceFromText;
  const out: Record<string, string> = {};
  for (const multiple of [false, true]) {
    const price = multiple ? fillText(from, { fromPrice: '{price}' }) : '{price}';
    for (const [unit, ly] of UNITS) {
      for (const one of [true, false]) {
        const period = billingPeriodText(one ? 1 : '{billingPeriodValue}', unit, texts);
        const head = `productPrice__${multiple ? 'multiplePrices' : 'singlePrice'}__${one ? '1' : 'n'}${ly}__`;
        out[`${head}indefinite`] = subscriptionPhrase(texts, price, period, '');
        for (const [durationUnit, , units] of UNITS) {
          for (const single of [true, false]) {
            const duration = periodCountText(single ? 1 : '{duration}', durationUnit, texts);
            out[`${head}limited__${single ? '1' : 'n'}${units}`] = subscriptionPhrase(
              texts,
              price,
              period,
              duration,
            );
          }
        }
      }
    }
  }
  return out;
}
