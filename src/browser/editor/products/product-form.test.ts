import { describe, expect, it } from 'vitest';
import type { OwnerProduct, OwnerVariantJson } from '../../../shared/product/owner-api.js';
import { ProductFieldTexts } from '../../../shared/product/validate-product.js';
import {
  addDenomination,
  formFromProduct,
  FormText,
  isDirty,
  liveUrlOf,
  newProductForm,
  toProductInput,
  withOptions,
  type ProductForm,
} from './product-form.js';

const USD = 'USD';
const money = (value: string) => ({ value, currency: USD });

function variant(p: Partial<OwnerVariantJson> & { id: string }): OwnerVariantJson {
  return {
    sku: '',
    attributes: {},
    optionValues: [],
    price: 1000,
    salePrice: 0,
    priceMoney: money('10.00'),
    salePriceMoney: money('0.00'),
    onSale: false,
    qtyInStock: 5,
    unlimited: false,
    weightGrams: 250,
    imageAssetId: null,
    ...p,
  };
}

function product(p: Partial<OwnerProduct> = {}, variants?: OwnerVariantJson[]): OwnerProduct {
  const vs = variants ?? [
    variant({ id: 'v1', sku: 'TEE-S', attributes: { Size: 'S' }, qtyInStock: 3 }),
    variant({ id: 'v2', sku: 'TEE-M', attributes: { Size: 'M' }, qtyInStock: 0 }),
  ];
  return {
    id: 'p1',
    collectionId: 'c1',
    version: 7,
    updatedOn: 0,
    title: 'Tee',
    urlId: 'tee',
    fullUrl: '/shop/p/tee',
    body: '<p>Soft.</p>',
    tags: ['cotton'],
    categories: ['Tops'],
    visibility: 'published',
    images: [{ assetId: 'a1', assetUrl: '/static/images/a1', altText: '', originalSize: '10x10' }],
    structuredContent: {
      productType: 1,
      variants: vs,
      variantOptionOrdering: ['Size'],
      priceMoney: money('10.00'),
      salePriceMoney: money('0.00'),
      onSale: false,
      isSubscribable: false,
      subscriptionPlan: null,
      productSubscriptionOptions: [],
      oneTimePurchaseAllowed: true,
      additionalFieldsFormId: null,
      useCustomAddButtonText: false,
      customAddButtonText: '',
    },
    merchandising: {
      restockNotificationViews: [],
      restockNotificationMessages: {
        buttonText: 'Notify Me',
        CTAText: 'x',
        placeholderText: 'Email Address',
        mailingListDescription: 'y',
      },
      mailingListSignUpEnabled: false,
      mailingListOptInByDefault: false,
      scarcityEnabled: true,
      scarcityTemplateViews: ['PRODUCT_DETAIL'],
      scarcityText: 'Only {quantity} left',
      scarcityShownByDefault: false,
      customSoldOutText: '',
    },
    relatedItemIds: ['p9'],
    addOnItemIds: [],
    digitalFile: null,
    ...p,
  };
}

