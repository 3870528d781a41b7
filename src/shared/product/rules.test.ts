import { describe, expect, it } from 'vitest';
import { Messages } from '../errors.js';
import { FolderBehavior, ProductType } from '../enums.js';
import { registerAllLanguages } from '../i18n/all-languages.js';
import type { MerchandisingContextJson, ProductJson, VariantJson } from './types.js';
import {
  addButtonLabel,
  availableToAdd,
  commentCountText,
  commentsVisible,
  findVariant,
  fromPrice,
  fromPriceMoney,
  fromPriceText,
  hasMultiplePrices,
  installmentAmount,
  installmentBrand,
  installmentInRange,
  installmentLocale,
  installmentNotice,
  isOnSale,
  isSoldOut,
  itemClickable,
  merchandisingViewOf,
  orderedOptions,
  parseQuantity,
  quantityInputVisible,
  restockFormEnabled,
  scarcity,
  statusMark,
  stockSufficientForForm,
  subscriptionDurationText,
  subscriptionPriceText,
  subscriptionWords,
  totalStock,
  unselectedOptions,
  unselectedOptionsMessage,
  usesFormStyle,
  validateAddToCart,
  variantSelectorsVisible,
} from './rules.js';

let n = 0;
function variant(over: Partial<VariantJson> = {}): VariantJson {
  n += 1;
  const price = over.price ?? 2000;
  const salePrice = over.salePrice ?? 0;
  return {
    id: `v${n}`,
    sku: `SKU-${n}`,
    attributes: {},
    optionValues: [],
    price,
    salePrice,
    priceMoney: { value: (price / 100).toFixed(2), currency: 'USD' },
    salePriceMoney: { value: (salePrice / 100).toFixed(2), currency: 'USD' },
    onSale: false,
    qtyInStock: 10,
    unlimited: false,
    ...over,
  };
}

function product(over: Partial<ProductJson> = {}): ProductJson {
  return {
    productType: ProductType.PHYSICAL,
    variants: [variant()],
    variantOptionOrdering: [],
    priceMoney: { value: '20.00', currency: 'USD' },
    salePriceMoney: { value: '0.00', currency: 'USD' },
    onSale: false,
    isSubscribable: false,
    subscriptionPlan: null,
    productSubscriptionOptions: [],
    oneTimePurchaseAllowed: true,
    additionalFieldsFormId: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    ...over,
  };
}

/** A Size × Color product: S/M/L × Blue/Red, without M/Red. */
function sizeColor(): ProductJson {
  const variants: VariantJson[] = [];
  for (const Size of ['S', 'M', 'L']) {
    for (const Color of ['Blue', 'Red']) {
      if (Size === 'M' && Color === 'Red') continue;
      variants.push(variant({ attributes: { Size, Color }, qtyInStock: Size === 'L' ? 0 : 5 }));
    }
  }
  return product({ variants, variantOptionOrdering: ['Size', 'Color'] });
}

describe('isSoldOut (SPEC 4.7)', () => {
  it('is sold out when every variant of a physical or service product is limited and empty', () => {
    for (const productType of [ProductType.PHYSICAL, ProductType.SERVICE]) {
      expect(
        isSoldOut(
          product({
            productType,
            variants: [variant({ qtyInStock: 0 }), variant({ qtyInStock: -1 })],
          }),
        ),
      ).toBe(true);
      expect(
        isSoldOut(
          product({
            productType,
            variants: [variant({ qtyInStock: 0 }), variant({ qtyInStock: 1 })],
          }),
        ),
      ).toBe(false);
      expect(
        isSoldOut(
          product({ productType, variants: [variant({ qtyInStock: 0, unlimited: true })] }),
        ),
      ).toBe(false);
    }
  });
  it('never marks digital products or gift cards sold out', () => {
    const empty = [variant({ qtyInStock: 0 })];
    expect(isSoldOut(product({ productType: ProductType.DIGITAL, variants: empty }))).toBe(false);
    expect(isSoldOut(product({ productType: ProductType.GIFT_CARD, variants: empty }))).toBe(false);
  });
  it('treats an unknown product type as sold out', () => {
    expect(isSoldOut(product({ productType: 99 }))).toBe(true);
    expect(isSoldOut(product({ productType: ProductType.PAYWALL }))).toBe(true);
  });
});

