import { describe, expect, it } from 'vitest';
import { Messages } from '../errors.js';
import { ALERT_TITLES } from '../cart/alert-title.js';
import { unselectedOptionsMessage } from '../product/rules-product.js';
import { ENGLISH_FORM_TEXTS, formTexts } from '../forms/form-texts.js';
import { ENGLISH_CHECKOUT_TEXTS, checkoutTexts } from '../checkout/checkout-texts.js';
import { commentTexts } from '../comments/texts.js';
import { subscriptionWords } from '../product/rules-subscription.js';
import { ENGLISH_TEXTS, storefrontTexts, themeTexts } from './storefront-texts.js';
import { localizeMessage, type MessageKey } from './messages.js';
import { areaTexts, hasTexts, registerTexts, TEXT_AREAS } from './text-packs.js';
import { registerAllLanguages } from './all-languages.js';
import jaMessages from './ja/messages.js';

const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
const hasKana = (s: string) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(s);

describe('text packs (issue 14: the Japanese store reads Japanese throughout)', () => {
  it('falls back to English before a language is registered, and picks by primary subtag', () => {
    expect(areaTexts('forms', 'xx-YY')).toBeUndefined();
    registerTexts('xx', 'forms', { ...ENGLISH_FORM_TEXTS, submit: 'Xx' });
    expect(hasTexts('XX_yy', 'forms')).toBe(true);
    expect(formTexts('xx-YY').submit).toBe('Xx');
    expect(hasTexts('xx', 'messages')).toBe(false);
    expect(localizeMessage('xx', Messages.REQUIRED)).toBe('Required');
  });

  it('registers every area of Japanese on the server', () => {
    registerAllLanguages();
    for (const area of TEXT_AREAS) expect(hasTexts('ja-JP', area), area).toBe(true);
    expect(storefrontTexts('ja').addToCartText).toBe('カートに追加');
    expect(formTexts('ja').submitting).toBe('送信中…');
    expect(checkoutTexts('ja').pageTitle).toBe('ご購入手続き');
    expect(commentTexts('ja').post).toBe('コメントを送信');
    // English sites keep SPEC's exact texts.
    expect(storefrontTexts('en-US')).toBe(ENGLISH_TEXTS);
    expect(checkoutTexts('en')).toBe(ENGLISH_CHECKOUT_TEXTS);
    expect(formTexts('en').submitting).toBe('Submitting…');
    expect(formTexts('en').likert['-2']).toBe('Strongly Disagree');
    expect(formTexts('en').parts.Zip).toBe('ZIP Code');
  });

  it('has every registry text (Messages) in Japanese, with the same placeholders', () => {
    const keys = Object.keys(Messages) as MessageKey[];
    expect(Object.keys(jaMessages.messages).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const ja = jaMessages.messages[key];
      expect(ja, key).toBeTruthy();
      expect(hasKana(ja), key).toBe(true);
      expect(placeholders(ja), key).toEqual(placeholders(Messages[key]));
      // Through the one mapping the pages use: the English text in, Japanese out.
      expect(localizeMessage('ja-JP', Messages[key]), key).toBe(
        // Texts shared by two keys (the SPEC reuses some) map to the first key's Japanese.
        jaMessages.messages[keys.find((k) => Messages[k] === Messages[key]) as MessageKey],
      );
      // And English stays English.
      expect(localizeMessage('en-US', Messages[key])).toBe(Messages[key]);
    }
    for (const [k, v] of Object.entries(ALERT_TITLES))
      expect(hasKana(localizeMessage('ja', v)), k).toBe(true);
  });

  it('turns SPEC 5.1 option sentences and the store minimum into Japanese; unknown texts stay', () => {
    registerAllLanguages();
    expect(localizeMessage('ja', unselectedOptionsMessage(['釉薬']))).toBe(
      '釉薬を選択してください。',
    );
    expect(localizeMessage('ja', unselectedOptionsMessage(['色', 'サイズ']))).toBe(
      '色、サイズを選択してください。',
    );
    expect(localizeMessage('ja', unselectedOptionsMessage(['A', 'B', 'C']))).toBe(
      'A、B、Cを選択してください。',
    );
    expect(
      localizeMessage('ja', Messages.CHECKOUT_MINIMUM_SUBTOTAL.replace('{subtotal}', '￥3,000')),
    ).toBe('ご購入には小計￥3,000以上のご注文が必要です。');
    // Any registry text with its values filled in keeps the values.
    expect(localizeMessage('ja', Messages.DISCOUNT_UNAVAILABLE.replace('{code}', 'SAVE10'))).toBe(
      '割引コードSAVE10は現在ご利用いただけません。削除してからご購入手続きに進んでください。',
    );
    // And an extra text with its values ('Please use at most {max} characters.').
    expect(localizeMessage('ja', 'Please use at most 80 characters.')).toBe(
      '80文字以内で入力してください。',
    );
    expect(localizeMessage('ja', 'The owner wrote this.')).toBe('The owner wrote this.');
    expect(localizeMessage('ja', '')).toBe('');
  });

  it('has every key of every table in both languages', () => {
    registerAllLanguages();
    const pairs: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['storefront', ENGLISH_TEXTS, storefrontTexts('ja')],
      ['theme', themeTexts('en'), themeTexts('ja')],
      ['forms', ENGLISH_FORM_TEXTS as never, formTexts('ja') as never],
      ['checkout', ENGLISH_CHECKOUT_TEXTS as never, checkoutTexts('ja') as never],
      ['comments', commentTexts('en'), commentTexts('ja')],
      ['subscriptions', subscriptionWords('en') as never, subscriptionWords('ja') as never],
    ];
    for (const [name, en, ja] of pairs) {
      expect(Object.keys(ja).sort(), name).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) {
        const [e, j] = [en[key], ja[key]];
        expect(typeof j, `${name}.${key}`).toBe(typeof e);
        if (typeof e === 'string' && typeof j === 'string') {
          expect(j, `${name}.${key}`).toBeTruthy();
          // ICU messages keep their argument names; plain texts their {placeholders}.
          if (!e.includes(', plural,'))
            expect(placeholders(j), `${name}.${key}`).toEqual(placeholders(e));
        }
      }
    }
    const [enForms, jaForms] = [ENGLISH_FORM_TEXTS, formTexts('ja')];
    expect(Object.keys(jaForms.parts).sort()).toEqual(Object.keys(enForms.parts).sort());
    expect(Object.keys(jaForms.likert).sort()).toEqual(Object.keys(enForms.likert).sort());
  });
});

