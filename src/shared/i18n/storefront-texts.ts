/**
 * The storefront's own texts (theme chrome, product and cart islands) per site language. English
 * is SPEC 9.1 / 4.1 / 8.3 verbatim, taken from the constants the rest of the code uses, so an
 * English site reads exactly as before; any language without its own table falls back to it.
 * Both tables (`storefrontTexts`, `themeTexts`) together are the page context's
 * `localizedStrings` (the engine's commerce formatters read `productSoldOutText`,
 * `productPriceFromText`… by those names), so templates use them directly. To add a language,
 * add a table to each `*_BY_LANGUAGE` map under its primary code (docs/rendering.md).
 * Placeholders: `{fromPrice}`, `{productName}`, `{title}`, `{count}`.
 */
import { Messages } from '../errors.js';
import { byLanguage } from './by-language.js';
import { ProductTexts } from '../product/rules-product.js';

const EN = {
  // SPEC 9.1 default texts (names the engine's formatters know).
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
  // A many-valued option's dropdown names its option (issue 14: 'Select Size', not 'Select Value').
  selectNamedOptionText: 'Select {option}',
  // SPEC 4.1 button states and the list pages' added-item popover.
  addingText: ProductTexts.ADDING,
  addedText: ProductTexts.ADDED,
  selectOptionText: ProductTexts.SELECT_OPTION,
  soldOutButtonText: ProductTexts.SOLD_OUT_BUTTON,
  addedToCartText: '{productName} was added to your cart.',
  viewFullDetailsText: 'View full details',
  closeText: 'Close',
  // Cart indicator's spoken label (SPEC 9.1: one / other, '100+').
  cartItemsOneText: '{count} item in cart',
  cartItemsOtherText: '{count} items in cart',
  cartItemsMoreText: 'More than {count} items in cart',
  // Cart page.
  shoppingCartText: 'Shopping cart',
  cartEmptyText: Messages.CART_EMPTY,
  loadingText: 'Loading…',
  reloadCartText: 'Reload cart',
  itemText: 'Item',
  priceText: 'Price',
  removeText: 'Remove',
  removeItemText: 'Remove {title}',
  editText: 'Edit',
  editFormText: 'Edit form, {title}',
  quantityOfText: 'Quantity, {title}',
  subtotalText: 'Subtotal',
  checkoutText: 'Checkout',
  // The cart page's discount code (issue 15).
  discountCodeText: 'Discount code',
  applyText: 'Apply',
  removeCodeText: 'Remove code {code}',
  discountText: 'Discount',
  totalText: 'Total',
};

export type StorefrontTexts = { readonly [K in keyof typeof EN]: string };
export type StorefrontTextKey = keyof StorefrontTexts;

/** Japanese as Japanese shops word it. */
const JA: StorefrontTexts = {
  productSoldOutText: '売り切れ',
  productSaleText: 'セール',
  salePriceText: 'セール価格:',
  originalPriceText: '通常価格:',
  productPriceFromText: '{fromPrice}〜',
  productQuickViewText: 'クイックビュー',
  addToCartText: 'カートに追加',
  subscribeText: '定期購入',
  quantityText: '数量',
  selectValueText: '選択してください',
  selectNamedOptionText: '{option}を選択',
  addingText: '追加中…',
  addedText: '追加しました',
  selectOptionText: 'オプションを選択',
  soldOutButtonText: '売り切れ',
  addedToCartText: '{productName}をカートに追加しました。',
  viewFullDetailsText: '詳細を見る',
  closeText: '閉じる',
  cartItemsOneText: 'カートに{count}点の商品',
  cartItemsOtherText: 'カートに{count}点の商品',
  cartItemsMoreText: 'カートに{count}点以上の商品',
  shoppingCartText: 'ショッピングカート',
  cartEmptyText: 'カートに商品はありません。',
  loadingText: '読み込み中…',
  reloadCartText: 'カートを再読み込み',
  itemText: '商品',
  priceText: '価格',
  removeText: '削除',
  removeItemText: '{title}を削除',
  editText: '編集',
  editFormText: '{title}の入力内容を編集',
  quantityOfText: '{title}の数量',
  subtotalText: '小計',
  checkoutText: 'ご購入手続きへ',
  discountCodeText: '割引コード',
  applyText: '適用',
  removeCodeText: 'コード{code}を削除',
  discountText: '割引',
  totalText: '合計',
};