describe('isOnSale and statusMark (SPEC 4.7)', () => {
  it('uses any variant for physical and service products', () => {
    const p = product({ variants: [variant(), variant({ onSale: true, salePrice: 1500 })] });
    expect(isOnSale(p)).toBe(true);
    expect(isOnSale({ ...p, productType: ProductType.SERVICE })).toBe(true);
    expect(isOnSale(product({ onSale: true }))).toBe(false);
  });
  it("uses the digital product's own flag", () => {
    expect(isOnSale(product({ productType: ProductType.DIGITAL, onSale: true }))).toBe(true);
    expect(
      isOnSale(
        product({ productType: ProductType.DIGITAL, variants: [variant({ onSale: true })] }),
      ),
    ).toBe(false);
  });
  it('never puts gift cards on sale', () => {
    expect(
      isOnSale(
        product({
          productType: ProductType.GIFT_CARD,
          onSale: true,
          variants: [variant({ onSale: true })],
        }),
      ),
    ).toBe(false);
  });
  it('puts sold out before sale', () => {
    const soldOutOnSale = product({ variants: [variant({ qtyInStock: 0, onSale: true })] });
    expect(statusMark(soldOutOnSale)).toBe('sold-out');
    expect(statusMark(product({ variants: [variant({ onSale: true })] }))).toBe('sale');
    expect(statusMark(product())).toBeNull();
  });
});

describe('hasMultiplePrices and fromPrice (SPEC 4.7, 9.1)', () => {
  it('finds differences in price, in onSale, and in sale price while on sale', () => {
    expect(hasMultiplePrices(product({ variants: [variant(), variant()] }))).toBe(false);
    expect(hasMultiplePrices(product({ variants: [variant(), variant({ price: 2500 })] }))).toBe(
      true,
    );
    expect(
      hasMultiplePrices(
        product({ variants: [variant(), variant({ onSale: true, salePrice: 1500 })] }),
      ),
    ).toBe(true);
    expect(
      hasMultiplePrices(
        product({
          variants: [
            variant({ onSale: true, salePrice: 1500 }),
            variant({ onSale: true, salePrice: 1200 }),
          ],
        }),
      ),
    ).toBe(true);
    // Sale prices of variants not on sale do not count.
    expect(
      hasMultiplePrices(
        product({ variants: [variant({ salePrice: 1 }), variant({ salePrice: 2 })] }),
      ),
    ).toBe(false);
  });
  it('never applies to digital products or gift cards', () => {
    const variants = [variant({ price: 2500 }), variant({ price: 5000 })];
    expect(hasMultiplePrices(product({ productType: ProductType.DIGITAL, variants }))).toBe(false);
    expect(hasMultiplePrices(product({ productType: ProductType.GIFT_CARD, variants }))).toBe(
      false,
    );
  });
  it('takes the lowest current price', () => {
    const p = product({
      variants: [
        variant({ price: 3000 }),
        variant({ price: 4000, onSale: true, salePrice: 2500 }),
        variant({ price: 2800 }),
      ],
    });
    expect(fromPrice(p)).toBe(2500);
    expect(fromPriceMoney(p)).toEqual({ value: '25.00', currency: 'USD' });
    expect(fromPriceText('$25.00')).toBe('from $25.00');
  });
  it("uses a digital product's own (sale) price", () => {
    const p = product({
      productType: ProductType.DIGITAL,
      priceMoney: { value: '12.00', currency: 'USD' },
      salePriceMoney: { value: '9.00', currency: 'USD' },
    });
    expect(fromPrice(p)).toBe(1200);
    expect(fromPrice({ ...p, onSale: true })).toBe(900);
  });
});

