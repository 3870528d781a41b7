import { describe, expect, it } from 'vitest';
import { collectValues } from '../forms/values.js';
import type { FormFieldDef } from '../forms/types.js';
import { keepHiddenAnswers, prefillStates } from './prefill-states.js';

const FIELDS: FormFieldDef[] = [
  { id: 'intro', type: 'section', label: 'About you' },
  { id: 'who', type: 'name', label: 'Name' },
  { id: 'when', type: 'date', label: 'Date' },
  { id: 'at', type: 'time', label: 'Time' },
  { id: 'where', type: 'address', label: 'Address' },
  { id: 'tel', type: 'phone', label: 'Phone' },
  { id: 'tel4', type: 'phone', label: 'Phone with country', showCountryCode: true },
  { id: 'extras', type: 'checkbox', label: 'Extras', options: ['Box', 'Card'] },
  { id: 'glaze', type: 'radio', label: 'Glaze', options: ['Tidepool', 'Ash'] },
  { id: 'style', type: 'select', label: 'Style', options: ['Script', 'Block'] },
  { id: 'survey', type: 'likert', label: 'Survey', questions: ['Fast', 'Kind'] },
  { id: 'note', type: 'textarea', label: 'Note' },
  { id: 'mail', type: 'email', label: 'Email' },
  { id: 'engraving', type: 'text', label: 'Engraving' },
  { id: 'ref', type: 'hidden', label: 'Ref', value: 'own' },
];

describe('prefillStates: stored answers back into the custom form (cart page edit)', () => {
  it('gives back every field type so collecting again yields the same answers', () => {
    const stored = {
      who: ['Ada', 'Lovelace'],
      when: ['04', '12', '1990'],
      at: ['10', '30', '00', 'AM'],
      where: ['1 Main St', '', 'Springfield', 'IL', '62701', 'US'],
      tel: ['', '555', '123', '4567'],
      tel4: ['1', '555', '123', '4567'],
      extras: ['Card'],
      glaze: 'Ash',
      style: 'Block',
      survey: { Fast: '2', Kind: '-1' },
      note: 'Hello',
      mail: 'ada@example.com',
      engraving: 'A & B',
      ref: 'own',
    };
    const states = prefillStates(FIELDS, stored);
    expect(states.tel).toEqual(['555', '123', '4567']);
    expect(states.glaze).toEqual(['Ash']);
    expect(states).not.toHaveProperty('ref');
    expect(states).not.toHaveProperty('intro');
    expect(collectValues(FIELDS, states)).toEqual(stored);
  });

  it('leaves out answers that no longer fit the form, and reads anything odd as nothing', () => {
    expect(
      prefillStates(FIELDS, {
        who: { First: 'Ada' },
        survey: 'Fast',
        gone: 'removed field',
        glaze: '',
        extras: [1, 2],
      }),
    ).toEqual({});
    expect(prefillStates(FIELDS, null)).toEqual({});
    expect(prefillStates(FIELDS, ['Ada'])).toEqual({});
    // Likert answers stored as lists (SPEC 3.6 "checked answers") take the first.
    expect(prefillStates(FIELDS, { survey: { Fast: ['1'], Kind: [] } })).toEqual({
      survey: { Fast: '1' },
    });
  });
});

describe('keepHiddenAnswers', () => {
  it('keeps what a hidden field captured on the product page', () => {
    const collected = collectValues(FIELDS, { engraving: 'B' }, '?ref=cart-page');
    expect(collected.ref).toBe('cart-page');
    const kept = keepHiddenAnswers(FIELDS, collected, { ref: 'newsletter', engraving: 'A' });
    expect(kept.ref).toBe('newsletter');
    expect(kept.engraving).toBe('B');
    // Nothing stored for it: the page's value stands.
    expect(keepHiddenAnswers(FIELDS, collected, { engraving: 'A' }).ref).toBe('cart-page');
    expect(keepHiddenAnswers(FIELDS, collected, null)).toBe(collected);
  });
});
