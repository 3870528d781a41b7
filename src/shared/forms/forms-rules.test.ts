import { describe, expect, it } from 'vitest';
import { Messages } from '../errors.js';
import {
  characterCounter,
  collectValues,
  fieldValue,
  isMailableAddress,
  isValidEmail,
  normalizeField,
  parseSubmittedValues,
  renderedParts,
  submitFailure,
  toFieldAnswers,
  validateCaptcha,
  validateField,
  validateValues,
  valueToText,
  LIKERT_SCALE,
  FIELD_PARTS,
  CaptchaAction,
  type FormFieldDef,
} from './index.js';

const f = (type: FormFieldDef['type'], extra: Partial<FormFieldDef> = {}): FormFieldDef => ({
  id: type,
  type,
  label: type,
  ...extra,
});

describe('field value shapes (SPEC 3.6)', () => {
  it('multi-part fields give the list of their sub-input values', () => {
    expect(fieldValue(f('name'), ['Ada', 'Lovelace'])).toEqual(['Ada', 'Lovelace']);
    expect(fieldValue(f('address'), ['1 Main', '', 'Town', 'ST', '12345', 'US'])).toEqual([
      '1 Main',
      '',
      'Town',
      'ST',
      '12345',
      'US',
    ]);
    expect(fieldValue(f('date'), ['12', '31', '2024'])).toEqual(['12', '31', '2024']);
    expect(fieldValue(f('time'), ['10', '30', '00', 'AM'])).toEqual(['10', '30', '00', 'AM']);
    expect(fieldValue(f('name'), undefined)).toEqual([]);
  });

  it('phone adds an empty first entry when only 3 parts exist', () => {
    expect(fieldValue(f('phone'), ['555', '123', '4567'])).toEqual(['', '555', '123', '4567']);
    expect(fieldValue(f('phone'), ['1', '555', '123', '4567'])).toEqual([
      '1',
      '555',
      '123',
      '4567',
    ]);
    expect(renderedParts('phone')).toEqual(['Areacode', 'Prefix', 'Line']);
    expect(renderedParts('phone', true)).toEqual(FIELD_PARTS.phone);
    expect(renderedParts('address')).toEqual(FIELD_PARTS.address);
  });

  it('checkbox gives the checked values, radio the first checked, select the chosen', () => {
    expect(fieldValue(f('checkbox'), ['A', 'C'])).toEqual(['A', 'C']);
    expect(fieldValue(f('checkbox'), undefined)).toEqual([]);
    expect(fieldValue(f('radio'), ['B', 'C'])).toBe('B');
    expect(fieldValue(f('radio'), [])).toBe('');
    expect(fieldValue(f('select'), 'Two')).toBe('Two');
    expect(fieldValue(f('select'), undefined)).toBe('');
  });

  it('hidden reads the query string under its name, else its own value', () => {
    const hidden = f('hidden', { name: 'utm_source', value: 'site' });
    expect(fieldValue(hidden, undefined, '?utm_source=mail&x=1')).toBe('mail');
    expect(fieldValue(hidden, undefined, 'x=1')).toBe('site');
    expect(fieldValue(f('hidden'), undefined, '')).toBe('');
    expect(fieldValue(f('hidden', { id: 'ref' }), undefined, 'ref=abc')).toBe('abc');
  });

  it('likert gives question → answer, leaving out unanswered questions', () => {
    expect(fieldValue(f('likert'), { Q1: '2', Q2: undefined, Q3: '' })).toEqual({ Q1: '2' });
    expect(fieldValue(f('likert'), undefined)).toEqual({});
    expect(LIKERT_SCALE.map((s) => `${s.value} ${s.label}`)).toEqual([
      '-2 Strongly Disagree',
      '-1 Disagree',
      '0 Neutral',
      '1 Agree',
      '2 Strongly Agree',
    ]);
  });

  it('sections are skipped; other fields give their single value', () => {
    expect(fieldValue(f('section'), 'x')).toBeUndefined();
    expect(fieldValue(f('text'), 'hi')).toBe('hi');
    expect(fieldValue(f('textarea'), 'long')).toBe('long');
    expect(fieldValue(f('email'), 'a@b.co')).toBe('a@b.co');
    const values = collectValues([f('section'), f('text'), f('radio')], {
      text: 'x',
      radio: ['r'],
    });
    expect(values).toEqual({ text: 'x', radio: 'r' });
  });
});

describe('field definitions', () => {
  it("treats 'single-line' and unknown types as text (the default)", () => {
    expect(normalizeField({ id: 'a', type: 'single-line', label: 'A' }).type).toBe('text');
    expect(normalizeField({ id: 'a', type: 'weird', label: 'A' }).type).toBe('text');
    expect(normalizeField({ id: 'a', label: 'A' }).type).toBe('text');
    expect(normalizeField({ id: 'a', type: 'likert', label: 'A', questions: ['q'] })).toEqual({
      id: 'a',
      type: 'likert',
      label: 'A',
      questions: ['q'],
    });
  });
});

