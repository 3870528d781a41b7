import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums.js';
import { variantTakesRestockSignUps } from '../restock/rules.js';
import {
  availableToAdd,
  hasNoVariantPrices,
  isDigitalGood,
  isGiftCard,
  isVariantSoldOut,
  needsShipping,
  pricedOnProduct,
  tracksStock,
  unitsPerCart,
  variantHasStock,
} from './rules.js';

const { PHYSICAL, DIGITAL, SERVICE, GIFT_CARD, PAYWALL } = ProductType;
const types = [PHYSICAL, DIGITAL, SERVICE, GIFT_CARD, PAYWALL];
const empty = { unlimited: false, qtyInStock: 0 };
const oneLeft = { unlimited: false, qtyInStock: 1 };
const unlimited = { unlimited: true, qtyInStock: 0 };

describe('per-type product rules (one home for every productType comparison)', () => {
  it('splits the types by shipping, stock and price', () => {
    expect(types.filter(isDigitalGood)).toEqual([DIGITAL, GIFT_CARD]);
    expect(types.filter(needsShipping)).toEqual([PHYSICAL]);
    expect(types.filter(tracksStock)).toEqual([PHYSICAL, SERVICE]);
    expect(types.filter(isGiftCard)).toEqual([GIFT_CARD]);
    expect(types.filter(pricedOnProduct)).toEqual([DIGITAL]);
  });

  it('gives a service one unit per cart unless the store allows more (SPEC 3.3)', () => {
    const one = { multipleQuantityAllowedForServices: false };
    const many = { multipleQuantityAllowedForServices: true };
    expect(unitsPerCart(SERVICE, one)).toBe(1);
    expect(unitsPerCart(SERVICE, many)).toBe(Number.POSITIVE_INFINITY);
    expect(unitsPerCart(PHYSICAL, one)).toBe(Number.POSITIVE_INFINITY);
  });

  it('reads a price off the product for digital products and products without variants', () => {
    expect(hasNoVariantPrices({ productType: DIGITAL, variants: [] })).toBe(true);
    expect(hasNoVariantPrices({ productType: GIFT_CARD, variants: [] })).toBe(true);
    const withVariant = [{ ...oneLeft }] as never[];
    expect(hasNoVariantPrices({ productType: GIFT_CARD, variants: withVariant })).toBe(false);
    expect(hasNoVariantPrices({ productType: PHYSICAL, variants: withVariant })).toBe(false);
  });
});

describe('stock of one variant (SPEC 4.7): digital goods and gift cards have no stock limit', () => {
  it('counts units left or no limit as stock', () => {
    expect([empty, oneLeft, unlimited].map(variantHasStock)).toEqual([false, true, true]);
  });

  it('never marks a gift card or digital variant sold out, even with no units recorded', () => {
    for (const productType of [DIGITAL, GIFT_CARD]) {
      expect(isVariantSoldOut({ productType }, empty)).toBe(false);
      expect(availableToAdd(empty, 5, productType)).toBe(Number.POSITIVE_INFINITY);
      expect(variantTakesRestockSignUps(productType, empty)).toBe(false);
    }
  });

  it('marks a limited, empty physical or service variant sold out and open to restock sign-ups', () => {
    for (const productType of [PHYSICAL, SERVICE]) {
      expect(isVariantSoldOut({ productType }, empty)).toBe(true);
      expect(isVariantSoldOut({ productType }, oneLeft)).toBe(false);
      expect(isVariantSoldOut({ productType }, unlimited)).toBe(false);
      expect(variantTakesRestockSignUps(productType, empty)).toBe(true);
      expect(availableToAdd(oneLeft, 1, productType)).toBe(0);
    }
  });

  it('never sells an unknown type, but takes no restock sign-ups for it', () => {
    expect(isVariantSoldOut({ productType: PAYWALL }, unlimited)).toBe(true);
    expect(variantTakesRestockSignUps(PAYWALL, empty)).toBe(false);
  });
});