describe('labels, form style and visibility (SPEC 4.7, 5.2)', () => {
  it('labels the add button', () => {
    expect(addButtonLabel(product())).toBe('Add To Cart');
    expect(addButtonLabel(product({ isSubscribable: true }))).toBe('Subscribe');
    expect(
      addButtonLabel(
        product({
          isSubscribable: true,
          useCustomAddButtonText: true,
          customAddButtonText: 'Join',
        }),
      ),
    ).toBe('Join');
    expect(
      addButtonLabel(product({ useCustomAddButtonText: false, customAddButtonText: 'Join' })),
    ).toBe('Add To Cart');
    expect(
      addButtonLabel(product({ useCustomAddButtonText: true, customAddButtonText: '  ' })),
    ).toBe('Add To Cart');
  });
  it('uses the form style when an additional-fields form is set', () => {
    expect(usesFormStyle(product({ additionalFieldsFormId: 'form-product-custom' }))).toBe(true);
    expect(usesFormStyle(product())).toBe(false);
  });
  it('adds up stock, unlimited being infinite', () => {
    expect(
      totalStock(product({ variants: [variant({ qtyInStock: 2 }), variant({ qtyInStock: 3 })] })),
    ).toBe(5);
    expect(
      totalStock(product({ variants: [variant({ qtyInStock: 2 }), variant({ unlimited: true })] })),
    ).toBe(Infinity);
  });
  it('shows the quantity input only where SPEC 5.2 allows', () => {
    const store = { multipleQuantityAllowedForServices: true };
    expect(quantityInputVisible(product(), store)).toBe(true);
    expect(quantityInputVisible(product({ variants: [variant({ qtyInStock: 1 })] }), store)).toBe(
      false,
    );
    expect(
      quantityInputVisible(
        product({ variants: [variant({ qtyInStock: 0, unlimited: true })] }),
        store,
      ),
    ).toBe(true);
    expect(quantityInputVisible(product({ isSubscribable: true }), store)).toBe(false);
    expect(quantityInputVisible(product({ productType: ProductType.SERVICE }), store)).toBe(true);
    expect(
      quantityInputVisible(product({ productType: ProductType.SERVICE }), {
        multipleQuantityAllowedForServices: false,
      }),
    ).toBe(false);
    expect(quantityInputVisible(product({ productType: ProductType.DIGITAL }), store)).toBe(false);
    expect(quantityInputVisible(product({ productType: ProductType.GIFT_CARD }), store)).toBe(
      false,
    );
  });
  it('shows variant selectors only for more than one variant', () => {
    expect(variantSelectorsVisible(product())).toBe(false);
    expect(variantSelectorsVisible(sizeColor())).toBe(true);
  });
});

describe('options and variants', () => {
  it('orders options by variantOptionOrdering with values in order of appearance', () => {
    const p = sizeColor();
    expect(orderedOptions(p)).toEqual([
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Color', values: ['Blue', 'Red'] },
    ]);
    expect(
      orderedOptions({ ...p, variantOptionOrdering: ['Color', 'Size'] }).map((o) => o.name),
    ).toEqual(['Color', 'Size']);
    // Options missing from the ordering still show, after the ordered ones.
    expect(orderedOptions({ ...p, variantOptionOrdering: ['Color'] }).map((o) => o.name)).toEqual([
      'Color',
      'Size',
    ]);
  });
  it('finds the variant for a full selection only', () => {
    const p = sizeColor();
    expect(findVariant(p, { Size: 'S', Color: 'Red' })?.attributes).toEqual({
      Size: 'S',
      Color: 'Red',
    });
    expect(findVariant(p, { Size: 'S' })).toBeUndefined();
    expect(findVariant(p, { Size: 'M', Color: 'Red' })).toBeUndefined();
    const single = product();
    expect(findVariant(single, {})).toBe(single.variants[0]);
  });
  it('lists unselected options in display order', () => {
    const p = sizeColor();
    expect(unselectedOptions(p, {})).toEqual(['Size', 'Color']);
    expect(unselectedOptions(p, { Size: 'S', Color: '' })).toEqual(['Color']);
    expect(unselectedOptions(p, { Size: 'S', Color: 'Red' })).toEqual([]);
    expect(unselectedOptions(product(), {})).toEqual([]);
  });
  it('words the SPEC 5.1 messages', () => {
    expect(unselectedOptionsMessage(['Size'])).toBe('Please select the Size option.');
    expect(unselectedOptionsMessage(['Size', 'Color'])).toBe(
      'Please select the Size and Color options.',
    );
    expect(unselectedOptionsMessage(['Size', 'Color', 'Finish'])).toBe(
      'Please select the Size, Color, and Finish options.',
    );
    expect(unselectedOptionsMessage(['A', 'B', 'C', 'D'])).toBe(
      'Please select the A, B, C, and D options.',
    );
  });
});