export const ENGLISH_TEXTS: StorefrontTexts = EN;

/**
 * The theme's own chrome (themes/default), which only the server renders: a table of its own so
 * the islands' bundle, which imports `storefrontTexts` only, does not carry it.
 */
const EN_THEME = {
  skipToContentText: 'Skip to content',
  mainNavText: 'Main',
  footerNavText: 'Footer',
  breadcrumbText: 'Breadcrumb',
  searchText: 'Search',
  cartText: 'Cart',
  // Issue 14: the header's link to customer sign-in / the account page.
  accountText: 'Account',
  cartLoadingText: 'Your cart is loading…',
  continueShoppingText: 'Continue shopping',
  noProductsText: 'No products are available yet.',
  productUnavailableText: 'This product is not available.',
  addOnsText: 'Add-ons',
  relatedProductsText: 'You might also like',
  // The product page's image gallery (island product-gallery).
  productImagesText: 'Product images',
  previousImageText: 'Previous image',
  nextImageText: 'Next image',
  imageOfText: 'Image {n} of {total}',
  // A gallery slideshow that plays by itself has a pause button (WCAG 2.2.2).
  pauseSlideshowText: 'Pause slideshow',
  playSlideshowText: 'Play slideshow',
  // ICU-like messages for the template `message` helper (docs/templates.md).
  searchResultsText: '{count, plural, one {# result} other {# results}} for “{query}”',
};

export type ThemeTexts = { readonly [K in keyof typeof EN_THEME]: string };

const JA_THEME: ThemeTexts = {
  skipToContentText: '本文へスキップ',
  mainNavText: 'メイン',
  footerNavText: 'フッター',
  breadcrumbText: 'パンくずリスト',
  searchText: '検索',
  cartText: 'カート',
  accountText: 'アカウント',
  cartLoadingText: 'カートを読み込んでいます…',
  continueShoppingText: '買い物を続ける',
  noProductsText: '現在お取り扱いの商品はありません。',
  productUnavailableText: 'この商品は現在ご購入いただけません。',
  addOnsText: '一緒に購入',
  relatedProductsText: 'こちらもおすすめ',
  productImagesText: '商品画像',
  previousImageText: '前の画像',
  nextImageText: '次の画像',
  imageOfText: '画像 {n} / {total}',
  pauseSlideshowText: 'スライドショーを一時停止',
  playSlideshowText: 'スライドショーを再生',
  searchResultsText: '「{query}」の検索結果 {count, plural, other {#件}}',
};

const THEME_BY_LANGUAGE: Record<string, ThemeTexts> = { en: EN_THEME, ja: JA_THEME };

const BY_LANGUAGE: Record<string, StorefrontTexts> = { en: EN, ja: JA };

/**
 * The product and cart texts for a language code ('ja', 'ja-JP', 'ja_JP'…) by its first part;
 * English otherwise.
 */
export function storefrontTexts(language: string | undefined | null): StorefrontTexts {
  return byLanguage<StorefrontTexts>(BY_LANGUAGE, language, EN);
}

/** The theme chrome's texts, picked like `storefrontTexts` (server only). */
export function themeTexts(language: string | undefined | null): ThemeTexts {
  return byLanguage<ThemeTexts>(THEME_BY_LANGUAGE, language, EN_THEME);
}

/** Fills `{name}` placeholders; a missing value leaves the placeholder as is. */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
