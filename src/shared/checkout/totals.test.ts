import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums.js';
import { computeQuote, shippingAmount, taxOf, type TotalsLine } from './totals.js';
import {
  checkoutSettingsErrors,
  defaultCheckoutSettings,
  type CheckoutSettings,
} from './settings.js';

const US: CheckoutSettings = {
  ...defaultCheckoutSettings(),
  shipsTo: ['US', 'CA'],
  shippingOptions: [
    {
      id: 'std',
      name: 'Standard',
      kind: 'free_over',
      description: '',
      countries: [],
      amount: 800,
      freeOver: 10000,
    },
    {
      id: 'tiers',
      name: 'By weight',
      kind: 'weight_tiers',
      description: '',
      countries: ['US'],
      amount: 0,
      tiers: [
        { upTo: 1000, amount: 500 },
        { upTo: 5000, amount: 1200 },
      ],
    },
    {
      id: 'price',
      name: 'By price',
      kind: 'price_tiers',
      description: '',
      countries: [],
      amount: 0,
      tiers: [
        { upTo: 5000, amount: 700 },
        { upTo: null, amount: 300 },
      ],
    },
    {
      id: 'pickup',
      name: 'Pickup',
      kind: 'pickup',
      description: 'Main St 1',
      countries: [],
      amount: 0,
    },
  ],
  taxRules: [
    {
      id: 'ny',
      name: 'NY State Tax',
      country: 'US',
      region: 'NY',
      rate: 4,
      appliesToShipping: true,
    },
    {
      id: 'nyc',
      name: 'NYC Tax',
      country: 'US',
      region: 'NY',
      rate: 4.875,
      appliesToShipping: false,
    },
    { id: 'ca', name: 'GST', country: 'CA', region: '', rate: 5, appliesToShipping: false },
  ],
};

const mug = (quantity: number, unitPrice = 1250, weightGrams = 400): TotalsLine => ({
  productType: ProductType.PHYSICAL,
  unitPrice,
  quantity,
  weightGrams,
});

describe('shipping option pricing', () => {
  it('prices flat, free-over, tiers and pickup for the cart', () => {
    const o = US.shippingOptions;
    expect(shippingAmount(o[0]!, 9999, 0)).toBe(800);
    expect(shippingAmount(o[0]!, 10000, 0)).toBe(0);
    expect(shippingAmount(o[1]!, 0, 1000)).toBe(500);
    expect(shippingAmount(o[1]!, 0, 1001)).toBe(1200);
    expect(shippingAmount(o[1]!, 0, 5001)).toBeNull();
    expect(shippingAmount(o[2]!, 5000, 0)).toBe(700);
    expect(shippingAmount(o[2]!, 5001, 0)).toBe(300);
    expect(shippingAmount(o[3]!, 1, 1)).toBe(0);
  });

  it('offers only options for countries the website ships to, and picks the requested one', () => {
    const q = computeQuote({
      currency: 'USD',
      lines: [mug(2)],
      settings: US,
      address: { country: 'US', region: 'NY' },
      shippingOptionId: 'tiers',
    });
    expect(q.shippingOptions.map((o) => o.id)).toEqual(['std', 'tiers', 'price', 'pickup']);
    expect(q.selected?.id).toBe('tiers');
    expect(q.totals.shippingTotal).toBe(500);

    const ca = computeQuote({
      currency: 'USD',
      lines: [mug(1)],
      settings: US,
      address: { country: 'CA' },
    });
    expect(ca.shippingOptions.map((o) => o.id)).toEqual(['std', 'price', 'pickup']);
    expect(ca.selected?.id).toBe('std');

    const fr = computeQuote({
      currency: 'USD',
      lines: [mug(1)],
      settings: US,
      address: { country: 'FR' },
      shippingOptionId: 'std',
    });
    expect(fr.shippingOptions.map((o) => o.id)).toEqual(['pickup']);
    expect(fr.requestedOptionUnavailable).toBe(true);
  });

  it('digital and gift-card carts need no shipping', () => {
    const q = computeQuote({
      currency: 'USD',
      lines: [
        { productType: ProductType.DIGITAL, unitPrice: 900, quantity: 1 },
        { productType: ProductType.GIFT_CARD, unitPrice: 2500, quantity: 1 },
      ],
      settings: US,
      address: { country: 'US', region: 'NY' },
    });
    expect(q.requiresShipping).toBe(false);
    expect(q.purelyDigital).toBe(true);
    expect(q.shippingOptions).toEqual([]);
    expect(q.totals.shippingTotal).toBe(0);
  });
});