describe('validateAddToCart (SPEC 4.1 order, 5.1 texts)', () => {
  it('asks for unselected options first', () => {
    const r = validateAddToCart(sizeColor(), { Color: 'Red' }, 'abc');
    expect(r).toEqual({
      kind: 'NO_VARIANT_SELECTED',
      message: 'Please select the Size option.',
      unselectedOptions: ['Size'],
    });
  });
  it('asks gift card buyers for a denomination', () => {
    const card = product({
      productType: ProductType.GIFT_CARD,
      variantOptionOrdering: ['Amount'],
      variants: [
        variant({ attributes: { Amount: '$25' } }),
        variant({ attributes: { Amount: '$50' } }),
      ],
    });
    expect(validateAddToCart(card, {}, 1)?.message).toBe('Select a denomination for the Gift Card');
    expect(validateAddToCart(card, {}, 1)?.kind).toBe('NO_VARIANT_SELECTED');
    expect(validateAddToCart(card, { Amount: '$50' }, 1)).toBeNull();
  });
  it('reports a combination that does not exist', () => {
    expect(validateAddToCart(sizeColor(), { Size: 'M', Color: 'Red' }, 1)).toEqual({
      kind: 'VARIANT_UNAVAILABLE',
      message: Messages.VARIANT_UNAVAILABLE,
    });
    expect(Messages.VARIANT_UNAVAILABLE).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
  });
  it('checks stock before the quantity, counting what is in the cart', () => {
    const p = sizeColor();
    expect(validateAddToCart(p, { Size: 'L', Color: 'Blue' }, 'abc')?.kind).toBe('OUT_OF_STOCK');
    expect(validateAddToCart(p, { Size: 'S', Color: 'Blue' }, 6)?.message).toBe(
      'Sorry, we do not have enough of that item available.',
    );
    expect(validateAddToCart(p, { Size: 'S', Color: 'Blue' }, 3, 2)).toBeNull();
    expect(validateAddToCart(p, { Size: 'S', Color: 'Blue' }, 3, 3)?.kind).toBe('OUT_OF_STOCK');
    expect(validateAddToCart(p, { Size: 'S', Color: 'Blue' }, '5')).toBeNull();
  });
  it('never runs out of digital products or gift cards', () => {
    const digital = product({
      productType: ProductType.DIGITAL,
      variants: [variant({ qtyInStock: 0 })],
    });
    expect(validateAddToCart(digital, {}, 3)).toBeNull();
  });
  it('validates the quantity last', () => {
    const p = product();
    expect(validateAddToCart(p, {}, 'abc')).toEqual({
      kind: 'QUANTITY_NOT_A_NUMBER',
      message: 'Quantity must be a number.',
    });
    expect(validateAddToCart(p, {}, '')?.kind).toBe('QUANTITY_NOT_A_NUMBER');
    expect(validateAddToCart(p, {}, null)?.kind).toBe('QUANTITY_NOT_A_NUMBER');
    expect(validateAddToCart(p, {}, '1.5')).toEqual({
      kind: 'QUANTITY_NOT_WHOLE',
      message: 'Quantity must be a whole number',
    });
    expect(validateAddToCart(p, {}, 1.5, 0, { subscription: true })?.kind).toBe(
      'SUB_QUANTITY_NOT_A_WHOLE_NUMBER',
    );
    expect(validateAddToCart(p, {}, 0)?.kind).toBe('QUANTITY_OUT_OF_RANGE');
    const many = product({ variants: [variant({ unlimited: true })] });
    expect(validateAddToCart(many, {}, 9999)).toBeNull();
    expect(validateAddToCart(many, {}, 10000)?.message).toBe(Messages.QUANTITY_OUT_OF_RANGE);
  });
  it('parses quantities like the input sends them', () => {
    expect(parseQuantity(' 3 ')).toEqual({ ok: true, quantity: 3 });
    expect(parseQuantity('2.0')).toEqual({ ok: true, quantity: 2 });
    expect(parseQuantity('1e3')).toEqual({ ok: false, reason: 'not-a-number' });
    expect(parseQuantity(Number.NaN)).toEqual({ ok: false, reason: 'not-a-number' });
    expect(parseQuantity(-1)).toEqual({ ok: false, reason: 'out-of-range' });
  });
  it('computes what can still be added', () => {
    expect(availableToAdd(variant({ qtyInStock: 5 }), 2)).toBe(3);
    expect(availableToAdd(variant({ qtyInStock: 1 }), 4)).toBe(0);
    expect(availableToAdd(variant({ qtyInStock: 0, unlimited: true }), 4)).toBe(Infinity);
    expect(availableToAdd(variant({ qtyInStock: 0 }), 0, ProductType.GIFT_CARD)).toBe(Infinity);
  });
  it('checks stock for custom-form items as SPEC 5.1 says', () => {
    expect(stockSufficientForForm([{ unlimited: false, qtyInStock: 2 }], 1)).toBe(true);
    expect(stockSufficientForForm([{ unlimited: false, qtyInStock: 2 }], 2)).toBe(false);
    expect(stockSufficientForForm([{ unlimited: true, qtyInStock: 0 }], 50)).toBe(true);
    expect(stockSufficientForForm([], 0)).toBe(false);
  });
});

