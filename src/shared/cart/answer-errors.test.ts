import { describe, expect, it } from 'vitest';
import { answerErrors } from './answer-errors.js';

describe('answerErrors: field messages of a refused cart answers update', () => {
  it('reads the cart API error body', () => {
    const body = {
      error: {
        code: 'FORM_FIELDS_INVALID',
        message: 'One or more fields is invalid, please check your entries.',
        errors: { note: 'Required', wrap: 'You have exceeded the character limit.', n: 3 },
      },
      message: 'One or more fields is invalid, please check your entries.',
    };
    expect(answerErrors(body)).toEqual({
      note: 'Required',
      wrap: 'You have exceeded the character limit.',
    });
  });

  it('is empty for other failures', () => {
    expect(answerErrors(undefined)).toEqual({});
    expect(answerErrors('Bad Gateway')).toEqual({});
    expect(answerErrors({ error: { code: 'INTERNAL' }, message: 'x' })).toEqual({});
    expect(answerErrors({ error: { errors: ['Required'] } })).toEqual({});
  });
});
