import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.js';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('relativeTime (SPEC 9.2)', () => {
  it.each([
    [0, 'less than a minute ago'],
    [59 * S, 'less than a minute ago'],
    [MIN, 'a minute ago'],
    [5 * MIN, '5 minutes ago'],
    [H, 'about an hour ago'],
    [3 * H, 'about 3 hours ago'],
    [D, 'a day ago'],
    [6 * D, '6 days ago'],
    [7 * D, 'a week ago'],
    [29 * D, '4 weeks ago'],
    [30 * D, 'a month ago'],
    [200 * D, '6 months ago'],
    [365 * D, 'a year ago'],
    [800 * D, '2 years ago'],
  ])('%i ms ago reads %s', (ago, text) => {
    expect(relativeTime(NOW - ago, NOW)).toBe(text);
  });

  it('says how far ahead a future date is', () => {
    expect(relativeTime(NOW + 3 * D, NOW)).toBe('in 3 days');
    expect(relativeTime(NOW + H + 5 * MIN, NOW)).toBe('in about an hour');
    expect(relativeTime(NOW + 10 * S, NOW)).toBe('in less than a minute');
  });

  it('uses the same unit in other languages', () => {
    expect(relativeTime(NOW - 3 * D, NOW, 'ja-JP')).toBe('3 日前');
    expect(relativeTime(NOW - 2 * H, NOW, 'fr')).toBe('il y a 2 heures');
  });

  it('gives nothing for an invalid date (the helper reports it)', () => {
    expect(relativeTime(Number.NaN, NOW)).toBeUndefined();
  });
});
