import { describe, expect, it } from 'vitest';
import { indicatorCountText, indicatorLabel, indicatorVisible } from './indicator.js';

describe('cart indicator display (SPEC 2.2, 9.1)', () => {
  it('shows the count up to 100 and 100+ above it', () => {
    expect(indicatorCountText(0)).toBe('0');
    expect(indicatorCountText(1)).toBe('1');
    expect(indicatorCountText(99)).toBe('99');
    expect(indicatorCountText(100)).toBe('100');
    expect(indicatorCountText(101)).toBe('100+');
    expect(indicatorCountText(9999)).toBe('100+');
  });

  it('labels one / other, and the capped state with the SPEC text', () => {
    expect(indicatorLabel(0)).toBe('0 items in cart');
    expect(indicatorLabel(1)).toBe('1 item in cart');
    expect(indicatorLabel(2)).toBe('2 items in cart');
    expect(indicatorLabel(100)).toBe('100 items in cart');
    expect(indicatorLabel(101)).toBe('More than 100 items in cart');
  });

  it('is hidden at zero only', () => {
    expect(indicatorVisible(0)).toBe(false);
    expect(indicatorVisible(1)).toBe(true);
    expect(indicatorVisible(150)).toBe(true);
  });
});