describe('validation (SPEC 5.3 / 5.6)', () => {
  it("required text, select and radio give 'Required' when empty", () => {
    for (const type of ['text', 'textarea', 'select', 'radio'] as const) {
      expect(validateField(f(type, { required: true }), '')).toBe(Messages.REQUIRED);
      expect(validateField(f(type, { required: true }), '   ')).toBe(Messages.REQUIRED);
      expect(validateField(f(type), '')).toBeUndefined();
    }
    expect(Messages.REQUIRED).toBe('Required');
  });

  it("a required empty email: the contact form's email text, a product form's 'Required'", () => {
    const email = f('email', { required: true });
    expect(validateField(email, '')).toBe(Messages.FORM_EMAIL_INVALID);
    expect(validateField(email, '', 'product')).toBe(Messages.REQUIRED);
    expect(validateValues([email], {}, 'product')).toEqual({ [email.id]: Messages.REQUIRED });
    expect(validateField(email, 'nope', 'product')).toBe(Messages.FORM_EMAIL_INVALID);
  });

  it('a required checkbox needs at least one; multi-part needs at least one part', () => {
    expect(validateField(f('checkbox', { required: true }), [])).toBe('Required');
    expect(validateField(f('checkbox', { required: true }), ['x'])).toBeUndefined();
    for (const type of ['name', 'address', 'date', 'time', 'phone'] as const) {
      expect(validateField(f(type, { required: true }), ['', ''])).toBe('Required');
      expect(validateField(f(type, { required: true }), ['', 'x'])).toBeUndefined();
    }
  });

  it('a required likert needs every question answered', () => {
    const lk = f('likert', { required: true, questions: ['Q1', 'Q2'] });
    expect(validateField(lk, { Q1: '1' })).toBe(
      'Survey is not valid. Missing a required question.',
    );
    expect(validateField(lk, {})).toBe(Messages.LIKERT_MISSING);
    expect(validateField(lk, { Q1: '1', Q2: '-2' })).toBeUndefined();
    expect(validateField({ ...lk, required: false }, {})).toBeUndefined();
    expect(validateField(lk, { Q1: '1', Q2: '7' })).toBe('7 is not one of the expected options');
  });

  it('sections are always valid', () => {
    expect(validateField(f('section', { required: true }), undefined)).toBeUndefined();
  });

  it('max length: over the limit is invalid, an optional empty field is valid', () => {
    const ta = f('textarea', { maxLength: 5 });
    expect(validateField(ta, '123456')).toBe('You have exceeded the character limit.');
    expect(validateField(ta, '12345')).toBeUndefined();
    expect(validateField(ta, '')).toBeUndefined();
    expect(validateField(f('text', { maxLength: 2 }), 'abc')).toBe(Messages.CHARACTER_LIMIT);
    expect(validateField(f('text'), 'x'.repeat(10_001))).toBe(Messages.CHARACTER_LIMIT);
  });

  it('email: invalid when non-empty (or required) and not an address', () => {
    const msg = 'Email is not valid. Email addresses should follow the format user@domain.com.';
    expect(validateField(f('email'), 'nope')).toBe(msg);
    expect(validateField(f('email'), '')).toBeUndefined();
    expect(validateField(f('email', { required: true }), '')).toBe(msg);
    expect(validateField(f('email', { required: true }), 'a@b.co')).toBeUndefined();
  });

  it('choices must be among the options', () => {
    expect(validateField(f('select', { options: ['A'] }), 'B')).toBe(
      'B is not one of the expected options',
    );
    expect(validateField(f('radio', { options: ['A'] }), 'A')).toBeUndefined();
    expect(validateField(f('checkbox', { options: ['A', 'B'] }), ['A', 'Z'])).toBe(
      'Z is not one of the expected options',
    );
  });

  it('validateValues collects field id → message', () => {
    const fields = [f('text', { required: true }), f('email'), f('section')];
    expect(validateValues(fields, { email: 'x' })).toEqual({
      text: 'Required',
      email: Messages.FORM_EMAIL_INVALID,
    });
    expect(validateValues(fields, { text: 'ok' })).toEqual({});
  });

  it("the bot check must be completed: 'Complete CAPTCHA before submitting.'", () => {
    expect(validateCaptcha(true, undefined)).toBe('Complete CAPTCHA before submitting.');
    expect(validateCaptcha(true, 'tok')).toBeUndefined();
    expect(validateCaptcha(false, undefined)).toBeUndefined();
    expect(CaptchaAction.FORM_BLOCK_SUBMISSION).toBe('FORM_BLOCK_SUBMISSION');
  });
});

