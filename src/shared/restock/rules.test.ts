import { describe, expect, it } from 'vitest';
import { Messages } from '../errors.js';
import { ProductType } from '../enums.js';
import {
  decodeCursor,
  encodeCursor,
  isRestockEmailValid,
  normaliseRestockEmail,
  restockEmailError,
  restockFailureText,
  restockFormTexts,
  restockSuccessText,
  sumRestockCountsByProduct,
  variantTakesRestockSignUps,
} from './rules.js';
import { initialRestockFormState, restockFormReducer } from './form-state.js';

const messages = {
  buttonText: 'Sign Up',
  CTAText: 'Tell me',
  placeholderText: 'Email Address',
  mailingListDescription: 'News',
};

describe('restock email rule (SPEC 5.4, 5.7)', () => {
  it('gives the SPEC texts for blank and invalid addresses', () => {
    expect(restockEmailError('')).toBe('Email cannot be blank');
    expect(restockEmailError('   ')).toBe('Email cannot be blank');
    expect(restockEmailError(undefined)).toBe('Email cannot be blank');
    expect(restockEmailError('nope')).toBe('Email is invalid');
    expect(restockEmailError('a@b')).toBe('Email is invalid');
    expect(restockEmailError('a@b.c')).toBe('Email is invalid');
    expect(restockEmailError('a@b.museum')).toBe('Email is invalid');
    expect(restockEmailError('a b@c.com')).toBe('Email is invalid');
    expect(restockEmailError('a@@c.com')).toBe('Email is invalid');
    expect(restockEmailError('shopper@example.com')).toBeNull();
    expect(restockEmailError('  Shopper+tag@mail.example.co.uk ')).toBeNull();
    expect(restockEmailError('x@y.io')).toBeNull();
  });

  it('keeps addresses within 3 to 256 characters', () => {
    const local = 'a'.repeat(256 - '@example.com'.length);
    expect(isRestockEmailValid(`${local}@example.com`)).toBe(true);
    expect(isRestockEmailValid(`a${local}@example.com`)).toBe(false);
    expect(restockEmailError(`a${local}@example.com`)).toBe(Messages.EMAIL_INVALID);
  });

  it('normalises addresses so one address signs up once', () => {
    expect(normaliseRestockEmail('  Shopper@Example.COM ')).toBe('shopper@example.com');
  });
});

describe('which variants take sign-ups (SPEC 4.7)', () => {
  it('only limited variants of physical or service products with no stock', () => {
    const soldOut = { unlimited: false, qtyInStock: 0 };
    expect(variantTakesRestockSignUps(ProductType.PHYSICAL, soldOut)).toBe(true);
    expect(variantTakesRestockSignUps(ProductType.SERVICE, soldOut)).toBe(true);
    expect(variantTakesRestockSignUps(ProductType.DIGITAL, soldOut)).toBe(false);
    expect(variantTakesRestockSignUps(ProductType.GIFT_CARD, soldOut)).toBe(false);
    expect(
      variantTakesRestockSignUps(ProductType.PHYSICAL, { unlimited: false, qtyInStock: 2 }),
    ).toBe(false);
    expect(
      variantTakesRestockSignUps(ProductType.PHYSICAL, { unlimited: true, qtyInStock: 0 }),
    ).toBe(false);
  });
});

describe('restock texts (SPEC 8.2)', () => {
  it("says 'Signed up!' unless the site set custom text", () => {
    expect(restockSuccessText(messages)).toBe('Signed up!');
    expect(restockSuccessText({ ...messages, successText: '  ' })).toBe('Signed up!');
    expect(restockSuccessText({ ...messages, successText: 'We will write!' })).toBe(
      'We will write!',
    );
  });

  it("falls back to 'Unable to submit form. Please try again later.'", () => {
    expect(restockFailureText(undefined)).toBe('Unable to submit form. Please try again later.');
    expect(restockFailureText('')).toBe('Unable to submit form. Please try again later.');
    expect(restockFailureText('Email is invalid')).toBe('Email is invalid');
  });

  it('fills texts the site left empty', () => {
    const t = restockFormTexts({ ...messages, buttonText: '' });
    expect(t.buttonText).toBe('Sign Up');
    expect(t.CTAText).toBe('Tell me');
    expect(t.successText).toBe('Signed up!');
    expect(restockFormTexts({ ...messages, successText: 'Done' }).successText).toBe('Done');
  });
});

describe('owner helpers', () => {
  it('sums counts across variants per product (SPEC 7)', () => {
    const sums = sumRestockCountsByProduct([
      { productId: 'p1', count: 2, pendingCount: 1 },
      { productId: 'p2', count: 5, pendingCount: 5 },
      { productId: 'p1', count: 3, pendingCount: 3 },
    ]);
    expect([...sums]).toEqual([
      ['p1', { count: 5, pendingCount: 4 }],
      ['p2', { count: 5, pendingCount: 5 }],
    ]);
  });

  it('round-trips opaque cursors and rejects garbage', () => {
    const c = encodeCursor(['prod-ü', 12, 'v/1']);
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c)).toEqual(['prod-ü', 12, 'v/1']);
    expect(decodeCursor('not a cursor')).toBeUndefined();
    expect(decodeCursor(encodeCursor([]).slice(0, 1))).toBeUndefined();
    expect(decodeCursor(btoa('{"a":1}'))).toBeUndefined();
    expect(decodeCursor(undefined)).toBeUndefined();
  });
});

describe('restock form state (SPEC 4.5)', () => {
  it('validates on submit with the SPEC texts', () => {
    let s = initialRestockFormState('v1', true);
    expect(s.joinMailingList).toBe(true);
    s = restockFormReducer(s, { type: 'submit' });
    expect(s).toMatchObject({
      status: 'error',
      error: 'Email cannot be blank',
      emailInvalid: true,
    });
    s = restockFormReducer(s, { type: 'email', value: 'bad' });
    s = restockFormReducer(s, { type: 'submit' });
    expect(s.error).toBe('Email is invalid');
    s = restockFormReducer(s, { type: 'email', value: 'a@b.com' });
    s = restockFormReducer(s, { type: 'submit' });
    expect(s).toMatchObject({ status: 'submitting', error: null });
    expect(restockFormReducer(s, { type: 'submit' })).toBe(s);
  });

  it('shows the server message or the fallback, and success replaces the form', () => {
    let s = restockFormReducer(
      { ...initialRestockFormState('v1', false), email: 'a@b.com' },
      { type: 'submit' },
    );
    s = restockFormReducer(s, { type: 'failure', message: undefined });
    expect(s.error).toBe('Unable to submit form. Please try again later.');
    s = restockFormReducer(s, { type: 'submit' });
    s = restockFormReducer(s, { type: 'failure', message: 'Please try again in a few seconds.' });
    expect(s.error).toBe('Please try again in a few seconds.');
    s = restockFormReducer(s, { type: 'submit' });
    s = restockFormReducer(s, { type: 'success' });
    expect(s.status).toBe('success');
    expect(restockFormReducer(s, { type: 'submit' })).toBe(s);
  });

  it('resets when the page chooses another variant', () => {
    let s = { ...initialRestockFormState('v1', false), email: 'a@b.com' };
    s = restockFormReducer(s, { type: 'submit' });
    s = restockFormReducer(s, { type: 'success' });
    expect(restockFormReducer(s, { type: 'variant', variantId: 'v1', optInByDefault: true })).toBe(
      s,
    );
    const r = restockFormReducer(s, { type: 'variant', variantId: 'v2', optInByDefault: true });
    expect(r).toEqual(initialRestockFormState('v2', true));
  });
});
