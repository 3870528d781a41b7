import { describe, expect, it } from 'vitest';
import {
  actionAllowed,
  chargeDate,
  nextChargeOn,
  planComplete,
  retryAt,
  statusAfter,
  type SubscriptionPlan,
} from './subscriptions.js';

const plan = (value: number, unit: 'WEEK' | 'MONTH' | 'YEAR', cycles = 0): SubscriptionPlan => ({
  billingPeriod: { value, unit },
  numBillingCycles: cycles,
});
const DAY = 86_400_000;

describe('chargeDate', () => {
  it('adds weeks, months and years every N', () => {
    expect(chargeDate('2026-11-27', plan(1, 'WEEK'), 1)).toBe('2026-12-04');
    expect(chargeDate('2026-11-27', plan(2, 'WEEK'), 3)).toBe('2027-01-08');
    expect(chargeDate('2026-11-27', plan(1, 'MONTH'), 2)).toBe('2027-01-27');
    expect(chargeDate('2026-11-27', plan(3, 'MONTH'), 1)).toBe('2027-02-27');
    expect(chargeDate('2026-11-27', plan(1, 'YEAR'), 2)).toBe('2028-11-27');
    expect(chargeDate('2026-11-27', plan(1, 'MONTH'), 0)).toBe('2026-11-27');
  });

  it('clamps to the end of a shorter month, and counts from the start (no drift)', () => {
    expect(chargeDate('2027-01-31', plan(1, 'MONTH'), 1)).toBe('2027-02-28');
    expect(chargeDate('2028-01-31', plan(1, 'MONTH'), 1)).toBe('2028-02-29');
    expect(chargeDate('2027-01-31', plan(1, 'MONTH'), 2)).toBe('2027-03-31');
    expect(chargeDate('2027-01-31', plan(1, 'MONTH'), 3)).toBe('2027-04-30');
    expect(chargeDate('2028-02-29', plan(1, 'YEAR'), 1)).toBe('2029-02-28');
    expect(chargeDate('2028-02-29', plan(1, 'YEAR'), 4)).toBe('2032-02-29');
  });
});

describe('plan completion and the next charge', () => {
  it('ends after numBillingCycles; 0 runs until cancelled', () => {
    expect(planComplete(plan(1, 'MONTH', 3), 2)).toBe(false);
    expect(planComplete(plan(1, 'MONTH', 3), 3)).toBe(true);
    expect(planComplete(plan(1, 'MONTH', 0), 500)).toBe(false);
  });

  it('counts skipped periods in the date but not toward completion', () => {
    expect(nextChargeOn('2026-01-15', plan(1, 'MONTH', 3), 1, 1)).toBe('2026-02-15');
    expect(nextChargeOn('2026-01-15', plan(1, 'MONTH', 3), 2, 1)).toBe('2026-03-15');
    expect(nextChargeOn('2026-01-15', plan(1, 'MONTH', 3), 4, 3)).toBeNull();
  });
});

describe('retries', () => {
  it('retries after 1, 3 and 7 days, then gives up (paused)', () => {
    const t = Date.UTC(2026, 0, 1);
    expect(retryAt(t, 1)).toBe(t + DAY);
    expect(retryAt(t, 2)).toBe(t + 3 * DAY);
    expect(retryAt(t, 3)).toBe(t + 7 * DAY);
    expect(retryAt(t, 4)).toBeNull();
  });
});

describe('actions', () => {
  it('allows each action only from the states it makes sense in', () => {
    expect(actionAllowed('skip', 'active')).toBe(true);
    expect(actionAllowed('skip', 'paused')).toBe(false);
    expect(actionAllowed('pause', 'past_due')).toBe(true);
    expect(actionAllowed('resume', 'active')).toBe(false);
    expect(actionAllowed('resume', 'paused')).toBe(true);
    expect(actionAllowed('cancel', 'cancelled')).toBe(false);
    expect(actionAllowed('cancel', 'completed')).toBe(false);
    expect(statusAfter('cancel', 'paused')).toBe('cancelled');
    expect(statusAfter('skip', 'active')).toBe('active');
  });
});
