import { describe, expect, it } from 'vitest';
import {
  countryFormat,
  emailError,
  PostalMessages,
  postalCodeError,
  validateAddress,
} from './address-rules.js';

describe('postal codes (SPEC 5.7)', () => {
  it.each([
    ['US', '10001', null],
    ['US', '10001-1234', null],
    ['US', '1000', PostalMessages.ZIP_FIVE_DIGITS],
    ['AU', '2000', null],
    ['AU', '200', PostalMessages.POSTCODE_FOUR_DIGITS],
    ['NO', '01500', PostalMessages.FOUR_DIGITS],
    ['DE', '1011', PostalMessages.FIVE_DIGITS],
    ['CA', 'K1A 0B1', null],
    ['CA', 'D1A 0B1', PostalMessages.FSA_INVALID],
    ['CA', 'K1A 0', PostalMessages.INVALID],
    ['GB', 'sw1a 1aa', null],
    ['GB', 'NOPE', PostalMessages.INVALID],
    ['JP', '100-0001', null],
    ['IE', '', null],
  ])('%s %s', (country, code, message) => {
    expect(postalCodeError(country, code)).toBe(message);
  });
});

describe('address', () => {
  const ok = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    line1: '1 Main St',
    city: 'New York',
    region: 'NY',
    postalCode: '10001',
    country: 'US',
  };
  it('labels follow the country', () => {
    expect(countryFormat('US')).toMatchObject({ regionLabel: 'State', postalLabel: 'ZIP Code' });
    expect(countryFormat('CA')).toMatchObject({
      regionLabel: 'Province',
      postalLabel: 'Postal Code',
    });
    expect(countryFormat('GB')).toMatchObject({ regionLabel: 'County', postalLabel: 'Postcode' });
    expect(countryFormat('IE').postalLabel).toBe('Eircode');
  });
  it('a complete address passes; missing fields are keyed by path', () => {
    expect(validateAddress(ok, 'shippingAddress')).toEqual({});
    expect(validateAddress({ ...ok, city: ' ', region: '' }, 'shippingAddress')).toEqual({
      'shippingAddress.city': 'Required',
      'shippingAddress.region': 'Required',
    });
  });
  it('refuses countries the store does not ship to', () => {
    expect(validateAddress(ok, 's', ['CA'])).toEqual({
      's.country': 'We do not ship to this country.',
    });
    expect(validateAddress({ ...ok, country: 'constructor' }, 's')['s.country']).toBeDefined();
  });
  it('email', () => {
    expect(emailError('a@b.co')).toBeNull();
    expect(emailError('')).toBe('Required');
    expect(emailError('nope')).toBe('Please enter a valid email');
    expect(emailError('shop@example.studio')).toBeNull();
    // Issue 11: the order mails go to it, so nothing a header cannot carry.
    for (const bad of ['"><svg/onload=x>@x.co', 'a(b)@x.co', 'a@x.co\r\nBcc: e@evil.test'])
      expect(emailError(bad), bad).toBe('Please enter a valid email');
  });
});