describe('tax', () => {
  it('adds tax per line and per rule, each rounded half up, shipping where the rule says', () => {
    // 3 lines of $3.33: 4% of 333 = 13.32 → 13 per line (39), not 4% of 999 = 39.96 → 40.
    const lines = [mug(1, 333), mug(1, 333), mug(1, 333)];
    const q = computeQuote({
      currency: 'USD',
      lines,
      settings: US,
      address: { country: 'US', region: 'ny' },
      shippingOptionId: 'std',
    });
    const [state, city] = q.totals.taxLines;
    // State: 3 × 13 + 4% of 800 shipping (32) = 71. City: 4.875% of 333 = 16.23 → 16, × 3 = 48.
    expect(state).toEqual({ id: 'ny', name: 'NY State Tax', rate: 4, amount: 71, included: false });
    expect(city?.amount).toBe(48);
    expect(q.totals).toMatchObject({
      subtotal: 999,
      shippingTotal: 800,
      taxTotal: 119,
      discountTotal: 0,
      giftCardTotal: 0,
      grandTotal: 999 + 800 + 119,
    });
  });

  it('rounds halves up and is exact for 8.875% (binary fractions do not leak)', () => {
    expect(taxOf(1000, 8.875, false)).toBe(89); // 88.75 → 89
    expect(taxOf(200, 8.875, false)).toBe(18); // 17.75 → 18
    expect(taxOf(50, 5, false)).toBe(3); // 2.5 → 3
    expect(taxOf(0, 5, false)).toBe(0);
  });

  it('prices that include tax: the tax is shown, not added', () => {
    const jp: CheckoutSettings = {
      ...defaultCheckoutSettings(),
      shipsTo: ['JP'],
      pricesIncludeTax: true,
      shippingOptions: [
        { id: 'yu', name: 'ゆうパック', kind: 'flat', description: '', countries: [], amount: 800 },
      ],
      taxRules: [
        { id: 'ct', name: '消費税', country: 'JP', region: '', rate: 10, appliesToShipping: true },
      ],
    };
    const q = computeQuote({
      currency: 'JPY',
      lines: [mug(2, 3300)],
      settings: jp,
      address: { country: 'JP', region: 'Tokyo' },
    });
    // 6600 includes 600; 800 includes 72.7 → 73.
    expect(q.totals.taxLines[0]).toMatchObject({ amount: 673, included: true });
    expect(q.totals).toMatchObject({
      currency: 'JPY',
      subtotal: 6600,
      shippingTotal: 800,
      grandTotal: 7400,
    });
  });

  it('no address, no tax', () => {
    const q = computeQuote({ currency: 'USD', lines: [mug(1)], settings: US });
    expect(q.totals.taxLines).toEqual([]);
    expect(q.totals.grandTotal).toBe(1250);
  });
});

describe('discount and gift-card slots', () => {
  it('take from the subtotal and the grand total, never below zero', () => {
    const q = computeQuote({
      currency: 'USD',
      lines: [mug(1, 1000)],
      settings: US,
      address: { country: 'CA' },
      shippingOptionId: 'pickup',
      discount: 200,
      giftCard: 100_000,
    });
    expect(q.totals).toMatchObject({
      subtotal: 1000,
      discountTotal: 200,
      giftCardTotal: 850,
      grandTotal: 0,
    });
  });
});

describe('settings validation', () => {
  it('accepts the defaults plus a good option and refuses bad ones with paths', () => {
    expect(checkoutSettingsErrors(US)).toEqual({});
    // What the editor's money field could not read (NaN), a negative and a huge amount.
    const withAmount = (amount: number) =>
      checkoutSettingsErrors({ ...US, shippingOptions: [{ ...US.shippingOptions[0]!, amount }] })[
        'shippingOptions.0.amount'
      ];
    expect(withAmount(Number.NaN)).toBe('Enter an amount of 0 or more.');
    expect(withAmount(-1)).toBe('Enter an amount of 0 or more.');
    expect(withAmount(1e15)).toBe('This amount is too large.');
    const bad: CheckoutSettings = {
      ...US,
      shipsTo: ['US', 'XX'],
      shippingOptions: [
        { ...US.shippingOptions[0]!, amount: 1.5 },
        {
          ...US.shippingOptions[1]!,
          id: 'std',
          tiers: [
            { upTo: 10, amount: 1 },
            { upTo: 5, amount: 2 },
          ],
        },
      ],
      taxRules: [{ ...US.taxRules[0]!, rate: 101 }],
      payments: {
        test: { enabled: false },
        manual: { enabled: true, label: 'Bank', instructions: '' },
        stripe: { enabled: false },
      },
    };
    expect(checkoutSettingsErrors(bad)).toEqual({
      'shipsTo.1': 'XX is not a country the checkout knows.',
      'shippingOptions.0.amount': 'Enter a whole amount in minor units, 0 or more.',
      'shippingOptions.1.id': 'Another option has this id.',
      'shippingOptions.1.tiers.1.upTo': 'Limits must be whole numbers, each above the last.',
      'taxRules.0.rate': 'Enter a percentage from 0 to 100 with at most 3 decimals.',
      'payments.manual.instructions': 'Tell shoppers how to pay.',
    });
  });
});
