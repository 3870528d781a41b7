import { describe, expect, it } from 'vitest';
import type { DiscountJson } from '../../../shared/checkout/discounts.js';
import {
  emptyForm,
  formErrors,
  formOf,
  fromLocalInput,
  inputOf,
  randomCode,
  toLocalInput,
} from './discount-form.js';

describe('discount form', () => {
  it('turns a discount into a form and back', () => {
    const start = new Date(2026, 11, 1, 9, 30).getTime();
    const d: DiscountJson = {
      id: 'd1',
      code: 'WELCOME10',
      title: 'Welcome',
      kind: 'fixed',
      value: 500,
      minimumSubtotal: 4000,
      startsAt: start,
      endsAt: null,
      usageLimit: 100,
      oncePerEmail: true,
      productIds: ['p1'],
      enabled: true,
      timesUsed: 3,
      totalDiscounted: 1500,
      created: 0,
      updated: 0,
    };
    const f = formOf(d);
    expect(f).toMatchObject({ startsAt: '2026-12-01T09:30', usageLimit: '100', amount: 500 });
    expect(inputOf(f)).toEqual({
      code: 'WELCOME10',
      title: 'Welcome',
      kind: 'fixed',
      value: 500,
      minimumSubtotal: 4000,
      startsAt: start,
      endsAt: null,
      usageLimit: 100,
      oncePerEmail: true,
      productIds: ['p1'],
      enabled: true,
    });
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput(' ')).toBeNull();
  });

  it('checks the form with the shared rules', () => {
    expect(formErrors({ ...emptyForm(), code: 'SAVE10' })).toEqual({});
    expect(formErrors(emptyForm()).code).toBeTruthy();
    expect(formErrors({ ...emptyForm(), code: 'X1X', percent: '' }).value).toBeTruthy();
    expect(formErrors({ ...emptyForm(), automatic: true }).title).toBeTruthy();
    expect(inputOf({ ...emptyForm(), automatic: true, code: 'IGNORED' }).code).toBeNull();
    expect(inputOf({ ...emptyForm(), kind: 'free-shipping' }).value).toBe(0);
    expect(formErrors({ ...emptyForm(), code: 'ABC', kind: 'fixed' }).value).toBeTruthy();
  });

  it('makes readable random codes', () => {
    expect(randomCode()).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });
});
