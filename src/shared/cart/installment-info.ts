/**
 * The installment modal's content (SPEC 4.4). The provider's own information page is a third-party
 * page the platform cannot vouch for (and tests run offline), so the modal shows the schedule
 * computed here and links to the provider's page instead of framing it.
 */
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

const PROVIDER_HOST: Record<string, string> = {
  en_GB: 'https://www.clearpay.co.uk',
};

/** The provider's information page for a supported locale (SPEC 7: fetched by locale). */
export function installmentInfoUrl(locale: string): string {
  const host = PROVIDER_HOST[locale] ?? 'https://www.afterpay.com';
  return `${host}/${locale.replace('_', '-')}/how-it-works`;
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
