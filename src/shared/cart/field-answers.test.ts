import { describe, expect, it } from 'vitest';
import { answeredLines, answerLines, answerText } from './field-answers.js';

describe('custom-form answers in the cart (SPEC 3.6, 9.1)', () => {
  it('reads the JSON text of form-field answers, with N/A for empty answers', () => {
    const json = JSON.stringify([
      { type: 'text', value: 'Happy birthday', rawTitle: 'Engraving' },
      { type: 'text', value: '', rawTitle: 'Gift note' },
      { type: 'section', rawTitle: 'About you' },
      { type: 'name', values: ['Ada', 'Lovelace'], rawTitle: 'Name' },
      { type: 'address', values: ['1 Main St', '', 'Springfield', '', '', ''], rawTitle: 'Ship' },
      { type: 'checkbox', values: [], rawTitle: 'Extras' },
      { type: 'likert', value: { Quality: '2', Speed: '' }, rawTitle: 'Survey' },
    ]);
    expect(answerLines(json)).toEqual([
      { label: 'Engraving', text: 'Happy birthday' },
      { label: 'Gift note', text: 'N/A' },
      { label: 'Name', text: 'Ada, Lovelace' },
      { label: 'Ship', text: '1 Main St, Springfield' },
      { label: 'Extras', text: 'N/A' },
      { label: 'Survey', text: 'Quality: 2' },
    ]);
  });

  it('accepts a title → value map and ignores what it cannot read', () => {
    expect(answerLines({ Colour: 'Red', Note: null })).toEqual([
      { label: 'Colour', text: 'Red' },
      { label: 'Note', text: 'N/A' },
    ]);
    expect(answerLines('not json')).toEqual([]);
    expect(answerLines(null)).toEqual([]);
    expect(answerLines('')).toEqual([]);
    expect(answerText('  ')).toBe('N/A');
  });

  it('cart and checkout lines list only the answered questions (issue 14)', () => {
    const json = JSON.stringify([
      { type: 'text', value: 'Maya', rawTitle: 'Name on the mug' },
      { type: 'textarea', value: '  ', rawTitle: 'Message' },
      { type: 'checkbox', values: [], rawTitle: 'Extras' },
      { type: 'name', values: ['', ''], rawTitle: 'Your name' },
      { type: 'likert', value: { Quality: '' }, rawTitle: 'Survey' },
    ]);
    expect(answeredLines(json)).toEqual([{ label: 'Name on the mug', text: 'Maya' }]);
    expect(answeredLines({ Colour: 'Red', Note: null })).toEqual([
      { label: 'Colour', text: 'Red' },
    ]);
    // What a shopper typed is theirs, even when it reads like the empty text.
    expect(answeredLines({ Note: 'N/A' })).toEqual([{ label: 'Note', text: 'N/A' }]);
    expect(answeredLines('not json')).toEqual([]);
  });
});
