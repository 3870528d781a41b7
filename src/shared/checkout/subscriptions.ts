/**
 * Subscriptions (issue 15): the shapes of the subscription checkout, the shopper's manage page
 * and the owner API. Plans are SPEC 3.3's (billingPeriod WEEK/MONTH/YEAR every N,
 * numBillingCycles, 0 = until cancelled); phrases are SPEC 9.2's
 * (shared/product/rules-subscription.ts).
 */
import type { AddressInput, OrderJson, PaymentInput } from './api.js';

/** POST /api/commerce/subscriptions body. */
export interface SubscriptionCheckoutRequest {
  cartToken: string;
  email: string;
  shippingAddress?: AddressInput;
  billingAddress?: AddressInput;
  shippingOptionId?: string;
  payment: PaymentInput;
}

export type SubscriptionStatus = 'active' | 'paused' | 'cancelled' | 'past_due' | 'completed';

export interface SubscriptionJson {
  id: string;
  status: SubscriptionStatus;
  email: string;
  itemId: string;
  title: string;
  sku: string;
  quantity: number;
  /** Per period, minor units. */
  unitPrice: number;
  currency: string;
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  /** 0: until cancelled. */
  numBillingCycles: number;
  /** Periods charged so far (the first is the checkout's). */
  cyclesCharged: number;
  /** YYYY-MM-DD of the next charge; null when none is due (cancelled, completed). */
  nextChargeOn: string | null;
  /** SPEC 9.2's phrase, e.g. '$20.00 every 2 months for 1 year'. */
  pricePhrase: string;
  /** Signed link to the shopper's manage page (no sign-in needed). */
  manageUrl: string;
  created: number;
}

/** 201 of POST /api/commerce/subscriptions. */
export interface SubscriptionCheckoutResponse {
  subscription: Pick<SubscriptionJson, 'id' | 'status' | 'nextChargeOn' | 'manageUrl'> &
    Partial<SubscriptionJson>;
  order: OrderJson;
}

export interface SubscriptionListResponse {
  subscriptions: SubscriptionJson[];
  /** Revenue of subscription orders per month, 'YYYY-MM' → minor units. */
  revenueByMonth: { month: string; amount: number }[];
}

// --- rules (one home: server, job and pages import these) -------------------------------------

export type BillingUnit = SubscriptionJson['billingPeriod']['unit'];
export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: BillingUnit };
  numBillingCycles: number;
}

/** 'YYYY-MM-DD' of a UTC calendar date. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The UTC calendar date of an epoch-ms instant. */
export function dateOf(ms: number): string {
  return isoDate(new Date(ms));
}

function parseDate(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m: m - 1, d };
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
}

/**
 * The date `cycles` billing periods after `start` (a 'YYYY-MM-DD'). Months and years keep the
 * start's day of month, clamped to the month's last day: Jan 31 + 1 month = Feb 28 (29 in a leap
 * year), and counted from the START date, so the Mar charge of a Jan 31 plan is Mar 31 again
 * (a period never drifts to the 28th for good).
 */
export function chargeDate(start: string, plan: SubscriptionPlan, cycles: number): string {
  const { y, m, d } = parseDate(start);
  const { value, unit } = plan.billingPeriod;
  const n = value * cycles;
  if (unit === 'WEEK') return isoDate(new Date(Date.UTC(y, m, d + 7 * n)));
  const months = unit === 'YEAR' ? 12 * n : n;
  const ty = y + Math.floor((m + months) / 12);
  const tm = (((m + months) % 12) + 12) % 12;
  return isoDate(new Date(Date.UTC(ty, tm, Math.min(d, daysInMonth(ty, tm)))));
}

/** True when every billing cycle has been charged (never for 0 cycles: until cancelled). */
export function planComplete(plan: Pick<SubscriptionPlan, 'numBillingCycles'>, charged: number) {
  return plan.numBillingCycles > 0 && charged >= plan.numBillingCycles;
}

/**
 * The next charge date: `periods` billing periods (charged or skipped) after the schedule's
 * anchor (the first charge's date, or the day a paused subscription resumed late); null when
 * `charged` completes the plan.
 */
export function nextChargeOn(
  anchor: string,
  plan: SubscriptionPlan,
  periods: number,
  charged: number,
): string | null {
  return planComplete(plan, charged) ? null : chargeDate(anchor, plan, periods);
}

/** Days after a failed renewal charge before it is tried again; after the last: paused. */
export const RETRY_DAYS: readonly number[] = [1, 3, 7];

/**
 * When a renewal that has failed `failures` times (1 = the first failure) is tried again, or
 * null: the schedule is spent and the subscription pauses.
 */
export function retryAt(failedAt: number, failures: number): number | null {
  const days = RETRY_DAYS[failures - 1];
  return days === undefined ? null : failedAt + days * 86_400_000;
}

/** The shopper's and owner's actions, and the states each may start from. */
export const SUBSCRIPTION_ACTIONS = ['skip', 'pause', 'resume', 'cancel'] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

const ALLOWED: Record<SubscriptionAction, readonly SubscriptionStatus[]> = {
  skip: ['active'],
  pause: ['active', 'past_due'],
  resume: ['paused'],
  cancel: ['active', 'paused', 'past_due'],
};

/** Whether an action applies to a subscription in `status` (else SUBSCRIPTION_ACTION_INVALID). */
export function actionAllowed(action: SubscriptionAction, status: SubscriptionStatus): boolean {
  return ALLOWED[action].includes(status);
}

/** The status an action leads to. */
export function statusAfter(action: SubscriptionAction, status: SubscriptionStatus) {
  const to: Record<SubscriptionAction, SubscriptionStatus> = {
    skip: status,
    pause: 'paused',
    resume: 'active',
    cancel: 'cancelled',
  };
  return to[action];
}

/** The words for a status (badges, pages). */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
  past_due: 'Past due',
  completed: 'Completed',
};
