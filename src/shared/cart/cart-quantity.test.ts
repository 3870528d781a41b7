import { describe, expect, it } from 'vitest';
import { parseCartQuantity } from './cart-quantity.js';

describe('cart quantity input (SPEC 5.2, 9.1)', () => {
  it('accepts whole numbers 1 to 9999', () => {
    expect(parseCartQuantity('1')).toEqual({ ok: true, quantity: 1 });
    expect(parseCartQuantity(' 9999 ')).toEqual({ ok: true, quantity: 9999 });
  });

  it('refuses the rest with the SPEC texts', () => {
    expect(parseCartQuantity('')).toEqual({ ok: false, message: 'Quantity must be a number.' });
    expect(parseCartQuantity('abc')).toEqual({ ok: false, message: 'Quantity must be a number.' });
    expect(parseCartQuantity('1.5')).toEqual({
      ok: false,
      message: 'Quantity must be a whole number',
    });
    expect(parseCartQuantity('0')).toMatchObject({ ok: false });
    expect(parseCartQuantity('10000')).toMatchObject({ ok: false });
    expect(parseCartQuantity('-3')).toMatchObject({ ok: false });
  });
});
