import { describe, expect, it } from 'vitest';
import { navNameOf, routeFromHash } from '../routes.js';
import {
  importProgress,
  newProductHref,
  plural,
  productHref,
  typeLabel,
} from './product-labels.js';

describe('product routes', () => {
  it('round-trips product links and new-product types', () => {
    expect(routeFromHash('#/products')).toEqual({ name: 'products' });
    const route = routeFromHash(productHref('prod/1 a'));
    expect(route).toEqual({ name: 'product', productId: 'prod/1 a' });
    expect(navNameOf(route)).toBe('products');
    expect(routeFromHash(newProductHref(4))).toEqual({ name: 'product-new', productType: 4 });
    expect(routeFromHash('#/products/new')).toEqual({ name: 'product-new', productType: 1 });
    expect(navNameOf(routeFromHash('#/products/new?type=2'))).toBe('products');
  });
});

describe('product labels', () => {
  it('names types and counts', () => {
    expect([1, 2, 3, 4, 5].map(typeLabel)).toEqual([
      'Physical',
      'Digital',
      'Service',
      'Gift card',
      'Other',
    ]);
    expect(plural(1, 'product')).toBe('1 product');
    expect(plural(0, 'product')).toBe('0 products');
  });

  it('import progress: a share of rows, whole when done, zero before counting', () => {
    expect(importProgress({ state: 'running', processed: 25, total: 100 })).toBe(0.25);
    expect(importProgress({ state: 'queued', processed: 0, total: 0 })).toBe(0);
    expect(importProgress({ state: 'done', processed: 3, total: 100 })).toBe(1);
    expect(importProgress({ state: 'running', processed: 120, total: 100 })).toBe(1);
  });
});
