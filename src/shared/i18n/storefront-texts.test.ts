import { registerAllLanguages } from './all-languages.js';
import { describe, expect, it } from 'vitest';
import { ADDED_TEXT, createAddToCartMachine } from '../cart/add-to-cart-machine.js';
import { indicatorLabel } from '../cart/indicator.js';
import { addedToCartText } from '../cart/popover-position.js';
import { Messages } from '../errors.js';
import { ProductTexts } from '../product/rules-product.js';
import { ENGLISH_TEXTS, fillText, storefrontTexts, themeTexts } from './storefront-texts.js';

// What the server does at start, and a ja page's loader before hydrating (text-packs.ts).
registerAllLanguages();

describe('storefront texts by site language', () => {
  it('picks by the language code’s first part, English for any other language', () => {
    expect(storefrontTexts('ja').addToCartText).toBe('カートに追加');
    expect(storefrontTexts('ja-JP')).toBe(storefrontTexts('ja'));
    expect(storefrontTexts('JA_jp')).toBe(storefrontTexts('ja'));
    expect(storefrontTexts('en')).toBe(ENGLISH_TEXTS);
    expect(storefrontTexts('en-US')).toBe(ENGLISH_TEXTS);
    expect(storefrontTexts('fr')).toBe(ENGLISH_TEXTS);
    expect(storefrontTexts('fr-CA')).toBe(ENGLISH_TEXTS);
    expect(storefrontTexts('')).toBe(ENGLISH_TEXTS);
    expect(storefrontTexts(undefined)).toBe(ENGLISH_TEXTS);
    // An owner's language setting names no property of Object.prototype.
    expect(storefrontTexts('constructor')).toBe(ENGLISH_TEXTS);
    expect(themeTexts('toString')).toBe(themeTexts('en'));
    expect(themeTexts('ja-JP').skipToContentText).toBe('本文へスキップ');
    expect(themeTexts('ja')).toBe(themeTexts('ja-JP'));
    expect(themeTexts('fr')).toBe(themeTexts('en'));
    expect(themeTexts('en-US').skipToContentText).toBe('Skip to content');
  });

  it('keeps the English texts exactly the SPEC 9.1 / 4.1 / 8.3 constants', () => {
    expect(ENGLISH_TEXTS).toMatchObject({
      productSoldOutText: ProductTexts.SOLD_OUT,
      productSaleText: ProductTexts.SALE,
      salePriceText: ProductTexts.SALE_PRICE,
      originalPriceText: ProductTexts.ORIGINAL_PRICE,
      productPriceFromText: ProductTexts.FROM_PRICE,
      productQuickViewText: ProductTexts.QUICK_VIEW,
      addToCartText: ProductTexts.ADD_TO_CART,
      subscribeText: ProductTexts.SUBSCRIBE,
      quantityText: ProductTexts.QUANTITY,
      selectValueText: ProductTexts.SELECT_VALUE,
      addingText: ProductTexts.ADDING,
      addedText: ProductTexts.ADDED,
      selectOptionText: ProductTexts.SELECT_OPTION,
      soldOutButtonText: ProductTexts.SOLD_OUT_BUTTON,
      cartEmptyText: Messages.CART_EMPTY,
    });
    // And the literal SPEC wording, so a changed constant cannot slip through.
    expect(ENGLISH_TEXTS).toMatchObject({
      addToCartText: 'Add To Cart',
      subscribeText: 'Subscribe',
      quantityText: 'Quantity',
      productQuickViewText: 'Quick View',
      productSoldOutText: 'sold out',
      productSaleText: 'sale',
      salePriceText: 'Sale Price:',
      originalPriceText: 'Original Price:',
      productPriceFromText: 'from {fromPrice}',
      selectValueText: 'Select Value',
      addingText: 'Adding…',
      addedText: 'Added!',
      selectOptionText: 'Select Option',
      soldOutButtonText: 'Sold Out',
      cartEmptyText: 'You have nothing in your shopping cart.',
    });
    expect(addedToCartText('Mug', ENGLISH_TEXTS.addedToCartText)).toBe(
      'Mug was added to your cart.',
    );
  });

  it('has every key in Japanese, with the same placeholders as English', () => {
    const ja = storefrontTexts('ja');
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(ENGLISH_TEXTS) as (keyof typeof ENGLISH_TEXTS)[]) {
      expect(ja[key], key).toBeTruthy();
      expect(placeholders(ja[key]), key).toEqual(placeholders(ENGLISH_TEXTS[key]));
    }
    const [jaTheme, enTheme] = [themeTexts('ja'), themeTexts('en')];
    expect(Object.keys(jaTheme).sort()).toEqual(Object.keys(enTheme).sort());
    expect(fillText(ja.productPriceFromText, { fromPrice: '￥864' })).toBe('￥864〜');
    expect(addedToCartText('湯呑み', ja.addedToCartText)).toBe('湯呑みをカートに追加しました。');
    expect(indicatorLabel(3, ja)).toBe('カートに3点の商品');
    expect(indicatorLabel(101, ja)).toBe('カートに100点以上の商品');
  });

  it('drives the add-to-cart button in Japanese when given the ja labels', () => {
    const ja = storefrontTexts('ja-JP');
    const texts = {
      adding: ja.addingText,
      added: ja.addedText,
      selectOption: ja.selectOptionText,
      soldOut: ja.soldOutButtonText,
    };
    const m = createAddToCartMachine({ idleText: ja.addToCartText, texts });
    m.click();
    expect(m.getState().text).toBe('追加中…');
    m.dispose();
    const sold = createAddToCartMachine({ idleText: ja.addToCartText, texts, soldOut: true });
    expect(sold.getState().text).toBe('売り切れ');
    expect(createAddToCartMachine({ idleText: 'x' }).getState().text).toBe('x');
    expect(ADDED_TEXT).toBe('Added!');
  });
});
