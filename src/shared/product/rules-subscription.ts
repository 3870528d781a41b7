/** SPEC 9.2 subscription price phrases ('{priceString} every month for 6 months'). */
import type { SubscriptionPlanJson } from './types.js';

/** SPEC 8.6: a plan without a price unit. */
export const SUBSCRIPTION_UNAVAILABLE = 'Unavailable';

type Unit = 'WEEK' | 'MONTH' | 'YEAR';

const NAMES: Record<Unit, [string, string]> = {
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

/** Periods in one year, for SPEC 9.2's year conversion (52 weeks, 12 months). */
const PER_YEAR: Record<Unit, number> = { WEEK: 52, MONTH: 12, YEAR: 1 };

function countOf(n: number, unit: Unit): string {
  const [one, many] = NAMES[unit];
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/** 'every month', 'every 2 weeks'. */
export function billingPeriodText(value: number, unit: Unit): string {
  const [one, many] = NAMES[unit];
  return value === 1 ? `every ${one}` : `every ${value} ${many}`;
}

/**
 * The plan's total length (billing period × cycles), shown in years when it divides evenly into
 * years (52 weeks or 12 months per year, SPEC 9.2); '' for an indefinite plan (0 cycles).
 */
export function subscriptionDurationText(plan: SubscriptionPlanJson): string {
  const { value, unit } = plan.billingPeriod;
  if (!unit || plan.numBillingCycles <= 0 || value <= 0) return '';
  const total = value * plan.numBillingCycles;
  if (unit !== 'YEAR' && total % PER_YEAR[unit] === 0) {
    return `for ${countOf(total / PER_YEAR[unit], 'YEAR')}`;
  }
  return `for ${countOf(total, unit)}`;
}

/**
 * SPEC 9.2 price phrase: '{priceString} every {billingPeriodValue} {unit}[ for {durationValue}
 * {unit}]', e.g. '$20.00 every month for 6 months', '$5.00 every 2 weeks for 1 year'.
 * A plan without a unit reads 'Unavailable' (SPEC 8.6).
 */
export function subscriptionPriceText(priceString: string, plan: SubscriptionPlanJson): string {
  const { value, unit } = plan.billingPeriod;
  if (!unit || !(unit in NAMES) || value <= 0) return SUBSCRIPTION_UNAVAILABLE;
  const duration = subscriptionDurationText(plan);
  return [priceString, billingPeriodText(value, unit), duration].filter(Boolean).join(' ');
}
