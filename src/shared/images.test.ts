import { describe, expect, it } from 'vitest';
import {
  IMAGE_WIDTHS,
  altText,
  bestWidth,
  focalPoint,
  imageHeight,
  imageWidth,
  isLightColor,
  parseOriginalSize,
  srcset,
  thumbnailBucket,
  bucketWidth,
  thumbnailWidth,
  thumbnailSrcset,
  THUMBNAIL_MAX_WIDTH,
  widthsFor,
  storedWidthFor,
} from './images.js';

describe('image rules (SPEC 9.2)', () => {
  it('has the SPEC widths', () => {
    expect(IMAGE_WIDTHS).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
  });
  it('buckets thumbnails', () => {
    expect(thumbnailBucket(2000)).toBe('1500w');
    expect(thumbnailBucket(1001)).toBe('1500w');
    expect(thumbnailBucket(1000)).toBe('1000w');
    expect(thumbnailBucket(751)).toBe('1000w');
    expect(thumbnailBucket(750)).toBe('750w');
    expect(thumbnailBucket(501)).toBe('750w');
    expect(thumbnailBucket(500)).toBe('500w');
    expect(thumbnailBucket(301)).toBe('500w');
    expect(thumbnailBucket(300)).toBe('300w');
    expect(thumbnailBucket(101)).toBe('300w');
    expect(thumbnailBucket(100)).toBe('100w');
    expect(thumbnailBucket(0)).toBe('100w');
  });
  it('parses originalSize', () => {
    expect(parseOriginalSize('1600x1200')).toEqual({ width: 1600, height: 1200 });
    expect(parseOriginalSize('0x10')).toBeUndefined();
    expect(parseOriginalSize('1600')).toBeUndefined();
    expect(parseOriginalSize(undefined)).toBeUndefined();
    expect(imageWidth('1600x1200')).toBe(1600);
    expect(imageHeight('1600x1200')).toBe(1200);
    expect(imageWidth('big')).toBe("Invalid source parameter. Pass in 'originalSize'");
    expect(imageHeight('')).toBe("Invalid source parameter. Pass in 'originalSize'");
  });
  it('builds srcset up to the original width', () => {
    expect(widthsFor(1600)).toEqual([100, 300, 500, 750, 1000, 1500]);
    expect(widthsFor(2500)).toEqual(IMAGE_WIDTHS);
    expect(widthsFor(50)).toEqual([100]);
    expect(srcset('/static/images/a1', 600)).toBe(
      '/static/images/a1/100w.webp 100w, /static/images/a1/300w.webp 300w, /static/images/a1/500w.webp 500w',
    );
    expect(srcset('/static/images/a1', 300, 'jpg')).toBe(
      '/static/images/a1/100w.jpg 100w, /static/images/a1/300w.jpg 300w',
    );
    expect(bestWidth(400, 1600)).toBe(500);
    expect(bestWidth(2000, 1600)).toBe(1500);
  });
  it('loads the width SPEC 9.2 thumbnail bucket gives a slot (issue 14)', () => {
    const cases: [number, number][] = [
      [0, 100],
      [100, 100],
      [101, 300],
      [300, 300],
      [301, 500],
      [500, 500],
      [501, 750],
      [750, 750],
      [751, 1000],
      [1000, 1000],
      [1001, 1500],
      [4000, 1500],
    ];
    for (const [slot, width] of cases) {
      expect(bucketWidth(slot)).toBe(width);
      expect(thumbnailWidth(slot, 2500)).toBe(width);
    }
    // An original narrower than the bucket: its widest stored copy.
    expect(thumbnailWidth(900, 800)).toBe(750);
    expect(thumbnailWidth(40, 50)).toBe(100);
    expect(THUMBNAIL_MAX_WIDTH).toBe(1500);
    // A thumbnail's srcset stops at the largest bucket even when the original is wider.
    expect(thumbnailSrcset('/a', 2500)).toBe(
      '/a/100w.webp 100w, /a/300w.webp 300w, /a/500w.webp 500w, /a/750w.webp 750w, /a/1000w.webp 1000w, /a/1500w.webp 1500w',
    );
    expect(thumbnailSrcset('/a', 600, 'jpg')).toBe(
      '/a/100w.jpg 100w, /a/300w.jpg 300w, /a/500w.jpg 500w',
    );
  });
  it('defaults the focal point to the centre', () => {
    expect(focalPoint(undefined)).toEqual({ x: 0.5, y: 0.5 });
    expect(focalPoint({ x: 0.2, y: null })).toEqual({ x: 0.2, y: 0.5 });
    expect(focalPoint({ x: 3, y: 0.1 })).toEqual({ x: 0.5, y: 0.1 });
  });
  it('falls back to 250 characters of the body without tags', () => {
    expect(altText('A mug', '<p>Body</p>')).toBe('A mug');
    expect(altText('', '<p>Hand <b>thrown</b></p>\n<p>mug</p>')).toBe('Hand thrown mug');
    const long = `<p>${'x'.repeat(300)}</p>`;
    expect(altText(null, long)).toHaveLength(250);
  });
  it('tells light from dark around 8388607', () => {
    expect(isLightColor('#ffffff')).toBe(true);
    expect(isLightColor('#7fffff')).toBe(false);
    expect(isLightColor('#800000')).toBe(true);
    expect(isLightColor('#000')).toBe(false);
    expect(isLightColor('fff')).toBe(true);
    expect(isLightColor('nope')).toBe(false);
  });
});

describe('storedWidthFor (the engine helpers’ ?format= URLs)', () => {
  it('answers stored SPEC widths, the widest copy for wider or no width, nothing else', () => {
    const stored = [100, 300, 500];
    expect(storedWidthFor('300w', stored)).toBe(300);
    expect(storedWidthFor('1500w', stored)).toBe(500);
    expect(storedWidthFor(undefined, stored)).toBe(500);
    expect(storedWidthFor('original', stored)).toBe(500);
    for (const f of ['400w', '300', 'w', '300w.jpg', '-100w']) {
      expect(storedWidthFor(f, stored), f).toBeUndefined();
    }
    expect(storedWidthFor('100w', [])).toBeUndefined();
  });
});
