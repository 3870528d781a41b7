/**
 * What the cart indicator ('pill') shows (SPEC 2.2, 9.1): the count is capped at 100, shown as
 * '100+' above it, and the spoken label says how many items the cart holds.
 */
import { ENGLISH_TEXTS, fillText, type StorefrontTexts } from '../i18n/storefront-texts.js';

export const INDICATOR_CAP = 100;

/** The visible count: '0'…'100', then '100+'. */
export function indicatorCountText(count: number): string {
  return count > INDICATOR_CAP ? `${INDICATOR_CAP}+` : String(Math.max(0, Math.floor(count)));
}

const plural = new Intl.PluralRules('en');

/**
 * The accessible label: '1 item in cart', '3 items in cart', 'More than 100 items in cart' (or
 * the site language's wording; English plural rules pick one / other, SPEC 9.1).
 */
export function indicatorLabel(
  count: number,
  texts: Pick<
    StorefrontTexts,
    'cartItemsOneText' | 'cartItemsOtherText' | 'cartItemsMoreText'
  > = ENGLISH_TEXTS,
): string {
  if (count > INDICATOR_CAP) return fillText(texts.cartItemsMoreText, { count: INDICATOR_CAP });
  const n = Math.max(0, Math.floor(count));
  const one = plural.select(n) === 'one';
  return fillText(one ? texts.cartItemsOneText : texts.cartItemsOtherText, { count: n });
}

/** SPEC 4.2: hidden at 0, shown (with a fade-in) above. */
export function indicatorVisible(count: number): boolean {
  return count > 0;
}