const merch: MerchandisingContextJson = {
  restockNotificationViews: ['PRODUCT_DETAIL'],
  restockNotificationMessages: {
    buttonText: 'Notify Me',
    CTAText: 'Get notified when this item is back in stock.',
    placeholderText: 'Email Address',
    mailingListDescription: 'Also sign up for our newsletter',
  },
  mailingListSignUpEnabled: true,
  mailingListOptInByDefault: false,
  scarcityEnabled: true,
  scarcityTemplateViews: ['PRODUCT_DETAIL'],
  scarcityText: 'Only {quantity} left',
  scarcityShownByDefault: false,
  scarcityThreshold: 3,
  customSoldOutText: '',
  afterPayAvailable: true,
  afterPayMin: '35.00',
  afterPayMax: '1000.00',
  shopperLanguage: 'en-US',
  paymentProviderCountry: 'US',
};

describe('merchandising views and scarcity', () => {
  it('maps page types to views and checks restock views', () => {
    expect(merchandisingViewOf('pdp')).toBe('PRODUCT_DETAIL');
    expect(merchandisingViewOf('plp')).toBe('PRODUCT_QUICK_VIEW');
    expect(merchandisingViewOf('product_block')).toBe('PRODUCT_BLOCK');
    expect(merchandisingViewOf('add-on')).toBe('ADD_ON');
    expect(restockFormEnabled(merch, 'PRODUCT_DETAIL')).toBe(true);
    expect(restockFormEnabled(merch, 'PRODUCT_QUICK_VIEW')).toBe(false);
  });
  it('shows low stock of the chosen variant with the quantity filled in', () => {
    const p = product({ variants: [variant({ qtyInStock: 2 }), variant({ qtyInStock: 9 })] });
    const view = 'PRODUCT_DETAIL';
    expect(scarcity({ product: p, variant: p.variants[0], merchandising: merch, view })).toEqual({
      visible: true,
      text: 'Only 2 left',
      quantity: 2,
    });
    expect(
      scarcity({ product: p, variant: p.variants[1], merchandising: merch, view }).visible,
    ).toBe(false);
    expect(
      scarcity({ product: p, variant: variant({ qtyInStock: 0 }), merchandising: merch, view })
        .visible,
    ).toBe(false);
    expect(
      scarcity({
        product: p,
        variant: variant({ qtyInStock: 1, unlimited: true }),
        merchandising: merch,
        view,
      }).visible,
    ).toBe(false);
    expect(
      scarcity({ product: p, variant: p.variants[0], merchandising: merch, view: 'PRODUCT_BLOCK' })
        .visible,
    ).toBe(false);
    expect(
      scarcity({
        product: p,
        variant: p.variants[0],
        merchandising: { ...merch, scarcityEnabled: false },
        view,
      }).visible,
    ).toBe(false);
  });
  it('shows total stock before a choice only when shown by default', () => {
    const p = product({ variants: [variant({ qtyInStock: 1 }), variant({ qtyInStock: 1 })] });
    const view = 'PRODUCT_DETAIL';
    expect(scarcity({ product: p, variant: undefined, merchandising: merch, view }).visible).toBe(
      false,
    );
    expect(
      scarcity({
        product: p,
        variant: undefined,
        merchandising: { ...merch, scarcityShownByDefault: true },
        view,
      }),
    ).toEqual({ visible: true, text: 'Only 2 left', quantity: 2 });
    const single = product({ variants: [variant({ qtyInStock: 3 })] });
    expect(scarcity({ product: single, variant: undefined, merchandising: merch, view }).text).toBe(
      'Only 3 left',
    );
    expect(
      scarcity({
        product: single,
        variant: undefined,
        merchandising: { ...merch, scarcityText: '', scarcityThreshold: undefined },
        view,
      }).text,
    ).toBe('Only 3 left in stock');
    const digital = product({
      productType: ProductType.DIGITAL,
      variants: [variant({ qtyInStock: 1 })],
    });
    expect(
      scarcity({ product: digital, variant: undefined, merchandising: merch, view }).visible,
    ).toBe(false);
  });
});

