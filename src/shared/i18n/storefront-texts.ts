/**
 * The storefront's own texts (theme chrome, product and cart islands) per site language. English
 * is SPEC 9.1 / 4.1 / 8.3 verbatim, taken from the constants the rest of the code uses, so an
 * English site reads exactly as before; any language without its own table falls back to it.
 * Both tables (`storefrontTexts`, `themeTexts`) together are the page context's
 * `localizedStrings` (the engine's commerce formatters read `productSoldOutText`,
 * `productPriceFromText`… by those names), so templates use them directly. To add a language,
 * add its `{language}/storefront.ts` (text-packs.ts) and a table to `THEME_BY_LANGUAGE`
 * (docs/rendering.md).
 * Placeholders: `{fromPrice}`, `{productName}`, `{title}`, `{count}`.
 */
import { Messages } from '../errors.js';
import { byLanguage } from './by-language.js';
import { areaTexts } from './text-packs.js';
import { ENGLISH_CAPTCHA_TEXTS } from '../forms/captcha-texts.js';
import { ProductTexts } from '../product/product-texts.js';

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
  purchaseOptionsText: 'Purchase options',
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
  // The added-item popover's two links (issue 14).
  viewCartText: 'View cart',
  checkOutText: 'Check out',
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
  saveText: 'Save',
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
  // The restock sign-up's bot check (captcha-texts.ts).
  ...ENGLISH_CAPTCHA_TEXTS,
};

export type StorefrontTexts = { readonly [K in keyof typeof EN]: string };
export type StorefrontTextKey = keyof StorefrontTexts;

export const ENGLISH_TEXTS: StorefrontTexts = EN;

/**
 * The theme's own chrome (themes/default), which only the server renders: a table of its own so
 * the islands' bundle, which imports `storefrontTexts` only, does not carry it.
 */
const EN_THEME = {
  skipToContentText: 'Skip to content',
  mainNavText: 'Main',
  // The phone header's menu button.
  menuText: 'Menu',
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
  // The events list (issue 14): upcoming first, past events on their own list.
  upcomingEventsText: 'Upcoming events',
  pastEventsText: 'Past events',
  noUpcomingEventsText: 'No upcoming events.',
  // The product page's image gallery (island product-gallery).
  productImagesText: 'Product images',
  previousImageText: 'Previous image',
  nextImageText: 'Next image',
  imageOfText: 'Image {n} of {total}',
  // A gallery slideshow that plays by itself has a pause button (WCAG 2.2.2).
  pauseSlideshowText: 'Pause slideshow',
  playSlideshowText: 'Play slideshow',
  // A gallery block's name for screen readers (its slideshow or slider is a labelled region).
  galleryText: 'Gallery',
  // Pages the theme draws itself (issue 14: a Japanese store reads Japanese everywhere).
  notFoundTitleText: 'Page Not Found',
  notFoundBodyText:
    "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.",
  goHomeText: 'Go to the home page',
  searchSiteText: 'Search this site',
  searchNoResultsText: 'No results found. Try different words.',
  lockTitleText: 'This page is protected',
  lockBodyText: 'Enter the password to view it.',
  passwordText: 'Password',
  enterText: 'Enter',
  paginationText: 'Pagination',
  newerText: 'Previous',
  olderText: 'Next',
  // Folio's pagination reads newest first ('Newer' / 'Older').
  newerPageText: 'Newer',
  olderPageText: 'Older',
  postsTaggedText: 'Posts tagged {tag}',
  postsInText: 'Posts in {category}',
  allPostsText: 'All posts',
  noPostsText: 'No posts yet.',
  readMoreText: 'Read more',
  readMoreAboutText: 'about {title}',
  byAuthorText: 'by {name}',
  categoriesText: 'Categories:',
  tagsText: 'Tags:',
  // Folio's entry footer and event facts set these as small-capital labels (no colon).
  filedUnderText: 'Filed under',
  tagsLabelText: 'Tags',
  eventWhenText: 'When',
  eventWhereText: 'Where',
  likeCountText: '{count, plural, one {# Like} other {# Likes}}',
  // SPEC 9.1's count texts, as the engine's `comment-count` writes them in English.
  commentCountText: '{count, plural, =0 {No Comments} one {# Comment} other {# Comments}}',
  noImagesText: 'No images yet.',
  backToText: 'Back to {title}',
  playVideoText: 'Play video',
  openMapText: 'Open in OpenStreetMap',
  // ICU-like messages for the template `message` helper (docs/templates.md).
  searchResultsText: '{count, plural, one {# result} other {# results}} for “{query}”',
};

