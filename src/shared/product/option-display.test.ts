import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums.js';
import { colourOf, swatchColours } from './colour-names.js';
import {
  isColourOption,
  MAX_BUTTON_VALUES,
  optionStyle,
  valueAvailability,
} from './option-display.js';
import type { VariantJson } from './types.js';

function variant(attributes: Record<string, string>, qtyInStock: number): VariantJson {
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
    qtyInStock,
    unlimited: false,
  };
}

describe('colourOf', () => {
  it('knows common names, whole or by their last colour word', () => {
    expect(colourOf('Black')).toBe('#111111');
    expect(colourOf(' sea glass ')).toBe('#9cc5b5');
    expect(colourOf('Dusty Rose')).toBe('#d9818f');
    expect(colourOf('Indigo Wave')).toBe('#34416e');
  });
  it('takes a hex as entered and nothing else', () => {
    expect(colourOf('#A0B1C2')).toBe('#a0b1c2');
    expect(colourOf('#abc')).toBe('#abc');
    expect(colourOf('#abcd')).toBeUndefined();
    expect(colourOf('Large')).toBeUndefined();
  });
});

describe('optionStyle', () => {
  it('draws swatches for a colour option whose every value is a colour', () => {
    const style = optionStyle({ name: 'Color', values: ['Rust', 'Sage'] }, colourOf);
    expect(style).toEqual({ kind: 'swatches', colours: ['#a9502f', '#9aab8f'] });
    expect(optionStyle({ name: 'Glaze', values: ['Fog', 'Moss'] }, colourOf).kind).toBe('swatches');
    expect(optionStyle({ name: 'カラー', values: ['#000000'] }, colourOf).kind).toBe('swatches');
  });
  it('falls back to buttons when a value is no colour or the option is not a colour', () => {
    expect(optionStyle({ name: 'Color', values: ['Rust', 'Surprise me'] }, colourOf).kind).toBe(
      'buttons',
    );
    expect(optionStyle({ name: 'Paper', values: ['Kraft', 'Indigo Wave'] }, colourOf).kind).toBe(
      'buttons',
    );
    expect(optionStyle({ name: 'Size', values: ['S', 'M', 'L'] }, colourOf).kind).toBe('buttons');
  });
  it(`keeps a dropdown above ${MAX_BUTTON_VALUES} values`, () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `Size ${i + 1}`);
    expect(optionStyle({ name: 'Size', values: values(MAX_BUTTON_VALUES) }, colourOf).kind).toBe(
      'buttons',
    );
    expect(
      optionStyle({ name: 'Size', values: values(MAX_BUTTON_VALUES + 1) }, colourOf).kind,
    ).toBe('select');
    const colours = Array.from({ length: 9 }, () => 'Red');
    expect(optionStyle({ name: 'Color', values: colours }, colourOf).kind).toBe('select');
  });
});

describe('valueAvailability', () => {
  const apron = {
    productType: ProductType.PHYSICAL,
    variants: [
      variant({ Size: 'S/M', Color: 'Rust' }, 0),
      variant({ Size: 'S/M', Color: 'Sage' }, 3),
      variant({ Size: 'L/XL', Color: 'Rust' }, 0),
      variant({ Size: 'L/XL', Color: 'Sage' }, 0),
      variant({ Size: 'S/M', Color: 'Indigo' }, 2),
    ],
  };
  it('is sold out when every variant the value could still be is sold out', () => {
    expect(valueAvailability(apron, {}, 'Color', 'Rust')).toBe('sold-out');
    expect(valueAvailability(apron, {}, 'Color', 'Sage')).toBe('available');
    expect(valueAvailability(apron, { Size: 'L/XL' }, 'Color', 'Sage')).toBe('sold-out');
    expect(valueAvailability(apron, { Size: 'S/M' }, 'Color', 'Sage')).toBe('available');
  });
  it('is unavailable when no variant has the combination', () => {
    expect(valueAvailability(apron, { Size: 'L/XL' }, 'Color', 'Indigo')).toBe('unavailable');
  });
  it("ignores the option's own current choice", () => {
    expect(valueAvailability(apron, { Color: 'Rust' }, 'Color', 'Indigo')).toBe('available');
  });
  it('never marks digital goods sold out (SPEC 4.7)', () => {
    const digital = { productType: ProductType.DIGITAL, variants: apron.variants };
    expect(valueAvailability(digital, {}, 'Color', 'Rust')).toBe('available');
  });
});

describe('swatchColours', () => {
  it("maps the colour options' values only, for the islands' props", () => {
    const options = [
      { name: 'Size', values: ['Small', 'Large'] },
      { name: 'Color', values: ['Sea Glass', 'Sandstone', 'Plaid'] },
    ];
    expect(swatchColours(options, isColourOption)).toEqual({
      'Sea Glass': '#9cc5b5',
      Sandstone: '#c9a77c',
    });
  });
});