describe('installments (SPEC 5.5, 9.1)', () => {
  it('is in range above the minimum up to the maximum', () => {
    expect(installmentInRange(3500, 3500, 100000)).toBe(false);
    expect(installmentInRange(3501, 3500, 100000)).toBe(true);
    expect(installmentInRange(100000, 3500, 100000)).toBe(true);
    expect(installmentInRange(100001, 3500, 100000)).toBe(false);
  });
  it('names the brand and locale', () => {
    expect(installmentBrand('en_GB')).toBe('Clearpay');
    expect(installmentBrand('en-GB')).toBe('Clearpay');
    expect(installmentBrand('en_US')).toBe('Afterpay');
    expect(installmentLocale('en-US', 'US')).toBe('en_US');
    expect(installmentLocale('fr-CA', 'CA')).toBe('fr_CA');
    expect(installmentLocale('fr-FR', 'CA')).toBe('fr_CA');
    expect(installmentLocale('de-DE', 'AU')).toBe('en_AU');
    expect(installmentLocale('en-US', 'GB')).toBe('en_GB');
    expect(installmentLocale('en-US', 'NZ')).toBe('en_NZ');
    expect(installmentLocale('en-US', 'DE')).toBeUndefined();
  });
  it('splits into 4 instalments, rounding up', () => {
    expect(installmentAmount(10000)).toBe(2500);
    expect(installmentAmount(10001)).toBe(2501);
  });
  it('applies only to physical, non-subscribable products where available', () => {
    const p = product();
    expect(installmentNotice(p, merch, 4800, 'USD')).toEqual({
      brand: 'Afterpay',
      locale: 'en_US',
      inRange: true,
      count: 4,
      installmentAmount: 1200,
      min: 3500,
      max: 100000,
    });
    expect(installmentNotice(p, merch, 2000, 'USD')?.inRange).toBe(false);
    expect(
      installmentNotice(p, { ...merch, paymentProviderCountry: 'GB' }, 4800, 'GBP')?.brand,
    ).toBe('Clearpay');
    expect(installmentNotice(product({ isSubscribable: true }), merch, 4800, 'USD')).toBeNull();
    expect(
      installmentNotice(product({ productType: ProductType.SERVICE }), merch, 4800, 'USD'),
    ).toBeNull();
    expect(
      installmentNotice(product({ productType: ProductType.DIGITAL }), merch, 4800, 'USD'),
    ).toBeNull();
    expect(installmentNotice(p, { ...merch, afterPayAvailable: false }, 4800, 'USD')).toBeNull();
    expect(
      installmentNotice(p, { ...merch, paymentProviderCountry: 'JP' }, 4800, 'USD'),
    ).toBeNull();
  });
});