describe('the checkout in Japanese', () => {
  it('translates every discount reason, field rule and payment text it shows', async () => {
    registerAllLanguages();
    const { DiscountReasons, GiftCardReasons } = await import('../checkout/discount-reasons.js');
    const { PostalMessages } = await import('../checkout/address-rules.js');
    const { CARD_MESSAGES } = await import('../../browser/islands/checkout/checkout-steps.js');
    const { localizeMessage: localizeCheckout } = await import('../checkout/checkout-texts.js');
    const shown = (m: string) =>
      localizeCheckout(checkoutTexts('ja'), m, (x) => localizeMessage('ja', x));
    const texts = {
      ...DiscountReasons,
      ...GiftCardReasons,
      ...PostalMessages,
      ...CARD_MESSAGES,
      email: 'Please enter a valid email',
      country: 'We do not ship to this country.',
      shippingOption: 'Please choose one of the shipping options offered.',
      insufficientFunds: 'Your card has insufficient funds.',
    };
    for (const [k, v] of Object.entries(texts)) {
      // MINIMUM carries the amount, which stays as it is.
      const filled = v.replace('{amount}', '$25.00').replace('{currency}', 'EUR');
      expect(hasKana(shown(filled)), k).toBe(true);
    }
    // Where the checkout words a registry text its own way, its wording wins.
    expect(shown(Messages.REQUIRED)).toBe('必須項目です。');
    expect(localizeMessage('ja', Messages.REQUIRED)).toBe('必須項目です');
    expect(shown(Messages.OUT_OF_STOCK)).toBe('申し訳ありません。在庫が足りない商品があります。');
    expect(shown(Messages.PAYMENT_DECLINED)).toBe('カードが承認されませんでした。');
    expect(shown(DiscountReasons.MINIMUM.replace('{amount}', '￥3,000'))).toBe(
      '￥3,000以上のご購入でご利用いただけます。',
    );
  });
});
