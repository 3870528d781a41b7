import { describe, expect, it } from 'vitest';
import {
  activeOptions,
  combinationCount,
  combinations,
  emptyRow,
  generateVariants,
  moveItem,
  optionsFromVariants,
  renameOptionInRows,
  renameValueInRows,
  rowLabel,
  type VariantRow,
} from './variant-grid.js';

function row(attributes: Record<string, string>, patch: Partial<VariantRow> = {}): VariantRow {
  return { ...emptyRow(attributes), ...patch };
}

describe('variant grid from options', () => {
  it('makes every combination, first option varying slowest, skipping blank names and values', () => {
    const opts = [
      { name: 'Size', values: ['S', 'M', ' '] },
      { name: 'Color', values: ['Red', 'Blue', 'Red'] },
      { name: '  ', values: ['x'] },
    ];
    expect(activeOptions(opts)).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
    expect(combinations(opts)).toEqual([
      { Size: 'S', Color: 'Red' },
      { Size: 'S', Color: 'Blue' },
      { Size: 'M', Color: 'Red' },
      { Size: 'M', Color: 'Blue' },
    ]);
    expect(combinationCount(opts)).toBe(4);
    expect(combinations([])).toEqual([{}]);
  });

  it('keeps rows whose values still exist, whole, and drops the others', () => {
    const s = row(
      { Size: 'S' },
      { id: 'v1', sku: 'S-1', price: '10.00', stock: '4', loadedStock: 4 },
    );
    const l = row({ Size: 'L' }, { id: 'v3', sku: 'L-1', price: '12.00' });
    const out = generateVariants([{ name: 'Size', values: ['S', 'M'] }], [s, l]);
    expect(out).toHaveLength(2);
    expect(out[0]).toBe(s);
    expect(out[1]!.id).toBeUndefined();
    expect(out[1]!.attributes).toEqual({ Size: 'M' });
    // A new row is priced like its neighbours, with no SKU and no stock of its own.
    expect(out[1]!.price).toBe('10.00');
    expect(out[1]!.sku).toBe('');
    expect(out[1]!.stock).toBe('0');
    expect(out.some((r) => r.id === 'v3')).toBe(false);
  });

  it('adding an option hands each stored variant to its first combination, others copy prices', () => {
    const s = row(
      { Size: 'S' },
      { id: 'v1', sku: 'S-1', price: '10.00', salePrice: '8.00', stock: '4', loadedStock: 4 },
    );
    const m = row({ Size: 'M' }, { id: 'v2', sku: 'M-1', price: '11.00', weight: '300' });
    const out = generateVariants(
      [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Color', values: ['Red', 'Blue'] },
      ],
      [s, m],
    );
    expect(out.map((r) => r.attributes)).toEqual([
      { Size: 'S', Color: 'Red' },
      { Size: 'S', Color: 'Blue' },
      { Size: 'M', Color: 'Red' },
      { Size: 'M', Color: 'Blue' },
    ]);
    expect(out[0]).toMatchObject({ id: 'v1', sku: 'S-1', stock: '4', loadedStock: 4 });
    expect(out[1]).toMatchObject({
      price: '10.00',
      salePrice: '8.00',
      sku: '',
      stock: '0',
      loadedStock: null,
    });
    expect(out[1]!.id).toBeUndefined();
    expect(out[2]).toMatchObject({ id: 'v2', sku: 'M-1', price: '11.00' });
    expect(out[3]).toMatchObject({ price: '11.00', weight: '300', sku: '' });
  });

  it('removing an option folds rows back, the first of each keeping its id', () => {
    const rows = [
      row({ Size: 'S', Color: 'Red' }, { id: 'a', sku: 'SR' }),
      row({ Size: 'S', Color: 'Blue' }, { id: 'b', sku: 'SB' }),
      row({ Size: 'M', Color: 'Red' }, { id: 'c', sku: 'MR' }),
    ];
    const out = generateVariants([{ name: 'Size', values: ['S', 'M'] }], rows);
    expect(out.map((r) => [r.id, r.sku, r.attributes])).toEqual([
      ['a', 'SR', { Size: 'S' }],
      ['c', 'MR', { Size: 'M' }],
    ]);
  });

  it('no options: one row, the stored one kept', () => {
    const only = row({}, { id: 'v', price: '5.00' });
    expect(generateVariants([], [only])).toEqual([only]);
    const fresh = generateVariants([], []);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.attributes).toEqual({});
  });

  it('renames keep data on the rows they touch', () => {
    const rows = [
      row({ Size: 'S', Color: 'Red' }, { id: 'a' }),
      row({ Size: 'M', Color: 'Red' }, { id: 'b' }),
    ];
    const renamed = renameValueInRows(rows, 'Size', 'S', 'Small');
    expect(renamed.map((r) => r.attributes.Size)).toEqual(['Small', 'M']);
    const byName = renameOptionInRows(renamed, 'Color', 'Colour');
    expect(byName[0]!.attributes).toEqual({ Size: 'Small', Colour: 'Red' });
    const out = generateVariants(
      [
        { name: 'Size', values: ['Small', 'M'] },
        { name: 'Colour', values: ['Red'] },
      ],
      byName,
    );
    expect(out.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('reads options back from stored variants in variantOptionOrdering order', () => {
    const variants = [
      { attributes: { Color: 'Red', Size: 'S' } },
      { attributes: { Color: 'Blue', Size: 'S' } },
      { attributes: { Color: 'Red', Size: 'M' } },
    ];
    expect(optionsFromVariants(['Size', 'Color'], variants)).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
    expect(optionsFromVariants([], [{ attributes: {} }])).toEqual([]);
    expect(rowLabel({ attributes: { Color: 'Red', Size: 'S' } }, ['Size', 'Color'])).toBe(
      'S / Red',
    );
    expect(rowLabel({ attributes: {} }, [])).toBe('Default');
  });

  it('moves items one place and ignores moves out of range', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
