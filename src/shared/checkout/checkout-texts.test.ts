import { registerAllLanguages } from '../i18n/all-languages.js';
import { describe, expect, it } from 'vitest';
import { addressLines, countryName, PostalMessages, postalCodeError } from './address-rules.js';
import {
  checkoutTexts,
  ENGLISH_CHECKOUT_TEXTS,
  localizeMessage,
  regionLabel,
  type CheckoutTexts,
} from './checkout-texts.js';
import { localizeMessage as localizeRegistry } from '../i18n/messages.js';

// What the server does at start, and a ja page's loader before hydrating (text-packs.ts).
registerAllLanguages();

/** What the checkout island shows: its own wording, else the registry's table (`useMessages`). */
const shown = (texts: CheckoutTexts, language: string, m: string) =>
  localizeMessage(texts, m, (x) => localizeRegistry(language, x));

describe('checkout texts by site language', () => {
  it('keeps the English labels the issue names, exactly', () => {
    const en = checkoutTexts('en-US');
    expect(en).toBe(ENGLISH_CHECKOUT_TEXTS);
    expect(checkoutTexts('fr')).toBe(en);
    expect(checkoutTexts('constructor')).toBe(en);
    expect(en.labels).toEqual({
      email: 'Email',
      firstName: 'First Name',
      lastName: 'Last Name',
      line1: 'Address',
      line2: 'Address 2',
      city: 'City',
      country: 'Country',
      phone: 'Phone',
      placeOrder: 'Place Order',
    });
    expect(Object.values(en.regionLabels)).toEqual(['State', 'Province', 'County', 'Region']);
    expect(Object.values(en.postalLabels)).toEqual([
      'ZIP Code',
      'Postal Code',
      'Postcode',
      'Eircode',
    ]);
    // SPEC 5.7's messages are shown as they are on an English site.
    expect(shown(en, 'en-US', postalCodeError('US', '1234')!)).toBe(
      'ZIP Codes need to be 5 digits.',
    );
    expect(shown(en, 'en-US', PostalMessages.FSA_INVALID)).toBe('An FSA code is invalid.');
    expect(regionLabel(en, 'JP', 'Province')).toBe('Province');
  });

  it('speaks Japanese on a ja site: labels, name order, postcode first, messages', () => {
    const ja = checkoutTexts('ja-JP');
    expect(checkoutTexts('ja')).toBe(ja);
    expect(ja.labels).toMatchObject({
      email: 'メールアドレス',
      lastName: '姓',
      firstName: '名',
      placeOrder: '注文を確定する',
    });
    expect(ja.postalLabels['Postal Code']).toBe('郵便番号');
    expect(regionLabel(ja, 'JP', 'Province')).toBe('都道府県');
    expect(regionLabel(ja, 'CA', 'Province')).toBe('州・省');
    expect(ja.addressOrder.indexOf('lastName')).toBeLessThan(ja.addressOrder.indexOf('firstName'));
    expect(ja.addressOrder.indexOf('postalCode')).toBeLessThan(ja.addressOrder.indexOf('city'));
    expect([...ja.addressOrder].sort()).toEqual([...ENGLISH_CHECKOUT_TEXTS.addressOrder].sort());
    expect(ja.fullName('太郎', '山田')).toBe('山田 太郎');
    // Every SPEC 5.7 message has a Japanese text; unknown texts pass through.
    for (const m of Object.values(PostalMessages)) {
      expect(shown(ja, 'ja-JP', m)).toMatch(/郵便番号|コード/);
    }
    expect(shown(ja, 'ja-JP', 'Required')).toBe('必須項目です。');
    expect(shown(ja, 'ja-JP', 'Must be 100 characters or fewer.')).toBe(
      '100文字以内で入力してください。',
    );
    expect(
      shown(ja, 'ja-JP', 'To check out, your order subtotal must be ￥1,000 or more.'),
    ).toContain('￥1,000');
    expect(shown(ja, 'ja-JP', 'Something else.')).toBe('Something else.');
    expect(shown(ja, 'ja-JP', 'toString')).toBe('toString');
  });

  it('names countries in the site language and writes Japanese addresses the Japanese way', () => {
    expect(countryName('JP', 'ja-JP')).toBe('日本');
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('US', undefined)).toBe('United States');
    expect(countryName('DE', 'not a language tag!')).toBe('Germany');
    const jp = {
      firstName: '太郎',
      lastName: '山田',
      line1: '千代田1-1',
      city: '千代田区',
      region: '東京都',
      postalCode: '100-0001',
      country: 'JP',
    };
    expect(addressLines(jp, 'ja')).toEqual([
      '〒100-0001',
      '東京都 千代田区',
      '千代田1-1',
      '山田 太郎',
      '日本',
    ]);
    expect(addressLines(jp).at(-1)).toBe('Japan');
  });
});
