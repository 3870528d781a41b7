import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  formatHsl,
  hexToHsl,
  HEX_FORMAT_TEXT,
  hslToHex,
  parseColor,
  parseHex,
  parseHsl,
} from './colors.js';

describe('parseHex (SPEC 5.7: 3 to 6 hex digits)', () => {
  it('reads 3 and 6 digits, with or without #', () => {
    expect(parseHex('#abc')).toEqual({ ok: true, hex: '#aabbcc' });
    expect(parseHex('1A6FD0')).toEqual({ ok: true, hex: '#1a6fd0' });
  });
  it('pads 4 and 5 digits with leading zeros', () => {
    expect(parseHex('#fff0')).toEqual({ ok: true, hex: '#00fff0' });
    expect(parseHex('12345')).toEqual({ ok: true, hex: '#012345' });
  });
  it('refuses fewer than 3, more than 6 and non-hex digits', () => {
    for (const bad of ['#ab', '#1234567', '#ggg', '', 'red'])
      expect(parseHex(bad)).toEqual({ ok: false, error: HEX_FORMAT_TEXT });
  });
});

describe('parseHsl (SPEC 5.7 ranges and texts)', () => {
  it('reads hsl(), hsla() and bare numbers', () => {
    expect(parseHsl('hsl(210, 0.5, 0.4)')).toEqual({
      ok: true,
      hsla: { h: 210, s: 0.5, l: 0.4, a: 1 },
    });
    expect(parseHsl('hsla(0, 1, 0.5, 0.25)')).toMatchObject({ ok: true, hsla: { a: 0.25 } });
    expect(parseHsl('360 0 1')).toMatchObject({ ok: true });
    expect(parseHsl('120 50% 25%')).toMatchObject({ ok: true, hsla: { s: 0.5, l: 0.25 } });
  });
  it.each([
    ['hsl(361, 0.5, 0.5)', 'Hue out of bounds.'],
    ['hsl(-1, 0.5, 0.5)', 'Hue out of bounds.'],
    ['hsl(10, 1.5, 0.5)', 'Saturation out of bounds.'],
    ['hsl(10, 0.5, -0.1)', 'Lightness out of bounds.'],
    ['hsla(10, 0.5, 0.5, 2)', 'Alpha out of bounds.'],
    ['hsl(10, 0.5)', 'Missing an H/S/L value.'],
    ['hsl(10, x, 0.5)', 'Missing an H/S/L value.'],
  ])('%s → %s', (input, text) => {
    expect(parseHsl(input)).toEqual({ ok: false, error: text });
  });
});

describe('parseColor and conversions', () => {
  it('tells hex from HSL', () => {
    expect(parseColor('hsl(0, 1, 0.5)')).toEqual({ ok: true, hex: '#ff0000' });
    expect(parseColor('#0f0')).toEqual({ ok: true, hex: '#00ff00' });
    expect(parseColor('hsl(400, 1, 0.5)')).toEqual({ ok: false, error: 'Hue out of bounds.' });
  });
  it('round-trips hex → hsl → hex', () => {
    for (const hex of ['#1f2328', '#08427d', '#ffffff', '#000000', '#e11d48', '#7c3aed']) {
      expect(hslToHex(hexToHsl(hex))).toBe(hex);
    }
    expect(formatHsl('#ff0000')).toBe('hsl(0, 1, 0.5)');
    expect(formatHsl('#1f2328')).toBe('hsl(213, 0.13, 0.14)');
  });
});

describe('contrastRatio (WCAG 2)', () => {
  it('is 21 for black on white and 1 for equal colours', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
  it('matches known values around AA', () => {
    // #767676 on white is the classic 4.54:1; #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});
