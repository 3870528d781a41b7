import { describe, expect, it } from 'vitest';
import {
  galleryBlockInput,
  galleryInput,
  galleryProblems,
  gallerySettings,
} from './gallery-settings.js';
import { nextSlide, slideScrollLeft } from './slides.js';

describe('gallerySettings (SPEC 3.7, 9.2)', () => {
  it('starts from SPEC 9.2’s defaults', () => {
    expect(gallerySettings({})).toMatchObject({
      design: 'grid',
      autoplay: false,
      autoplayDelay: 5,
      thumbnailsPerRow: 4,
      padding: 20,
      thumbnailStripHeight: 80,
      margin: 20,
      maxColumnWidth: 300,
      aspectRatio: '1:1',
      aspectRatioCss: '1 / 1',
      controls: true,
      indicators: true,
      thumbnails: true,
    });
  });
  it('clamps numbers to their ranges and drops unknown values', () => {
    const s = gallerySettings({
      autoplayDelay: 11,
      thumbnailsPerRow: 0,
      padding: 51,
      thumbnailStripHeight: -5,
      margin: 61,
      maxColumnWidth: 99,
      design: 'carousel',
      metaPosition: 'middle',
      activeAlignment: 'justify',
      aspectRatio: '7:5',
    });
    expect(s).toMatchObject({
      autoplayDelay: 10,
      thumbnailsPerRow: 1,
      padding: 50,
      thumbnailStripHeight: 0,
      margin: 60,
      maxColumnWidth: 100,
      design: 'grid',
      metaPosition: 'bottom-left',
      activeAlignment: 'center',
      aspectRatio: '1:1',
    });
    expect(gallerySettings({ autoplayDelay: 1 }).autoplayDelay).toBe(1);
  });
  it('keeps the four designs and the stored flags', () => {
    for (const design of ['grid', 'slideshow', 'slider', 'stacked']) {
      expect(gallerySettings({ design }).design).toBe(design);
    }
    expect(gallerySettings({ aspectRatio: '16:9' }).aspectRatioCss).toBe('16 / 9');
    expect(gallerySettings({ showMeta: false, lightbox: true })).toMatchObject({
      showMeta: false,
      lightbox: true,
    });
    expect(galleryInput({})).not.toHaveProperty('aspectRatioCss');
  });
});

describe('slides', () => {
  it('wraps around both ends', () => {
    expect(nextSlide(0, -1, 4)).toBe(3);
    expect(nextSlide(3, 1, 4)).toBe(0);
    expect(nextSlide(1, 1, 4)).toBe(2);
  });
  it('aligns the active slide left, centre or right', () => {
    const slide = { left: 1000, width: 400 };
    expect(slideScrollLeft(slide, 1000, 'left')).toBe(1000);
    expect(slideScrollLeft(slide, 1000, 'center')).toBe(700);
    expect(slideScrollLeft(slide, 1000, 'right')).toBe(400);
    expect(slideScrollLeft({ left: 0, width: 400 }, 1000, 'center')).toBe(0);
  });
});

describe('gallery block settings (the page builder)', () => {
  it('are a gallery page’s, with the lightbox on unless turned off', () => {
    expect(galleryBlockInput({})).toEqual({ ...galleryInput({}), lightbox: true });
    expect(galleryBlockInput({ lightbox: false }).lightbox).toBe(false);
    expect(galleryBlockInput({ id: 'b', type: 8, assetIds: [] })).not.toHaveProperty('assetIds');
  });
  it('read an old block’s perRow, a newer thumbnailsPerRow winning', () => {
    expect(galleryBlockInput({ perRow: 2 }).thumbnailsPerRow).toBe(2);
    expect(galleryBlockInput({ perRow: 2, thumbnailsPerRow: 6 }).thumbnailsPerRow).toBe(6);
  });
  it('name every value the rule would clamp or drop, and nothing else', () => {
    expect(galleryProblems(galleryInput({}))).toEqual([]);
    expect(galleryProblems({ autoplayDelay: 10, padding: 0 })).toEqual([]);
    expect(galleryProblems({ autoplayDelay: 0, padding: 2.5, design: 'x', controls: 1 })).toEqual([
      { field: 'design', kind: 'choice', choices: ['grid', 'slideshow', 'slider', 'stacked'] },
      { field: 'autoplayDelay', kind: 'range', min: 1, max: 10 },
      { field: 'padding', kind: 'range', min: 0, max: 50 },
      { field: 'controls', kind: 'flag' },
    ]);
  });
});
