import { describe, expect, it } from 'vitest';
import {
  LIGHTBOX_ANIMATION_MS,
  LIGHTBOX_TOP_MARGIN,
  lightboxLayout,
  swipeStep,
} from './lightbox.js';

describe('lightbox rules (SPEC 2.2, 9.1)', () => {
  it('animates for 0.3 s', () => {
    expect(LIGHTBOX_ANIMATION_MS).toBe(300);
  });
  it('puts content taller than the window 50 px from the top, else centres it', () => {
    expect(LIGHTBOX_TOP_MARGIN).toBe(50);
    expect(lightboxLayout(901, 900)).toEqual({ tall: true, marginTop: 50 });
    expect(lightboxLayout(900, 900)).toEqual({ tall: false, marginTop: 0 });
    expect(lightboxLayout(300, 900)).toEqual({ tall: false, marginTop: 0 });
  });
  it('reads a long horizontal drag as a swipe and ignores the rest', () => {
    expect(swipeStep(-80, 10)).toBe(1);
    expect(swipeStep(80, -10)).toBe(-1);
    expect(swipeStep(-49, 0)).toBe(0);
    expect(swipeStep(-60, 90)).toBe(0);
  });
});
