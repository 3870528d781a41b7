import { describe, expect, it } from 'vitest';
import { freeLabelFor } from './money-display.js';

describe('freeLabelFor (SPEC 5.7 money display)', () => {
  it('shows the free label for zero only when free-if-zero is on', () => {
    expect(freeLabelFor(0, { freeIfZero: true, freeLabel: 'Free' })).toEqual({
      ok: true,
      label: 'Free',
    });
    expect(freeLabelFor(500, { freeIfZero: true, freeLabel: 'Free' })).toEqual({ ok: true });
    expect(freeLabelFor(0, { freeIfZero: false })).toEqual({ ok: true });
  });

  it('requires the free label when free-if-zero is on', () => {
    for (const freeLabel of [undefined, '', '  ']) {
      expect(freeLabelFor(500, { freeIfZero: true, freeLabel })).toEqual({
        ok: false,
        error: 'Money display requires a free label when free-if-zero is on.',
      });
    }
  });
});
