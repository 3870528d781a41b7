import { describe, expect, it } from 'vitest';
import {
  installmentInfoUrl,
  installmentNoticeText,
  installmentSchedule,
} from './installment-info.js';

describe('installment information (SPEC 4.4, 9.1)', () => {
  it('splits the price into 4 payments every 2 weeks that add up exactly', () => {
    const s = installmentSchedule(10001);
    expect(s).toEqual([
      { due: 'Today', amount: 2501 },
      { due: 'In 2 weeks', amount: 2501 },
      { due: 'In 4 weeks', amount: 2501 },
      { due: 'In 6 weeks', amount: 2498 },
    ]);
    expect(s.reduce((a, p) => a + p.amount, 0)).toBe(10001);
    expect(installmentSchedule(4000).map((p) => p.amount)).toEqual([1000, 1000, 1000, 1000]);
  });

  it('links to the provider page by locale, Clearpay for en_GB', () => {
    expect(installmentInfoUrl('en_US')).toBe('https://www.afterpay.com/en-US/how-it-works');
    expect(installmentInfoUrl('fr_CA')).toBe('https://www.afterpay.com/fr-CA/how-it-works');
    expect(installmentInfoUrl('en_GB')).toBe('https://www.clearpay.co.uk/en-GB/how-it-works');
  });

  it('words the in-range and out-of-range notices', () => {
    const base = { count: 4, brand: 'Afterpay', amount: '$12.50', min: '$1.00', max: '$1,000.00' };
    expect(installmentNoticeText({ ...base, inRange: true })).toBe(
      '4 interest-free payments of $12.50 with Afterpay',
    );
    expect(installmentNoticeText({ ...base, brand: 'Clearpay', inRange: false })).toBe(
      'Clearpay available for orders between $1.00 and $1,000.00',
    );
  });
});
