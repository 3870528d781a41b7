import { describe, expect, it } from 'vitest';
import { themeTexts } from '../i18n/storefront-texts.js';
import { formatMessage, MessageFormatError, parseMessage } from './message-format.js';

const COUNT = '{count, plural, =0 {No results} one {# result} other {# results}}';

describe('formatMessage (ICU-like, SPEC 5.7)', () => {
  it('fills arguments and picks plural cases by the locale rules', () => {
    expect(formatMessage(COUNT, { count: 0 })).toBe('No results');
    expect(formatMessage(COUNT, { count: 1 })).toBe('1 result');
    expect(formatMessage(COUNT, { count: 1234 })).toBe('1,234 results');
    expect(formatMessage('Hello {name}!', { name: 'Ada' })).toBe('Hello Ada!');
    expect(formatMessage('{0} and {1}', { 0: 'a', 1: 'b' })).toBe('a and b');
  });

  it('uses each language’s plural categories', () => {
    const msg = '{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}';
    expect(formatMessage(msg, { n: 1 }, 'pl')).toBe('1 plik');
    expect(formatMessage(msg, { n: 3 }, 'pl')).toBe('3 pliki');
    expect(formatMessage(msg, { n: 5 }, 'pl')).toBe('5 plików');
    // Japanese has only 'other'.
    expect(formatMessage('{n, plural, one {# 件(one)} other {# 件}}', { n: 1 }, 'ja-JP')).toBe(
      '1 件',
    );
  });

  it('supports offset, select, nested messages, number and quoting', () => {
    const likes =
      '{n, plural, offset:1 =0 {Nobody} =1 {{who}} one {{who} and # other} other {{who} and # others}}';
    expect(formatMessage(likes, { n: 0, who: 'Ada' })).toBe('Nobody');
    expect(formatMessage(likes, { n: 2, who: 'Ada' })).toBe('Ada and 1 other');
    expect(formatMessage(likes, { n: 4, who: 'Ada' })).toBe('Ada and 3 others');
    const sel = '{g, select, shop {In the shop} other {Elsewhere}}';
    expect(formatMessage(sel, { g: 'shop' })).toBe('In the shop');
    expect(formatMessage(sel, { g: 'x' })).toBe('Elsewhere');
    expect(formatMessage('{v, number} views', { v: 12500 }, 'de')).toBe('12.500 views');
    expect(formatMessage("It''s '{literal}' #1", {})).toBe("It's {literal} #1");
  });

  it("rejects a plural without an 'other' case when the message is read", () => {
    expect(() => parseMessage('{n, plural, one {# item}}')).toThrow(
      new MessageFormatError("A plural form needs an 'other' case."),
    );
  });

  it('rejects a plural argument that is not a number', () => {
    for (const n of ['3', undefined, null, Number.NaN, {}]) {
      expect(() => formatMessage(COUNT, { count: n })).toThrow(
        new MessageFormatError('A plural argument must be a number.'),
      );
    }
  });

  it('names syntax errors', () => {
    expect(() => parseMessage('Hello {name')).toThrow(/The message cannot be read: /);
    expect(() => parseMessage('Hello }')).toThrow(/without its/);
    expect(() => parseMessage('{n, date}')).toThrow(/'date' is not a message type/);
  });
});

describe('the theme texts written as messages', () => {
  it('format in every language', () => {
    expect(formatMessage(themeTexts('en').searchResultsText, { count: 1, query: 'mug' })).toBe(
      '1 result for “mug”',
    );
    expect(formatMessage(themeTexts('en').searchResultsText, { count: 12, query: 'mug' })).toBe(
      '12 results for “mug”',
    );
    expect(
      formatMessage(themeTexts('ja').searchResultsText, { count: 3, query: '湯呑み' }, 'ja-JP'),
    ).toBe('「湯呑み」の検索結果 3件');
  });
});
