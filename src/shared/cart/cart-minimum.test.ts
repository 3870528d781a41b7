import { describe, expect, it } from 'vitest';
import { minimumNotMet } from './cart-minimum.js';

describe('minimum order subtotal (SPEC 8.3)', () => {
  it('blocks below the minimum with the SPEC text and the formatted minimum', () => {
    expect(minimumNotMet(1999, { value: '50.00', currency: 'USD' }, 'en-US')).toBe(
      'To check out, your order subtotal must be $50.00 or more.',
    );
    expect(minimumNotMet(500, { value: '1000', currency: 'JPY' }, 'en-US')).toBe(
      'To check out, your order subtotal must be ¥1,000 or more.',
    );
  });

  it('lets checkout go ahead at or above the minimum, or without one', () => {
    expect(minimumNotMet(5000, { value: '50.00', currency: 'USD' }, 'en-US')).toBeNull();
    expect(minimumNotMet(0, null, 'en-US')).toBeNull();
    expect(minimumNotMet(0, { value: '0', currency: 'USD' }, 'en-US')).toBeNull();
    expect(minimumNotMet(0, { value: 'junk', currency: 'USD' }, 'en-US')).toBeNull();
  });
});
