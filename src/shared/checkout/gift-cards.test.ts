import { describe, expect, it } from 'vitest';
import {
  codeLast4,
  dayNumber,
  GIFT_CARD_ALPHABET,
  giftCardIssueErrors,
  giftCardPurchaseErrors,
  groupCode,
  looksLikeGiftCardCode,
  maskCode,
  normalizeGiftCardCode,
} from './gift-cards.js';
import { checkoutTexts, localizeMessage as shownAtCheckout } from './checkout-texts.js';
import { localizeMessage } from '../i18n/messages.js';
import { registerAllLanguages } from '../i18n/all-languages.js';

const purchase = {
  giftCardProductId: 'p1',
  sku: 'GC-50',
  email: 'buyer@example.com',
  recipientName: 'Ada',
  recipientEmail: 'ada@example.com',
};

describe('gift card code form', () => {
  it('has no look-alike characters', () => {
    for (const ch of '01OI') expect(GIFT_CARD_ALPHABET).not.toContain(ch);
    expect(new Set(GIFT_CARD_ALPHABET).size).toBe(32);
  });

  it('normalizes what a shopper types', () => {
    expect(normalizeGiftCardCode(' abcd-efgh jklm\tnpqr ')).toBe('ABCDEFGHJKLMNPQR');
  });

  it('groups and masks for reading', () => {
    expect(groupCode('abcdefghjklmnpqr')).toBe('ABCD EFGH JKLM NPQR');
    expect(maskCode('ABCD EFGH JKLM NPQR')).toBe('•••• •••• •••• NPQR');
    expect(maskCode('NPQR')).toBe('•••• •••• •••• NPQR');
    expect(codeLast4('abcd-efgh-jklm-npqr')).toBe('NPQR');
  });

  it('tells a gift card code from a discount code', () => {
    expect(looksLikeGiftCardCode('ABCD EFGH JKLM NPQR')).toBe(true);
    expect(looksLikeGiftCardCode('abcd-efgh-jklm-npqr')).toBe(true);
    expect(looksLikeGiftCardCode('WELCOME10')).toBe(false);
    // Right length, but 0 and O are not in the alphabet.
    expect(looksLikeGiftCardCode('ABCD EFGH JKLM NPQ0')).toBe(false);
    expect(looksLikeGiftCardCode('ABCDEFGHJKLMNPQRS')).toBe(false);
  });
});

describe('gift card purchase checks', () => {
  it('accepts a complete purchase', () => {
    expect(giftCardPurchaseErrors({ ...purchase, sendOn: '2026-11-25' }, '2026-11-25')).toEqual({});
  });

  it('names every missing or bad field', () => {
    const errors = giftCardPurchaseErrors(
      { ...purchase, sku: '', email: 'nope', recipientName: ' ', recipientEmail: '' },
      '2026-11-25',
    );
    expect(Object.keys(errors).sort()).toEqual(['email', 'recipientEmail', 'recipientName', 'sku']);
    expect(errors.sku).toBe('Select a denomination for the Gift Card');
  });

  it('takes a send date from today to a year ahead', () => {
    const at = (sendOn: string) => giftCardPurchaseErrors({ ...purchase, sendOn }, '2026-11-25');
    expect(at('2026-11-24').sendOn).toBe('Please choose today or a later date.');
    expect(at('2026-02-30').sendOn).toBe('Please enter a date.');
    expect(at('2027-12-31').sendOn).toBe('Please choose a date within a year.');
    expect(at('2027-01-01').sendOn).toBeUndefined();
    expect(dayNumber('1970-01-02')).toBe(1);
  });

  it('limits the message', () => {
    const errors = giftCardPurchaseErrors({ ...purchase, message: 'x'.repeat(501) }, '2026-11-25');
    expect(errors.message).toBe('Please use at most 500 characters.');
  });

  it('shows every error in Japanese on a Japanese site, and as it is on an English one', () => {
    registerAllLanguages();
    // As the gift card island shows them: the checkout's own wording, else the registry's.
    const shown = (language: string, m: string) =>
      shownAtCheckout(checkoutTexts(language), m, (x) => localizeMessage(language, x));
    const at = (fields: object, sendOn = '2026-11-25') =>
      giftCardPurchaseErrors({ ...purchase, ...fields, sendOn }, '2026-11-25');
    const cases: [Record<string, string>, string, string][] = [
      [at({ sku: '' }), 'sku', 'ギフトカードの金額を選択してください。'],
      [at({ email: 'nope' }), 'email', '正しいメールアドレスを入力してください。'],
      [at({ recipientName: '' }), 'recipientName', '必須項目です。'],
      [at({ recipientEmail: '' }), 'recipientEmail', '必須項目です。'],
      [at({ recipientName: 'x'.repeat(101) }), 'recipientName', '100文字以内で入力してください。'],
      [at({ senderName: 'x'.repeat(101) }), 'senderName', '100文字以内で入力してください。'],
      [at({ message: 'x'.repeat(501) }), 'message', '500文字以内で入力してください。'],
      [at({}, '2026-02-30'), 'sendOn', '日付を入力してください。'],
      [at({}, '2026-11-24'), 'sendOn', '今日以降の日付を選んでください。'],
      [at({}, '2027-12-31'), 'sendOn', '1年以内の日付を選んでください。'],
    ];
    for (const [errors, field, japanese] of cases) {
      const english = errors[field]!;
      expect(english, field).toBeTruthy();
      expect(shown('ja-JP', english), english).toBe(japanese);
      expect(shown('en-US', english), english).toBe(english);
    }
  });
});

describe('gift card issue checks', () => {
  it('needs a positive whole amount', () => {
    expect(giftCardIssueErrors({ amount: 5000 })).toEqual({});
    expect(giftCardIssueErrors({ amount: 0 }).amount).toBeDefined();
    expect(giftCardIssueErrors({ amount: 1.5 }).amount).toBeDefined();
    expect(giftCardIssueErrors({ amount: 100_000_001 }).amount).toBeDefined();
  });

  it('checks the optional fields when given', () => {
    const errors = giftCardIssueErrors({ amount: 100, currency: 'eur', recipientEmail: 'x@' });
    expect(Object.keys(errors).sort()).toEqual(['currency', 'recipientEmail']);
    expect(giftCardIssueErrors({ amount: 100, recipientEmail: '' })).toEqual({});
  });
});