export type ThemeTexts = { readonly [K in keyof typeof EN_THEME]: string };

const JA_THEME: ThemeTexts = {
  skipToContentText: '本文へスキップ',
  mainNavText: 'メイン',
  menuText: 'メニュー',
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
  upcomingEventsText: '今後のイベント',
  pastEventsText: '過去のイベント',
  noUpcomingEventsText: '今後予定されているイベントはありません。',
  productImagesText: '商品画像',
  previousImageText: '前の画像',
  nextImageText: '次の画像',
  imageOfText: '画像 {n} / {total}',
  pauseSlideshowText: 'スライドショーを一時停止',
  playSlideshowText: 'スライドショーを再生',
  galleryText: 'ギャラリー',
  notFoundTitleText: 'ページが見つかりません',
  notFoundBodyText:
    'お探しのページは見つかりませんでした。移動したか、アドレスが間違っている可能性があります。',
  goHomeText: 'ホームへ戻る',
  searchSiteText: 'サイト内を検索',
  searchNoResultsText: '該当する結果はありませんでした。別の言葉でお試しください。',
  lockTitleText: 'このページは保護されています',
  lockBodyText: '閲覧するにはパスワードを入力してください。',
  passwordText: 'パスワード',
  enterText: '表示する',
  paginationText: 'ページ送り',
  newerText: '前へ',
  olderText: '次へ',
  newerPageText: '前のページ',
  olderPageText: '次のページ',
  postsTaggedText: 'タグ「{tag}」の記事',
  postsInText: 'カテゴリー「{category}」の記事',
  allPostsText: 'すべての記事',
  noPostsText: 'まだ記事はありません。',
  readMoreText: '続きを読む',
  readMoreAboutText: '「{title}」',
  byAuthorText: '文・{name}',
  categoriesText: 'カテゴリー:',
  tagsText: 'タグ:',
  filedUnderText: 'カテゴリー',
  tagsLabelText: 'タグ',
  eventWhenText: '日時',
  eventWhereText: '場所',
  likeCountText: 'いいね {count, plural, other {#件}}',
  commentCountText: '{count, plural, =0 {コメントはまだありません} other {コメント # 件}}',
  noImagesText: 'まだ画像はありません。',
  backToText: '{title}に戻る',
  playVideoText: '動画を再生',
  openMapText: 'OpenStreetMapで開く',
  searchResultsText: '「{query}」の検索結果 {count, plural, other {#件}}',
};

const THEME_BY_LANGUAGE: Record<string, ThemeTexts> = { en: EN_THEME, ja: JA_THEME };

/**
 * The product and cart texts for a language code ('ja', 'ja-JP', 'ja_JP'…) by its first part;
 * English otherwise.
 */
export function storefrontTexts(language: string | undefined | null): StorefrontTexts {
  return areaTexts<StorefrontTexts>('storefront', language) ?? EN;
}

/** The theme chrome's texts, picked like `storefrontTexts` (server only). */
export function themeTexts(language: string | undefined | null): ThemeTexts {
  return byLanguage<ThemeTexts>(THEME_BY_LANGUAGE, language, EN_THEME);
}

/** Fills `{name}` placeholders; a missing value leaves the placeholder as is. */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