describe('form ↔ OwnerProductInput', () => {
  it('a stored product round-trips to a save with its version, options and ids', () => {
    const form = formFromProduct(product());
    expect(form.options).toEqual([{ name: 'Size', values: ['S', 'M'] }]);
    const { input, errors } = toProductInput(form, 7);
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      version: 7,
      productType: 1,
      title: 'Tee',
      urlId: 'tee',
      body: '<p>Soft.</p>',
      tags: ['cotton'],
      categories: ['Tops'],
      visibility: 'published',
      imageIds: ['a1'],
      variantOptionOrdering: ['Size'],
      relatedItemIds: ['p9'],
      isSubscribable: false,
      subscriptionPlan: null,
    });
    expect(input.merchandising).toMatchObject({
      scarcityEnabled: true,
      scarcityText: 'Only {quantity} left',
    });
    expect(input.variants).toEqual([
      {
        id: 'v1',
        sku: 'TEE-S',
        attributes: { Size: 'S' },
        priceMoney: money('10.00'),
        onSale: false,
        unlimited: false,
        weightGrams: 250,
        imageAssetId: null,
      },
      {
        id: 'v2',
        sku: 'TEE-M',
        attributes: { Size: 'M' },
        priceMoney: money('10.00'),
        onSale: false,
        unlimited: false,
        weightGrams: 250,
        imageAssetId: null,
      },
    ]);
  });

  it('sends qtyInStock only for variants whose stock the owner changed, and for new ones', () => {
    const form = formFromProduct(product());
    form.variants[1]!.stock = '12';
    const grown = withOptions(form, [{ name: 'Size', values: ['S', 'M', 'L'] }]);
    grown.variants[2]!.stock = '0';
    const { input } = toProductInput(grown, 7);
    expect(input.variants.map((v) => v.qtyInStock)).toEqual([undefined, 12, 0]);
    expect(input.variants[2]!.id).toBeUndefined();
    // Typing the loaded number back is no change.
    const back = formFromProduct(product());
    back.variants[0]!.stock = '3';
    expect(toProductInput(back, 7).input.variants[0]!.qtyInStock).toBeUndefined();
  });

  it('sends amounts as typed (sign dropped) and marks fields with the shared checks', () => {
    const form = formFromProduct(product());
    form.variants[0]!.price = '$12.5';
    form.variants[0]!.onSale = true;
    form.variants[0]!.salePrice = '9';
    const ok = toProductInput(form, 7);
    expect(ok.errors).toEqual({});
    expect(ok.input.variants[0]).toMatchObject({
      priceMoney: money('12.5'),
      salePriceMoney: money('9'),
      onSale: true,
    });
    form.variants[0]!.salePrice = '13';
    form.variants[1]!.price = 'abc';
    form.variants[1]!.stock = '-1';
    form.variants[1]!.weight = '1.5';
    form.title = '  ';
    const bad = toProductInput(form, 7);
    expect(bad.errors).toEqual({
      title: ProductFieldTexts.TITLE_REQUIRED,
      'variants.0.salePriceMoney': ProductFieldTexts.SALE_NOT_LOWER,
      'variants.1.priceMoney': ProductFieldTexts.PRICE_INVALID,
      'variants.1.qtyInStock': ProductFieldTexts.STOCK_INVALID,
      'variants.1.weightGrams': ProductFieldTexts.WEIGHT_INVALID,
    });
    // Text that is no number at all is ours to name (the shared checks see numbers).
    form.variants[1]!.stock = 'lots';
    form.variants[1]!.weight = 'heavy';
    expect(toProductInput(form, 7).errors).toMatchObject({
      'variants.1.qtyInStock': FormText.STOCK,
      'variants.1.weightGrams': FormText.WEIGHT,
    });
  });

  it('digital products carry the price on the product and one unlimited variant', () => {
    const form = newProductForm(2, USD);
    form.title = 'E-book';
    form.price = '24';
    form.salePrice = '18';
    form.onSale = true;
    form.digitalFile = { assetId: 'f1', filename: 'book.pdf', size: 10 };
    const { input, errors } = toProductInput(form, undefined);
    expect(errors).toEqual({});
    expect(input.version).toBeUndefined();
    expect(input).toMatchObject({
      priceMoney: money('24'),
      salePriceMoney: money('18'),
      onSale: true,
      digitalAssetId: 'f1',
    });
    expect(input.variants).toEqual([
      {
        sku: '',
        attributes: {},
        priceMoney: money('24'),
        salePriceMoney: money('18'),
        onSale: true,
        unlimited: true,
      },
    ]);
  });

  it('gift cards: one unlimited variant per denomination, labelled with the amount', () => {
    let form = newProductForm(4, USD);
    form.title = 'Gift card';
    expect(toProductInput(form, undefined).errors.variants).toBe(FormText.NO_DENOMINATIONS);
    form = addDenomination(addDenomination(form));
    form.variants[0]!.price = '25';
    form.variants[1]!.price = '100';
    const { input, errors } = toProductInput(form, undefined);
    expect(errors).toEqual({});
    expect(input.variantOptionOrdering).toEqual(['Amount']);
    expect(input.variants.map((v) => [v.attributes, v.priceMoney.value, v.unlimited])).toEqual([
      [{ Amount: '$25.00' }, '25', true],
      [{ Amount: '$100.00' }, '100', true],
    ]);
    form.variants[1]!.price = '25.00';
    expect(toProductInput(form, undefined).errors).toMatchObject({
      'variants.1.priceMoney': ProductFieldTexts.DENOMINATION_DUPLICATE,
    });
  });

  it('services send no weight; subscriptions send their plan and options', () => {
    const form = newProductForm(3, USD);
    form.title = 'Lesson';
    form.variants[0]!.price = '40';
    form.variants[0]!.unlimited = true;
    form.isSubscribable = true;
    form.planValue = '2';
    form.planUnit = 'WEEK';
    form.planCycles = '6';
    form.oneTimePurchaseAllowed = false;
    form.subscriptionOptions = [
      { key: 'k', id: 'o1', value: '1', unit: 'MONTH', cycles: '0', discount: '10' },
    ];
    const { input, errors } = toProductInput(form, undefined);
    expect(errors).toEqual({});
    expect(input.variants[0]!.weightGrams).toBeUndefined();
    expect(input.variants[0]!.qtyInStock).toBeUndefined();
    expect(input.subscriptionPlan).toEqual({
      billingPeriod: { value: 2, unit: 'WEEK' },
      numBillingCycles: 6,
    });
    expect(input.oneTimePurchaseAllowed).toBe(false);
    expect(input.productSubscriptionOptions).toEqual([
      {
        id: 'o1',
        billingPeriod: { value: 1, unit: 'MONTH' },
        numBillingCycles: 0,
        discountPercent: 10,
      },
    ]);
    form.subscriptionOptions[0]!.discount = '120';
    expect(toProductInput(form, undefined).errors).toEqual({
      'productSubscriptionOptions.0.discountPercent': ProductFieldTexts.SUBSCRIPTION_DISCOUNT,
    });
  });
});

