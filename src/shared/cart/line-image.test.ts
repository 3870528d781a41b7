import { describe, expect, it } from 'vitest';
import { CART_THUMB_PX, lineImage, thumbnailSource } from './line-image.js';

const big = { assetUrl: '/static/images/mug', width: 2000, height: 1500, altText: 'Mug' };

describe('cart line pictures (issue 14, SPEC 9.2)', () => {
  it('a 72 px slot loads at most the bucket of 144 px (300w), with 100w for 1x screens', () => {
    expect(thumbnailSource(big)).toEqual({
      src: '/static/images/mug/300w.webp',
      srcSet: '/static/images/mug/100w.webp 100w, /static/images/mug/300w.webp 300w',
      sizes: `${CART_THUMB_PX}px`,
      width: CART_THUMB_PX,
      height: CART_THUMB_PX,
    });
  });

  it('follows the bucket rule for larger slots and never asks for a width not stored', () => {
    // 300 px × 2 = 600 → 750w.
    expect(thumbnailSource(big, 300).src).toBe('/static/images/mug/750w.webp');
    // 30 px × 2 = 60 → 100w only.
    expect(thumbnailSource(big, 30).srcSet).toBe('/static/images/mug/100w.webp 100w');
    // An original 250 px wide is stored as 100w only (SPEC widths not above it).
    const small = { ...big, width: 250, height: 250 };
    expect(thumbnailSource(small).src).toBe('/static/images/mug/100w.webp');
    // Tiny originals still have the smallest width.
    expect(thumbnailSource({ ...big, width: 40 }).src).toBe('/static/images/mug/100w.webp');
  });

  it("a line's picture is its variant's own, else the product's first, else none", () => {
    const oat = { ...big, assetUrl: '/static/images/oat' };
    const images = { product: big, variants: { 'v-oat': oat } };
    expect(lineImage(images, 'v-oat')).toBe(oat);
    expect(lineImage(images, 'v-tide')).toBe(big);
    expect(lineImage({ product: null, variants: {} }, 'v-tide')).toBeNull();
  });
});
