/**
 * What the cart indicator ('pill') shows (SPEC 2.2, 9.1): the count is capped at 100, shown as
 * '100+' above it, and the spoken label says how many items the cart holds.
 */
export const INDICATOR_CAP = 100;

/** The visible count: '0'…'100', then '100+'. */
export function indicatorCountText(count: number): string {
  return count > INDICATOR_CAP ? `${INDICATOR_CAP}+` : String(Math.max(0, Math.floor(count)));
}

const plural = new Intl.PluralRules('en');

/** The accessible label: '1 item in cart', '3 items in cart', 'More than 100 items in cart'. */
export function indicatorLabel(count: number): string {
  if (count > INDICATOR_CAP) return `More than ${INDICATOR_CAP} items in cart`;
  const n = Math.max(0, Math.floor(count));
  return `${n} ${plural.select(n) === 'one' ? 'item' : 'items'} in cart`;
}

/** SPEC 4.2: hidden at 0, shown (with a fade-in) above. */
export function indicatorVisible(count: number): boolean {
  return count > 0;
}
