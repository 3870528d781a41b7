import { describe, expect, it } from 'vitest';
import { galleryImageIds, imageOfText, variantImageId } from './gallery.js';
import type { VariantJson } from './types.js';

function variant(attributes: Record<string, string>, mainImageId?: string): VariantJson {
  const money = { value: '10.00', currency: 'USD' };
  return {
    id: Object.values(attributes).join('-'),
    sku: Object.values(attributes).join('-'),
    attributes,
    optionValues: [],
    price: 1000,
    salePrice: 0,
    priceMoney: money,
    salePriceMoney: money,
    onSale: false,
    qtyInStock: 5,
    unlimited: false,
    ...(mainImageId ? { mainImageId } : {}),
  };
}

/** A bowl in two sizes and two colours; each colour has its picture, sizes share it. */
const bowl = {
  variants: [
    variant({ Size: 'S', Color: 'Sea' }, 'img-sea'),
    variant({ Size: 'L', Color: 'Sea' }, 'img-sea'),
    variant({ Size: 'S', Color: 'Sand' }, 'img-sand'),
    variant({ Size: 'L', Color: 'Sand' }, 'img-sand-large'),
  ],
};

describe('variantImageId', () => {
  it('is nothing before a choice', () => {
    expect(variantImageId(bowl, {})).toBeUndefined();
    expect(variantImageId(bowl, { Color: '' })).toBeUndefined();
  });

  it("is the chosen variant's image", () => {
    expect(variantImageId(bowl, { Size: 'L', Color: 'Sand' })).toBe('img-sand-large');
  });

  it('is the image every still-possible variant shares, else nothing', () => {
    expect(variantImageId(bowl, { Color: 'Sea' })).toBe('img-sea');
    // Sand's sizes differ: no single picture yet.
    expect(variantImageId(bowl, { Color: 'Sand' })).toBeUndefined();
    expect(variantImageId(bowl, { Size: 'S' })).toBeUndefined();
  });

  it('is nothing when the variants have no images', () => {
    expect(variantImageId({ variants: [variant({ Size: 'S' })] }, { Size: 'S' })).toBeUndefined();
  });
});

describe('galleryImageIds', () => {
  it('puts the main image first, then the others, then images only variants name, each once', () => {
    expect(galleryImageIds('img-sea', ['img-sand', 'img-sea', 'img-box'], bowl)).toEqual([
      'img-sea',
      'img-sand',
      'img-box',
      'img-sand-large',
    ]);
    expect(galleryImageIds(null, [], undefined)).toEqual([]);
  });
});

it('imageOfText fills the numbers', () => {
  expect(imageOfText('Image {n} of {total}', 2, 4)).toBe('Image 2 of 4');
});