describe('subscription price phrases (SPEC 9.2)', () => {
  const plan = (value: number, unit: 'WEEK' | 'MONTH' | 'YEAR' | null, numBillingCycles = 0) => ({
    billingPeriod: { value, unit },
    numBillingCycles,
  });
  const en = subscriptionWords('en-US');
  registerAllLanguages();
  const ja = subscriptionWords('ja-JP');
  it('says every week/month/year and every N of them', () => {
    expect(subscriptionPriceText('$20.00', plan(1, 'WEEK'), en)).toBe('$20.00 every week');
    expect(subscriptionPriceText('$20.00', plan(1, 'MONTH'), en)).toBe('$20.00 every month');
    expect(subscriptionPriceText('$20.00', plan(1, 'YEAR'), en)).toBe('$20.00 every year');
    expect(subscriptionPriceText('$20.00', plan(2, 'WEEK'), en)).toBe('$20.00 every 2 weeks');
    expect(subscriptionPriceText('$20.00', plan(3, 'MONTH'), en)).toBe('$20.00 every 3 months');
    expect(subscriptionPriceText('$20.00', plan(2, 'YEAR'), en)).toBe('$20.00 every 2 years');
  });
  it('adds the duration, in years when it divides into years', () => {
    expect(subscriptionPriceText('$20.00', plan(1, 'MONTH', 6), en)).toBe(
      '$20.00 every month for 6 months',
    );
    expect(subscriptionPriceText('$20.00', plan(1, 'MONTH', 12), en)).toBe(
      '$20.00 every month for 1 year',
    );
    expect(subscriptionPriceText('$20.00', plan(2, 'MONTH', 12), en)).toBe(
      '$20.00 every 2 months for 2 years',
    );
    expect(subscriptionPriceText('$5.00', plan(2, 'WEEK', 26), en)).toBe(
      '$5.00 every 2 weeks for 1 year',
    );
    expect(subscriptionPriceText('$5.00', plan(1, 'WEEK', 1), en)).toBe(
      '$5.00 every week for 1 week',
    );
    expect(subscriptionPriceText('$5.00', plan(1, 'WEEK', 10), en)).toBe(
      '$5.00 every week for 10 weeks',
    );
    expect(subscriptionPriceText('$5.00', plan(1, 'MONTH', 1), en)).toBe(
      '$5.00 every month for 1 month',
    );
    expect(subscriptionPriceText('$50.00', plan(1, 'YEAR', 3), en)).toBe(
      '$50.00 every year for 3 years',
    );
    expect(subscriptionDurationText(plan(1, 'MONTH', 0), en)).toBe('');
  });
  it("reads 'Unavailable' without a unit", () => {
    expect(subscriptionPriceText('$20.00', plan(1, null), en)).toBe('Unavailable');
  });
  it('speaks Japanese on a Japanese site', () => {
    expect(subscriptionPriceText('$58.50', plan(3, 'MONTH', 4), ja)).toBe(
      '3か月ごとに $58.50（1年間）',
    );
    expect(subscriptionPriceText('$20.00', plan(1, 'MONTH'), ja)).toBe('毎月 $20.00');
    expect(subscriptionPriceText('$5.00', plan(1, 'WEEK'), ja)).toBe('毎週 $5.00');
    expect(subscriptionPriceText('$5.00', plan(2, 'WEEK', 5), ja)).toBe(
      '2週間ごとに $5.00（10週間）',
    );
    expect(subscriptionPriceText('￥3,000', plan(1, 'MONTH', 6), ja)).toBe(
      '毎月 ￥3,000（6か月間）',
    );
    expect(subscriptionPriceText('$50.00', plan(1, 'YEAR', 3), ja)).toBe('毎年 $50.00（3年間）');
    expect(subscriptionPriceText('$50.00', plan(2, 'YEAR'), ja)).toBe('2年ごとに $50.00');
    expect(subscriptionDurationText(plan(1, 'MONTH', 1), ja)).toBe('1か月間');
    expect(subscriptionPriceText('$20.00', plan(1, null), ja)).toBe('現在ご購入いただけません');
  });
});

describe('comments and clickable items (SPEC 4.7, 9.1)', () => {
  it('shows comments when enabled or already present, unless the site turns them off', () => {
    const on = { commentsEnabled: true };
    expect(commentsVisible({ commentState: 1, publicCommentCount: 0 }, on)).toBe(true);
    expect(commentsVisible({ commentState: 2, publicCommentCount: 3 }, on)).toBe(true);
    expect(commentsVisible({ commentState: 2, publicCommentCount: 0 }, on)).toBe(false);
    expect(
      commentsVisible({ commentState: 1, publicCommentCount: 3 }, { commentsEnabled: false }),
    ).toBe(false);
  });
  it('makes items clickable without folder behaviour or with index/redirect', () => {
    expect(itemClickable(null)).toBe(true);
    expect(itemClickable(undefined)).toBe(true);
    expect(itemClickable(FolderBehavior.INDEX)).toBe(true);
    expect(itemClickable(FolderBehavior.REDIRECT)).toBe(true);
    expect(itemClickable(FolderBehavior.NONE)).toBe(false);
    expect(itemClickable(FolderBehavior.VARIATION)).toBe(false);
  });
  it('counts comments in words', () => {
    expect(commentCountText(0)).toBe('No Comments');
    expect(commentCountText(1)).toBe('1 Comment');
    expect(commentCountText(7)).toBe('7 Comments');
  });
});
