import { describe, expect, it } from 'vitest';
import {
  DiscountFieldTexts,
  DiscountReasons,
  describeDiscount,
  discountStatus,
  usageText,
  evaluateDiscount,
  normalizeDiscountCode,
  validateDiscountInput,
  type DiscountCart,
  type DiscountRule,
} from './discounts.js';

const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  kind: 'percentage',
  value: 10,
  minimumSubtotal: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  timesUsed: 0,
  oncePerEmail: false,
  productIds: [],
  enabled: true,
  ...over,
});

const NOW = Date.UTC(2026, 10, 25, 12);
const cart = (over: Partial<DiscountCart> = {}): DiscountCart => ({
  currency: 'USD',
  lines: [
    { itemId: 'mug', productType: 1, unitPrice: 1999, quantity: 1 },
    { itemId: 'tee', productType: 1, unitPrice: 2500, quantity: 2 },
  ],
  subtotal: 6999,
  now: NOW,
  ...over,
});

describe('validateDiscountInput', () => {
  it('accepts a plain code and an automatic discount with a title', () => {
    expect(validateDiscountInput({ code: 'WELCOME10', kind: 'percentage', value: 10 })).toEqual({});
    expect(
      validateDiscountInput({ code: null, title: 'Spring sale', kind: 'fixed', value: 500 }),
    ).toEqual({});
    expect(validateDiscountInput({ code: 'free-ship_1', kind: 'free-shipping', value: 0 })).toEqual(
      {},
    );
  });

  it('names each bad field', () => {
    expect(validateDiscountInput({ code: 'ab', kind: 'percentage', value: 10 }).code).toBe(
      DiscountFieldTexts.CODE_LENGTH,
    );
    expect(validateDiscountInput({ code: 'TEN OFF', kind: 'percentage', value: 10 }).code).toBe(
      DiscountFieldTexts.CODE_CHARS,
    );
    expect(validateDiscountInput({ code: 'X'.repeat(41), kind: 'fixed', value: 1 }).code).toBe(
      DiscountFieldTexts.CODE_LENGTH,
    );
    expect(validateDiscountInput({ kind: 'fixed', value: 1 }).title).toBe(
      DiscountFieldTexts.TITLE_REQUIRED,
    );
    for (const value of [0, 101, 12.5, -3]) {
      expect(validateDiscountInput({ code: 'ABC', kind: 'percentage', value }).value).toBe(
        DiscountFieldTexts.PERCENTAGE,
      );
    }
    expect(validateDiscountInput({ code: 'ABC', kind: 'percentage', value: 100 })).toEqual({});
    expect(validateDiscountInput({ code: 'ABC', kind: 'fixed', value: 0 }).value).toBe(
      DiscountFieldTexts.FIXED,
    );
    expect(validateDiscountInput({ code: 'ABC', kind: 'free-shipping', value: 5 }).value).toBe(
      DiscountFieldTexts.FREE_SHIPPING_VALUE,
    );
    expect(validateDiscountInput({ code: 'ABC', kind: 'nope' as 'fixed', value: 5 }).kind).toBe(
      DiscountFieldTexts.KIND,
    );
    expect(
      validateDiscountInput({ code: 'ABC', kind: 'fixed', value: 5, minimumSubtotal: -1 })
        .minimumSubtotal,
    ).toBe(DiscountFieldTexts.MINIMUM);
    expect(
      validateDiscountInput({ code: 'ABC', kind: 'fixed', value: 5, startsAt: NOW, endsAt: NOW })
        .endsAt,
    ).toBe(DiscountFieldTexts.DATES_ORDER);
    expect(
      validateDiscountInput({ code: 'ABC', kind: 'fixed', value: 5, startsAt: Number.NaN })
        .startsAt,
    ).toBe(DiscountFieldTexts.DATE);
    expect(
      validateDiscountInput({ code: 'ABC', kind: 'fixed', value: 5, usageLimit: 0 }).usageLimit,
    ).toBe(DiscountFieldTexts.USAGE_LIMIT);
    expect(
      validateDiscountInput({
        code: 'ABC',
        kind: 'fixed',
        value: 5,
        productIds: Array.from({ length: 501 }, (_, i) => `p${i}`),
      }).productIds,
    ).toBe(DiscountFieldTexts.PRODUCT_IDS);
  });

  it('normalizes codes for storage and matching', () => {
    expect(normalizeDiscountCode('  welcome10 ')).toBe('WELCOME10');
  });
});

