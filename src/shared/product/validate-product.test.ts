import { describe, expect, it } from 'vitest';
import type { OwnerProductInput } from './owner-api.js';
import { ProductFieldTexts as T, slugify, validateProductInput } from './validate-product.js';

const usd = (value: string) => ({ value, currency: 'USD' });
const store = { currency: 'USD' };

describe('validateProductInput', () => {
  it('takes gift card denominations: above 0, distinct, never on sale, no option needed', () => {
    const card: OwnerProductInput = {
      productType: 4,
      title: 'Gift Card',
      variants: [
        { sku: 'A', attributes: {}, priceMoney: usd('25') },
        { sku: 'B', attributes: {}, priceMoney: usd('50') },
      ],
    };
    expect(validateProductInput(card, store)).toEqual({});
    const bad = {
      ...card,
      variants: [
        { sku: 'A', attributes: {}, priceMoney: usd('0') },
        {
          sku: 'B',
          attributes: {},
          priceMoney: usd('50'),
          onSale: true,
          salePriceMoney: usd('40'),
        },
        { sku: 'C', attributes: {}, priceMoney: usd('50.00') },
      ],
    };
    expect(validateProductInput(bad, store)).toEqual({
      'variants.0.priceMoney': T.DENOMINATION_ZERO,
      'variants.1.onSale': T.GIFT_CARD_NO_SALE,
      'variants.2.priceMoney': T.DENOMINATION_DUPLICATE,
    });
  });

  it('prices digital products on the product', () => {
    const ebook: OwnerProductInput = {
      productType: 2,
      title: 'Ebook',
      onSale: true,
      salePriceMoney: usd('12'),
      variants: [{ sku: 'E', attributes: {}, priceMoney: usd('12') }],
    };
    expect(validateProductInput(ebook, store)).toEqual({ priceMoney: T.DIGITAL_PRICE_REQUIRED });
    expect(validateProductInput({ ...ebook, priceMoney: usd('12') }, store)).toEqual({
      salePriceMoney: T.SALE_NOT_LOWER,
    });
    expect(validateProductInput({ ...ebook, priceMoney: usd('15') }, store)).toEqual({});
  });

  it('wants every option on every variant, distinct combinations and an option to choose by', () => {
    const base = { productType: 1, title: 'Tee' };
    const v = (attributes: Record<string, string>) => ({
      sku: '',
      attributes,
      priceMoney: usd('10'),
    });
    expect(validateProductInput({ ...base, variants: [v({}), v({})] }, store)).toEqual({
      variantOptionOrdering: T.OPTIONS_REQUIRED,
    });
    expect(
      validateProductInput(
        {
          ...base,
          variantOptionOrdering: ['Size', 'Color'],
          variants: [
            v({ Size: 'S', Color: 'Red' }),
            v({ Size: 'S' }),
            v({ Size: 's', Color: 'red' }),
          ],
        },
        store,
      ),
    ).toEqual({
      'variants.1.attributes.Color': 'Enter a value for Color.',
      'variants.2.attributes': T.VARIANT_DUPLICATE,
    });
  });

  it('makes slugs from titles', () => {
    expect(slugify('Crème Brûlée — Large (2)')).toBe('creme-brulee-large-2');
    expect(slugify('抹茶')).toBe('');
  });
});
