import { describe, expect, it } from 'vitest';
import { cartFailure } from './cart-failure.js';

describe('cart page failures (SPEC 8.3)', () => {
  it('names the action with the SPEC title', () => {
    expect(cartFailure('quantity', { status: 500 }).title).toBe('Unable to update quantity');
    expect(cartFailure('remove', { status: 500 }).title).toBe('Unable to remove item');
    expect(cartFailure('form', { status: 500 }).title).toBe('Unable to update form');
    expect(cartFailure('add', { status: 500 }).title).toBe('Unable to add item');
    expect(cartFailure('open-form', { status: 500 }).title).toBe('Unable to open form');
  });

  it('says to check the connection when no answer came, to try again on server faults', () => {
    expect(cartFailure('quantity', { status: 0, message: 'x' }).detail).toBe(
      'Please check your internet connection.',
    );
    expect(cartFailure('quantity', { status: 503, message: 'Something went wrong' }).detail).toBe(
      'Please try again.',
    );
    expect(cartFailure('remove', null).detail).toBe('Please try again.');
  });

  it("passes on the server's explanation of a refusal", () => {
    const msg = 'Sorry, we do not have enough of that item available.';
    expect(cartFailure('quantity', { status: 409, message: msg }).detail).toBe(msg);
    expect(
      cartFailure('quantity', { status: 429, message: 'Please try again in a few seconds.' }),
    ).toEqual({ title: 'Unable to update quantity', detail: 'Please try again in a few seconds.' });
  });
});
