import { describe, expect, it } from 'vitest';
import { mailTexts, type MailTexts } from './mail-texts.js';

/** Every fixed word of a catalogue, with placeholders filled by a marker. */
function fixedWords(t: MailTexts): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (typeof v === 'function') out.push(String((v as (...a: string[]) => string)('X', 'Y')));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(t);
  return out;
}

describe('mailTexts', () => {
  it('chooses Japanese for ja, English for en and for any language without texts', () => {
    expect(mailTexts('ja-JP').lang).toBe('ja');
    expect(mailTexts('JA').lang).toBe('ja');
    expect(mailTexts('en-GB').lang).toBe('en');
    for (const other of ['fr-FR', 'zh-Hant', '', null, undefined, 'toString', 'hasOwnProperty']) {
      expect(mailTexts(other)).toBe(mailTexts('en'));
    }
  });

  it('has the same texts in every language, none of them needing HTML escapes', () => {
    const en = fixedWords(mailTexts('en'));
    const ja = fixedWords(mailTexts('ja'));
    expect(ja).toHaveLength(en.length);
    // The bodies insert these words unescaped; only the values passed in are escaped.
    for (const w of [...en, ...ja]) expect(w).not.toMatch(/[<>&"]/);
    expect(ja.filter((w, i) => w === en[i] && w !== 'X' && w !== 'Y')).toEqual([]);
  });
});
