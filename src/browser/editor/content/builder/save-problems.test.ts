import { describe, expect, it } from 'vitest';
import { Messages, OwnerMessages } from '../../../../shared/errors.js';
import { ApiError } from '../../../lib/api-error.js';
import { problemOf } from './use-page-draft.js';

describe('what the builder tells about a refused save', () => {
  it('a stale version: the conflict text, with Reload', () => {
    const err = new ApiError(409, 'CONTENT_CONFLICT', OwnerMessages.CONTENT_CONFLICT);
    expect(problemOf(err)).toEqual({ kind: 'conflict', text: OwnerMessages.CONTENT_CONFLICT });
  });

  it("someone else's lock: 'This page is locked.' and who holds it", () => {
    const body = {
      error: {
        code: 'CONTENT_LOCKED',
        message: OwnerMessages.CONTENT_LOCKED,
        holder: { name: 'Ada' },
      },
    };
    const err = new ApiError(423, 'CONTENT_LOCKED', OwnerMessages.CONTENT_LOCKED, body);
    expect(problemOf(err)).toEqual({ kind: 'locked', text: 'This page is locked.', holder: 'Ada' });
  });

  it('invalid fields: their texts by path', () => {
    const fieldErrors = { 'sections.0.blocks.1.url': 'Enter a link.' };
    const err = new ApiError(400, 'CONTENT_INVALID', OwnerMessages.CONTENT_INVALID, {
      error: { fieldErrors },
    });
    expect(problemOf(err)).toMatchObject({ kind: 'invalid', fieldErrors });
  });

  it('no answer: the connection text, to try again', () => {
    const err = new ApiError(0, 'NETWORK', Messages.CHECK_CONNECTION);
    expect(problemOf(err).kind).toBe('failed');
    expect(problemOf(err).text).not.toBe('');
  });
});
