import { describe, expect, it } from 'vitest';
import type { FormFieldDef } from '../../../shared/forms/types.js';
import { earlyValues } from './early-values.js';

const fields: FormFieldDef[] = [
  { id: 'name', type: 'name', label: 'Name', required: true },
  { id: 'email', type: 'email', label: 'Email' },
  { id: 'phone', type: 'phone', label: 'Phone' },
  { id: 'message', type: 'textarea', label: 'Message' },
  { id: 'topic', type: 'select', label: 'Topic', options: ['A', 'B'] },
  { id: 'how', type: 'radio', label: 'How', options: ['Email', 'Phone'] },
  { id: 'likes', type: 'checkbox', label: 'Likes', options: ['Clay', 'Glaze', 'Tea'] },
  { id: 'lk', type: 'likert', label: 'Survey', questions: ['Q1', 'Q2'] },
  { id: 'sec', type: 'section', label: 'Section' },
  { id: 'src', type: 'hidden', label: 'Source' },
];

/** A form's FormData as the browser builds it: every text input, checked choices only. */
function reader(entries: [string, string][]) {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return (name: string) => data.getAll(name).filter((v): v is string => typeof v === 'string');
}

describe('earlyValues: what was typed before the form island hydrated (issue 14)', () => {
  it('reads every field type by the names the fields render', () => {
    const got = earlyValues(
      fields,
      reader([
        ['name.First', 'Ada'],
        ['name.Last', ''],
        ['email', 'ada@example.com'],
        ['phone.Areacode', '207'],
        ['phone.Prefix', ''],
        ['phone.Line', ''],
        ['message', 'Hello\nthere'],
        ['topic', 'B'],
        ['how', 'Phone'],
        ['likes', 'Clay'],
        ['likes', 'Tea'],
        ['lk.1', '2'],
        ['src', 'from-query'],
      ]),
    );
    expect(got).toEqual({
      name: ['Ada', ''],
      email: 'ada@example.com',
      phone: ['207', '', ''],
      message: 'Hello\nthere',
      topic: 'B',
      how: ['Phone'],
      likes: ['Clay', 'Tea'],
      lk: { Q2: '2' },
    });
  });

  it('returns nothing for an untouched form, so the state starts as it always did', () => {
    const untouched = reader([
      ['name.First', ''],
      ['name.Last', ''],
      ['email', ''],
      ['message', ''],
      ['topic', ''],
    ]);
    expect(earlyValues(fields, untouched)).toEqual({});
  });
});
