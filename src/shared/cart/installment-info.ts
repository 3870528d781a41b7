/**
 * The installment modal's own content (SPEC 4.4): the schedule computed here shows while the
 * provider's information page loads and stays when it cannot be loaded
 * (shared/product/installment-info-page.ts).
 */
import { installmentInfoPageUrl } from '../product/installment-info-page.js';
import { INSTALLMENT_COUNT } from '../product/rules.js';

/** Payments fall due every 2 weeks, the first at checkout. */
export const INSTALLMENT_INTERVAL_WEEKS = 2;

export interface InstallmentPayment {
  /** 'Today', 'In 2 weeks', … */
  due: string;
  /** Minor units. */
  amount: number;
}

/**
 * Each payment is the notice's rounded-up instalment except the last, which takes what is left,
 * so the schedule adds up to the price exactly.
 */
export function installmentSchedule(
  priceMinor: number,
  count = INSTALLMENT_COUNT,
): InstallmentPayment[] {
  const each = Math.ceil(priceMinor / count);
  return Array.from({ length: count }, (_, i) => ({
    due: i === 0 ? 'Today' : `In ${i * INSTALLMENT_INTERVAL_WEEKS} weeks`,
    amount: i < count - 1 ? each : Math.max(0, priceMinor - each * (count - 1)),
  }));
}

/** The provider's public information page for a supported locale (the modal's link). */
export function installmentInfoUrl(locale: string): string {
  return installmentInfoPageUrl(locale);
}

/** SPEC 4.4 in-range and out-of-range notice texts. */
export function installmentNoticeText(args: {
  inRange: boolean;
  count: number;
  brand: string;
  amount: string;
  min: string;
  max: string;
}): string {
  return args.inRange
    ? `${args.count} interest-free payments of ${args.amount} with ${args.brand}`
    : `${args.brand} available for orders between ${args.min} and ${args.max}`;
}