describe('a new product', () => {
  it("opens with the restock and low-stock texts of the website's language", () => {
    const en = newProductForm(1, USD, 'en-US').merchandising;
    expect(en.restockNotificationMessages.buttonText).toBe('Notify Me');
    expect(en.scarcityText).toBe('Only {quantity} left in stock');
    const ja = newProductForm(1, 'JPY', 'ja-JP').merchandising;
    expect(ja.restockNotificationMessages).toEqual({
      buttonText: '入荷お知らせ',
      CTAText: '再入荷したらメールでお知らせします。',
      placeholderText: 'メールアドレス',
      mailingListDescription: 'ニュースレターも受け取る',
    });
    expect(ja.scarcityText).toBe('残り{quantity}点');
    const { input } = toProductInput(newProductForm(1, 'JPY', 'ja-JP'), undefined);
    expect(input.merchandising?.scarcityText).toBe('残り{quantity}点');
  });
});

describe('dirty tracking', () => {
  it('is clean as loaded, dirty after a change, clean again when it is undone', () => {
    const saved = formFromProduct(product());
    const edited: ProductForm = { ...saved, title: 'Tee 2' };
    expect(isDirty(saved, saved)).toBe(false);
    expect(isDirty(saved, formFromProduct(product()))).toBe(false);
    expect(isDirty(saved, edited)).toBe(true);
    expect(isDirty(saved, { ...edited, title: 'Tee' })).toBe(false);
  });

  it('a regenerated grid with the same content is not a change; a new variant is', () => {
    const saved = formFromProduct(product());
    const same = withOptions(saved, [{ name: 'Size', values: ['S', 'M'] }]);
    expect(isDirty(saved, same)).toBe(false);
    const more = withOptions(saved, [{ name: 'Size', values: ['S', 'M', 'L'] }]);
    expect(isDirty(saved, more)).toBe(true);
    const stock = formFromProduct(product());
    stock.variants[0]!.stock = '9';
    expect(isDirty(saved, stock)).toBe(true);
  });
});

describe('live URL', () => {
  it('shows the slug in the product page address', () => {
    expect(liveUrlOf('/shop/p/tee', 'new-tee')).toBe('/shop/p/new-tee');
    expect(liveUrlOf(undefined, 'x')).toBe('/…/p/x');
  });
});
