import { describe, expect, it } from 'vitest';
import {
  SUPPORTED_CURRENCIES,
  decimalToMinor,
  formatMoney,
  fractionDigits,
  isSupportedCurrency,
  minorToDecimalString,
  moneyJson,
  moneyToMinor,
} from './money.js';

describe('money (SPEC 3.11, 9.2)', () => {
  it('lists the 27 supported currencies', () => {
    expect(SUPPORTED_CURRENCIES).toHaveLength(27);
    expect(isSupportedCurrency('JPY')).toBe(true);
    expect(isSupportedCurrency('ZAR')).toBe(true);
    expect(isSupportedCurrency('CNY')).toBe(false);
  });
  it('uses 2 fraction digits, JPY 0', () => {
    expect(fractionDigits('USD')).toBe(2);
    expect(fractionDigits('JPY')).toBe(0);
    expect(fractionDigits('jpy')).toBe(0);
  });
  it('turns minor units into decimal strings', () => {
    expect(minorToDecimalString(1250, 'USD')).toBe('12.50');
    expect(minorToDecimalString(5, 'USD')).toBe('0.05');
    expect(minorToDecimalString(0, 'EUR')).toBe('0.00');
    expect(minorToDecimalString(-1999, 'USD')).toBe('-19.99');
    expect(minorToDecimalString(1200, 'JPY')).toBe('1200');
    expect(() => minorToDecimalString(1.5, 'USD')).toThrow(RangeError);
  });
  it('turns decimals into minor units, rounding half away from zero', () => {
    expect(decimalToMinor('12.50', 'USD')).toBe(1250);
    expect(decimalToMinor('12.5', 'USD')).toBe(1250);
    expect(decimalToMinor('12', 'USD')).toBe(1200);
    expect(decimalToMinor('.5', 'USD')).toBe(50);
    expect(decimalToMinor('0.105', 'USD')).toBe(11);
    expect(decimalToMinor('-0.105', 'USD')).toBe(-11);
    expect(decimalToMinor(19.99, 'USD')).toBe(1999);
    expect(decimalToMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(decimalToMinor('1200', 'JPY')).toBe(1200);
    expect(decimalToMinor('1200.6', 'JPY')).toBe(1201);
    expect(() => decimalToMinor('abc', 'USD')).toThrow(RangeError);
    expect(() => decimalToMinor('', 'USD')).toThrow(RangeError);
    expect(() => decimalToMinor(Number.NaN, 'USD')).toThrow(RangeError);
  });
  it('builds and reads Money JSON', () => {
    expect(moneyJson(1250, 'USD')).toEqual({ value: '12.50', currency: 'USD' });
    expect(moneyJson(1200, 'JPY')).toEqual({ value: '1200', currency: 'JPY' });
    expect(moneyToMinor({ value: '12.50', currency: 'USD' })).toBe(1250);
    expect(moneyToMinor({ decimalValue: '3', currencyCode: 'JPY' })).toBe(3);
    expect(moneyToMinor({ value: '3' })).toBe(300);
  });
  it('formats for display', () => {
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(1200, 'JPY', 'ja-JP')).toMatch(/^[¥￥]1,200$/);
  });
});