describe('email rule (SPEC 5.7)', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@mail.example.com', true],
    ['x@y.info', true],
    ['x@y.c0m', true],
    ['x@y.museum', false],
    ['x@y.c', false],
    ['x@localhost', false],
    ['no-at.example.com', false],
    ['two@@x.com', false],
    ['sp ace@x.com', false],
    ['a@b@c.com', false],
    ['a@.com', false],
    ['', false],
    // Issue 11: header specials and control characters can never be mailed.
    ["o'brien@x.co", true],
    ['{{x}}`y`@x.co', true],
    ['"><svg/onload=x>@x.co', false],
    ['<img>@x.co', false],
    ['a(b)@x.co', false],
    ['a,b@x.co', false],
    ['a;b@x.co', false],
    ['a:b@x.co', false],
    ['a\\b@x.co', false],
    ['a@x.co\r\nBcc: e@evil.test', false],
    ['a\u0000b@x.co', false],
  ])('%s → %s', (email, ok) => expect(isValidEmail(email)).toBe(ok));

  it('allows 3 to 256 characters', () => {
    const local = 'a'.repeat(256 - '@b.co'.length);
    expect(isValidEmail(`${local}@b.co`)).toBe(true);
    expect(isValidEmail(`a${local}@b.co`)).toBe(false);
  });
});

describe('addresses a person types for themselves (checkout, accounts)', () => {
  it.each([
    ['jo@clay.studio', true],
    ['jo@mail.example.photography', true],
    ['jo@x.co', true],
    ['jo@localhost', false],
    ['jo@x.c', false],
    ['jo <jo@x.co>', false],
    ['a@x.co\r\nBcc: e@evil.test', false],
  ])('%s → %s', (email, ok) => expect(isMailableAddress(email)).toBe(ok));

  it('allows at most 254 characters', () => {
    const local = 'a'.repeat(254 - '@b.co'.length);
    expect(isMailableAddress(`${local}@b.co`)).toBe(true);
    expect(isMailableAddress(`a${local}@b.co`)).toBe(false);
  });
});

describe('character counter (SPEC 2.2)', () => {
  it("shows 'n / max', flags over the limit, is absent for 0 or invalid max", () => {
    expect(characterCounter(3, 500)).toEqual({ text: '3 / 500', over: false });
    expect(characterCounter(501, 500)).toEqual({ text: '501 / 500', over: true });
    expect(characterCounter(0, '10')).toEqual({ text: '0 / 10', over: false });
    expect(characterCounter(1, 0)).toBeNull();
    expect(characterCounter(1, -5)).toBeNull();
    expect(characterCounter(1, 'abc')).toBeNull();
    expect(characterCounter(1, 2.5)).toBeNull();
    expect(characterCounter(1, undefined)).toBeNull();
  });
});

describe('submit failure texts (SPEC 8.4)', () => {
  it('maps each status to its text; 400 errors go to the fields', () => {
    expect(submitFailure(400, { data: { errors: { email: 'bad' } } })).toEqual({
      fieldErrors: { email: 'bad' },
      message: 'One or more fields is invalid, please check your entries.',
    });
    expect(submitFailure(400, { errors: { a: 'x' } }).fieldErrors).toEqual({ a: 'x' });
    expect(submitFailure(401, {}).message).toBe('Unable to submit form. Please try again later.');
    expect(submitFailure(404, {}).message).toBe('This form has not been configured yet.');
    expect(submitFailure(429, {}).message).toBe(
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    );
    expect(submitFailure(500, {}).message).toBe('Unable to send form. Please try again later.');
    expect(submitFailure(403, { data: { error: 'Nope.' } }).message).toBe('Nope.');
    expect(submitFailure(418, null).message).toBe('Unknown error, please try again later.');
    expect(submitFailure(400, { data: { error: 'Parse' } }).message).toBe('Parse');
  });
});

describe('submitted values and answers', () => {
  const fields = [
    f('name'),
    f('checkbox'),
    f('likert', { questions: ['Q'] }),
    f('text'),
    f('section'),
    f('time'),
    f('phone'),
    f('date'),
  ];
  it('parses JSON values, dropping unknown ids and rejecting wrong shapes', () => {
    expect(
      parseSubmittedValues(fields, {
        name: ['A', 'B'],
        checkbox: 'one',
        likert: { Q: 2 },
        text: 5,
        section: 'x',
        extra: 'y',
      }),
    ).toEqual({ name: ['A', 'B'], checkbox: ['one'], likert: { Q: '2' }, text: '5' });
    expect(parseSubmittedValues(fields, { name: { a: 1 } })).toBeUndefined();
    expect(parseSubmittedValues(fields, { text: { a: 1 } })).toBeUndefined();
    expect(parseSubmittedValues(fields, { likert: ['x'] })).toBeUndefined();
    expect(parseSubmittedValues(fields, [])).toBeUndefined();
    expect(parseSubmittedValues(fields, 'x')).toBeUndefined();
  });

  it('renders values as text and as SPEC 3.6 answers', () => {
    expect(valueToText(f('time'), ['10', '30', '', 'PM'])).toBe('10:30 PM');
    expect(valueToText(f('phone'), ['', '555', '123', '4567'])).toBe('555-123-4567');
    expect(valueToText(f('date'), ['12', '31', '2024'])).toBe('12/31/2024');
    expect(valueToText(f('likert'), { Q: '-1' })).toBe('Q: Disagree');
    expect(toFieldAnswers(fields, { text: 'hi' })).toEqual([
      { type: 'text', rawTitle: 'text', value: 'hi', values: 'hi' },
    ]);
  });
});
