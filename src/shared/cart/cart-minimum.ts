import { Messages } from '../errors.js';
import { formatMoney, moneyToMinor } from '../money.js';
import type { MoneyJson } from '../product/types.js';

/** SPEC 8.3's text, with the store's minimum filled in. */
export function minimumSubtotalText(formattedMinimum: string): string {
  return Messages.CHECKOUT_MINIMUM_SUBTOTAL.replace('{subtotal}', () => formattedMinimum);
}

/**
 * The message to show when the store has a minimum order subtotal the cart does not reach, or
 * null when checkout may go ahead. A minimum of 0 (or none) never blocks.
 */
export function minimumNotMet(
  subtotalMinor: number,
  minimum: MoneyJson | null | undefined,
  locale: string,
): string | null {
  if (!minimum) return null;
  let minimumMinor: number;
  try {
    minimumMinor = moneyToMinor(minimum);
  } catch {
    return null;
  }
  if (minimumMinor <= 0 || subtotalMinor >= minimumMinor) return null;
  return minimumSubtotalText(formatMoney(minimumMinor, minimum.currency, locale));
}