describe('evaluateDiscount', () => {
  it('takes a percentage of the subtotal, rounded half up to the minor unit', () => {
    expect(evaluateDiscount(rule(), cart())).toEqual({
      applies: true,
      amount: 700,
      freeShipping: false,
    });
    // 15% of 1999 = 299.85 → 300; 15% of 1990 = 298.5 → 299
    const one = (unitPrice: number) =>
      cart({
        lines: [{ itemId: 'mug', productType: 1, unitPrice, quantity: 1 }],
        subtotal: unitPrice,
      });
    expect(evaluateDiscount(rule({ value: 15 }), one(1999))).toMatchObject({ amount: 300 });
    expect(evaluateDiscount(rule({ value: 15 }), one(1990))).toMatchObject({ amount: 299 });
    expect(evaluateDiscount(rule({ value: 100 }), one(1999))).toMatchObject({ amount: 1999 });
  });

  it('never takes from a gift card: not discounted, not counted toward the minimum', () => {
    const withCard = cart({
      lines: [
        { itemId: 'mug', productType: 1, unitPrice: 1999, quantity: 1 },
        { itemId: 'card', productType: 4, unitPrice: 10000, quantity: 1 },
      ],
      subtotal: 11999,
    });
    expect(evaluateDiscount(rule({ value: 10 }), withCard)).toMatchObject({ amount: 200 });
    expect(evaluateDiscount(rule({ value: 10, minimumSubtotal: 5000 }), withCard)).toMatchObject({
      applies: false,
    });
    const onlyCard = cart({ lines: [withCard.lines[1]!], subtotal: 10000 });
    expect(evaluateDiscount(rule({ value: 10 }), onlyCard)).toEqual({
      applies: false,
      reason: DiscountReasons.NO_ITEMS,
    });
  });

  it('limits percentage and fixed amounts to the eligible products', () => {
    expect(evaluateDiscount(rule({ productIds: ['tee'] }), cart())).toMatchObject({ amount: 500 });
    expect(
      evaluateDiscount(rule({ kind: 'fixed', value: 3000, productIds: ['mug'] }), cart()),
    ).toMatchObject({ amount: 1999 });
    expect(evaluateDiscount(rule({ kind: 'fixed', value: 10_000 }), cart())).toMatchObject({
      amount: 6999,
    });
    expect(evaluateDiscount(rule({ productIds: ['hat'] }), cart())).toEqual({
      applies: false,
      reason: DiscountReasons.NO_ITEMS,
    });
  });

  it('gives free shipping without an amount', () => {
    expect(evaluateDiscount(rule({ kind: 'free-shipping', value: 0 }), cart())).toEqual({
      applies: true,
      amount: 0,
      freeShipping: true,
    });
  });

  it('answers why it does not apply', () => {
    const reason = (r: Partial<DiscountRule>, c: Partial<DiscountCart> = {}) => {
      const out = evaluateDiscount(rule(r), cart(c));
      return out.applies ? null : out.reason;
    };
    expect(reason({ enabled: false })).toBe(DiscountReasons.NOT_VALID);
    expect(reason({ startsAt: NOW + 1 })).toBe(DiscountReasons.NOT_YET);
    expect(reason({ startsAt: NOW })).toBeNull();
    expect(reason({ endsAt: NOW })).toBe(DiscountReasons.EXPIRED);
    expect(reason({ endsAt: NOW + 1 })).toBeNull();
    expect(reason({ usageLimit: 1, timesUsed: 1 })).toBe(DiscountReasons.USED_UP);
    expect(reason({ usageLimit: 2, timesUsed: 1 })).toBeNull();
    expect(reason({ oncePerEmail: true }, { usedByEmail: true })).toBe(
      DiscountReasons.USED_BY_EMAIL,
    );
    expect(reason({ oncePerEmail: false }, { usedByEmail: true })).toBeNull();
    expect(reason({ minimumSubtotal: 7000 })).toBe('Spend $70.00 or more to use this code.');
    expect(reason({ minimumSubtotal: 6999 })).toBeNull();
    expect(reason({ minimumSubtotal: 500000 }, { currency: 'JPY' })).toBe(
      'Spend ¥500,000 or more to use this code.',
    );
    expect(reason({}, { lines: [], subtotal: 0 })).toBe(DiscountReasons.EMPTY_CART);
  });
});

describe('describeDiscount', () => {
  it('says what it takes off', () => {
    expect(describeDiscount({ kind: 'percentage', value: 10 }, 'USD')).toBe('10% off');
    expect(describeDiscount({ kind: 'fixed', value: 500 }, 'USD')).toBe('$5.00 off');
    expect(describeDiscount({ kind: 'free-shipping', value: 0 }, 'USD')).toBe('Free shipping');
    expect(describeDiscount({ kind: 'fixed', value: 500 }, 'USD', 'en-US')).toBe('$5.00 off');
  });

  it("says it in the website's language", () => {
    expect(describeDiscount({ kind: 'percentage', value: 10 }, 'JPY', 'ja-JP')).toBe('10%オフ');
    expect(describeDiscount({ kind: 'fixed', value: 500 }, 'JPY', 'ja-JP')).toBe('￥500オフ');
    expect(describeDiscount({ kind: 'free-shipping', value: 0 }, 'JPY', 'ja')).toBe('送料無料');
    // A language without its own words gets English.
    expect(describeDiscount({ kind: 'percentage', value: 10 }, 'EUR', 'fr-FR')).toBe('10% off');
  });
});

describe('discountStatus and usageText', () => {
  const d = { enabled: true, startsAt: null, endsAt: null, usageLimit: null, timesUsed: 0 };
  it('says where a discount stands', () => {
    expect(discountStatus(d, NOW)).toBe('active');
    expect(discountStatus({ ...d, enabled: false }, NOW)).toBe('disabled');
    expect(discountStatus({ ...d, startsAt: NOW + 1 }, NOW)).toBe('scheduled');
    expect(discountStatus({ ...d, endsAt: NOW }, NOW)).toBe('expired');
    expect(discountStatus({ ...d, usageLimit: 3, timesUsed: 3 }, NOW)).toBe('used-up');
    expect(usageText({ timesUsed: 2, usageLimit: 5 })).toBe('2 of 5 used');
    expect(usageText({ timesUsed: 2, usageLimit: null })).toBe('2 used');
  });
});
