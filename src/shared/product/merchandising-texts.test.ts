import { describe, expect, it } from 'vitest';
import {
  defaultMerchandisingTexts,
  ENGLISH_MERCHANDISING_TEXTS,
  localizeMerchandisingTexts,
  newMerchandising,
} from './merchandising-texts.js';

const ENGLISH = {
  restockNotificationMessages: {
    buttonText: 'Notify Me',
    CTAText: 'Get notified when this item is back in stock.',
    placeholderText: 'Email Address',
    mailingListDescription: 'Also sign up for our newsletter',
  },
  scarcityText: 'Only {quantity} left in stock',
};

const JAPANESE = {
  restockNotificationMessages: {
    buttonText: '入荷お知らせ',
    CTAText: '再入荷したらメールでお知らせします。',
    placeholderText: 'メールアドレス',
    mailingListDescription: 'ニュースレターも受け取る',
  },
  scarcityText: '残り{quantity}点',
};

describe('defaultMerchandisingTexts', () => {
  it("are SPEC 3.4's English on an English site and for a language without its own", () => {
    expect(defaultMerchandisingTexts('en-US')).toEqual(ENGLISH);
    expect(defaultMerchandisingTexts('fr-FR')).toEqual(ENGLISH);
    expect(defaultMerchandisingTexts(undefined)).toEqual(ENGLISH);
  });

  it('are Japanese on a Japanese site', () => {
    expect(defaultMerchandisingTexts('ja-JP')).toEqual(JAPANESE);
    expect(defaultMerchandisingTexts('ja')).toEqual(JAPANESE);
  });

  it('hands out copies that can be edited without touching the defaults', () => {
    const copy = newMerchandising('en-US');
    copy.restockNotificationMessages.buttonText = 'Changed';
    expect(ENGLISH_MERCHANDISING_TEXTS.restockNotificationMessages.buttonText).toBe('Notify Me');
  });
});

describe('localizeMerchandisingTexts', () => {
  const stored = { ...ENGLISH, scarcityEnabled: true };

  it('leaves an English site exactly as stored, blanks included', () => {
    expect(localizeMerchandisingTexts(stored, 'en-US')).toBe(stored);
    const blank = { ...stored, scarcityText: '' };
    expect(localizeMerchandisingTexts(blank, 'en-US')).toBe(blank);
  });

  it('turns English defaults and blanks into Japanese on a Japanese site', () => {
    expect(localizeMerchandisingTexts(stored, 'ja-JP')).toEqual({
      ...JAPANESE,
      scarcityEnabled: true,
    });
    const blank = {
      ...stored,
      restockNotificationMessages: { ...ENGLISH.restockNotificationMessages, buttonText: ' ' },
      scarcityText: '',
    };
    const out = localizeMerchandisingTexts(blank, 'ja-JP');
    expect(out.restockNotificationMessages.buttonText).toBe('入荷お知らせ');
    expect(out.scarcityText).toBe('残り{quantity}点');
  });

  it("keeps the owner's own words and the success text", () => {
    const own = {
      restockNotificationMessages: {
        ...ENGLISH.restockNotificationMessages,
        buttonText: '知らせて',
        successText: 'Thanks!',
      },
      scarcityText: 'Last {quantity}!',
    };
    const out = localizeMerchandisingTexts(own, 'ja-JP');
    expect(out.restockNotificationMessages).toEqual({
      ...JAPANESE.restockNotificationMessages,
      buttonText: '知らせて',
      successText: 'Thanks!',
    });
    expect(out.scarcityText).toBe('Last {quantity}!');
    const japanese = { ...JAPANESE };
    expect(localizeMerchandisingTexts(japanese, 'ja-JP')).toBe(japanese);
  });
});
