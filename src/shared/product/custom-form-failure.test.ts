import { describe, expect, it } from 'vitest';
import { customFormClientFailure, customFormServerFailure } from './custom-form-failure.js';

const SUMMARY = 'Update the missing or invalid information above.';

describe('custom product form failures (SPEC 5.3, 8.3)', () => {
  it('client checks: the field messages plus the summary, nothing when valid', () => {
    const errors = { likert1: 'Survey is not valid. Missing a required question.' };
    expect(customFormClientFailure(errors)).toEqual({ fieldErrors: errors, message: SUMMARY });
    expect(customFormClientFailure({})).toEqual({ fieldErrors: {}, message: '' });
  });

  it("server 400 with per-field errors: those messages and SPEC 8.3's summary, not 8.4's", () => {
    const errors = { email1: 'Email is not valid.' };
    const body = {
      errors,
      data: { errors, error: 'One or more fields is invalid, please check your entries.' },
    };
    expect(customFormServerFailure(400, body)).toEqual({ fieldErrors: errors, message: SUMMARY });
  });

  it('other server failures keep their own texts', () => {
    expect(customFormServerFailure(404, {})).toEqual({
      fieldErrors: {},
      message: 'This form has not been configured yet.',
    });
    expect(customFormServerFailure(429, {}).message).toBe(
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    );
    expect(customFormServerFailure(400, { data: { errors: {} } }).message).toBe(
      'One or more fields is invalid, please check your entries.',
    );
  });
});
