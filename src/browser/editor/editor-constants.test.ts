import { describe, expect, it } from 'vitest';
import { CollectionType, ProductType } from '../../shared/enums.js';
import { LIKERT_SCALE } from '../../shared/forms/parts.js';
import { tracksStock } from '../../shared/product/rules.js';
import { RESTOCK_API } from '../../shared/restock/types.js';
import {
  LIKERT_LABELS,
  PRODUCTS_COLLECTION_TYPE,
  RESTOCK_PATHS,
  STOCKED_PRODUCT_TYPES,
} from './editor-constants.js';

describe('editor constants', () => {
  it('match the shared definitions they restate', () => {
    for (const [k, v] of Object.entries(RESTOCK_PATHS))
      expect(v).toBe(RESTOCK_API[k as keyof typeof RESTOCK_API]);
    expect(STOCKED_PRODUCT_TYPES).toEqual(Object.values(ProductType).filter(tracksStock));
    expect(PRODUCTS_COLLECTION_TYPE).toBe(CollectionType.PRODUCTS);
    expect(LIKERT_LABELS).toEqual(Object.fromEntries(LIKERT_SCALE.map((s) => [s.value, s.label])));
  });
});
