/**
 * The checkout page's words (the `checkout-page` island, pageType 201) per site language, picked
 * like every storefront text (`byLanguage`: 'ja', 'ja-JP'… → ja; any other → en). English keeps
 * the labels and SPEC 5.7 messages the rest of the code and the tests use (`AddressLabels`,
 * `PostalMessages`), so an English site reads exactly as before. The server's field errors stay
 * English (they are the wire contract, docs/checkout-api.md): `localizeMessage` turns the known
 * ones into the page's language. To add a language, add a table to `BY_LANGUAGE`.
 */
import { byLanguage } from '../i18n/by-language.js';
import { minimumSubtotalText } from '../cart/cart-minimum.js';
import { Messages } from '../errors.js';
import {
  AddressLabels,
  PostalMessages,
  type PostalLabel,
  type RegionLabel,
} from './address-rules.js';
import { DiscountReasons } from './discount-reasons.js';

/** Address fields in the order a form shows them. */
export type AddressField =
  | 'firstName'
  | 'lastName'
  | 'line1'
  | 'line2'
  | 'city'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'phone';

export interface CheckoutTexts {
  /** The page's heading and title. */
  pageTitle: string;
  /** The subscription checkout (issue 15): its button, while it works, and the plan's label. */
  subscription: { subscribe: string; subscribing: string; plan: string };
  steps: { contact: string; address: string; delivery: string; payment: string; review: string };
  labels: { email: string; placeOrder: string } & Record<
    Exclude<AddressField, 'region' | 'postalCode'>,
    string
  >;
  regionLabels: Record<RegionLabel, string>;
  /** A country whose region has a name of its own in this language (JP: 都道府県). */
  regionLabelByCountry: Readonly<Record<string, string>>;
  postalLabels: Record<PostalLabel, string>;
  /** The address form's field order (Japanese forms: family name first, postcode before the city). */
  addressOrder: readonly AddressField[];
  /** Between the lines of an address written on one line. */
  addressSeparator: string;
  /** How a person's name is written in summaries. */
  fullName: (first: string, last: string) => string;
  optional: string;
  example: (sample: string) => string;
  continueText: string;
  edit: string;
  editStep: (step: string) => string;
  loading: string;
  cartEmpty: string;
  backToCart: string;
  tryAgain: string;
  free: string;
  noShippingToAddress: string;
  testBadge: string;
  testBanner: string;
  cardNumber: string;
  testCardHint: string;
  /** The providers whose label is ours (the manual provider's is the owner's own). */
  providerLabels: { test: string; stripe: string };
  stripeLoading: string;
  stripeUnavailable: string;
  /** The payment step's note when Stripe is chosen: the card is typed on the review step. */
  stripeOnReview: string;
  cardDetails: string;
  billingSame: string;
  billingSummary: (address: string) => string;
  total: string;
  placing: string;
  changeCart: string;
  onlyLeft: (what: string, n: number) => string;
  soldOut: (what: string) => string;
  orderSummary: string;
  subtotal: string;
  shipping: string;
  shippingLater: string;
  taxLine: (name: string, rate: number, included: boolean) => string;
  discount: string;
  giftCard: string;
  /** Issue 15: the one field for discount codes and gift cards, and what it shows. */
  codeField: string;
  apply: string;
  removeCode: (code: string) => string;
  giftCardEnding: (last4: string) => string;
  freeShipping: string;
  nothingToPay: string;
  quantity: (n: number) => string;
  /** Texts of the server and the shared rules (English) → this language; absent: as they are. */
  messages: Readonly<Record<string, string>>;
  /** 'Must be 100 characters or fewer.' */
  maxLength: (n: number) => string;
  /** SPEC 8.3's store minimum, with the amount formatted. */
  minimumSubtotal: (amount: string) => string;
}

const EN: CheckoutTexts = {
  pageTitle: 'Checkout',
  subscription: { subscribe: 'Subscribe', subscribing: 'Subscribing…', plan: 'Plan' },
  steps: {
    contact: 'Contact',
    address: 'Shipping address',
    delivery: 'Shipping method',
    payment: 'Payment',
    review: 'Review',
  },
  labels: { ...AddressLabels },
  regionLabels: { State: 'State', Province: 'Province', County: 'County', Region: 'Region' },
  regionLabelByCountry: {},
  postalLabels: {
    'ZIP Code': 'ZIP Code',
    'Postal Code': 'Postal Code',
    Postcode: 'Postcode',
    Eircode: 'Eircode',
  },
  addressOrder: [
    'firstName',
    'lastName',
    'line1',
    'line2',
    'city',
    'country',
    'region',
    'postalCode',
    'phone',
  ],
  addressSeparator: ', ',
  fullName: (first, last) => `${first} ${last}`.trim(),
  optional: 'Optional',
  example: (sample) => `e.g. ${sample}`,
  continueText: 'Continue',
  edit: 'Edit',
  editStep: (step) => `Edit ${step.toLowerCase()}`,
  loading: 'Loading…',
  cartEmpty: Messages.CART_EMPTY,
  backToCart: 'Back to cart',
  tryAgain: 'Try again',
  free: 'Free',
  noShippingToAddress: 'We do not ship to this address.',
  testBadge: 'Test mode',
  testBanner: 'No real payment is taken.',
  cardNumber: 'Card number',
  testCardHint: 'Test mode: 4242 4242 4242 4242 approves; 4000 0000 0000 0002 is declined.',
  providerLabels: { test: 'Test card', stripe: 'Card' },
  stripeLoading: 'Loading the card form…',
  stripeUnavailable: 'The card form could not be loaded. Try again, or choose another way to pay.',
  stripeOnReview: 'You enter your card details in the last step, just before placing the order.',
  cardDetails: 'Card details',
  billingSame: 'Billing address same as shipping',
  billingSummary: (address) => `Billing: ${address}`,
  total: 'Total',
  placing: 'Placing order…',
  changeCart: 'Change your cart',
  onlyLeft: (what, n) => `${what}: only ${n} left`,
  soldOut: (what) => `${what}: sold out`,
  orderSummary: 'Order summary',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  shippingLater: 'Calculated at next step',
  taxLine: (name, rate, included) => `${included ? 'Includes ' : ''}${name} (${rate}%)`,
  discount: 'Discount',
  giftCard: 'Gift card',
  codeField: 'Discount code or gift card',
  apply: 'Apply',
  removeCode: (code) => `Remove ${code}`,
  giftCardEnding: (last4) => `Gift card •••• ${last4}`,
  freeShipping: 'Free shipping',
  nothingToPay: 'Nothing left to pay: your discounts and gift cards cover this order.',
  quantity: (n) => `Quantity ${n}`,
  messages: {},
  maxLength: (n) => `Must be ${n} characters or fewer.`,
  minimumSubtotal: minimumSubtotalText,
};

/** Japanese as Japanese shops word their checkout. */
const JA: CheckoutTexts = {
  pageTitle: 'ご購入手続き',
  subscription: { subscribe: '定期購入を申し込む', subscribing: 'お申し込み中…', plan: 'プラン' },
  steps: {
    contact: '連絡先',
    address: 'お届け先',
    delivery: '配送方法',
    payment: 'お支払い方法',
    review: 'ご注文内容の確認',
  },
  labels: {
    email: 'メールアドレス',
    firstName: '名',
    lastName: '姓',
    line1: '番地',
    line2: '建物名・部屋番号',
    city: '市区町村',
    country: '国・地域',
    phone: '電話番号',
    placeOrder: '注文を確定する',
  },
  regionLabels: { State: '州', Province: '州・省', County: '郡', Region: '地域' },
  regionLabelByCountry: { JP: '都道府県' },
  postalLabels: {
    'ZIP Code': '郵便番号',
    'Postal Code': '郵便番号',
    Postcode: '郵便番号',
    Eircode: 'Eircode',
  },
  addressOrder: [
    'country',
    'lastName',
    'firstName',
    'postalCode',
    'region',
    'city',
    'line1',
    'line2',
    'phone',
  ],
  addressSeparator: '　',
  fullName: (first, last) => `${last} ${first}`.trim(),
  optional: '任意',
  example: (sample) => `例: ${sample}`,
  continueText: '次へ進む',
  edit: '変更',
  editStep: (step) => `${step}を変更`,
  loading: '読み込み中…',
  cartEmpty: 'カートに商品はありません。',
  backToCart: 'カートに戻る',
  tryAgain: '再試行',
  free: '無料',
  noShippingToAddress: 'このお届け先には配送できません。',
  testBadge: 'テストモード',
  testBanner: '実際の決済は行われません。',
  cardNumber: 'カード番号',
  testCardHint: 'テストモード: 4242 4242 4242 4242 は承認、4000 0000 0000 0002 は拒否されます。',
  providerLabels: { test: 'テストカード', stripe: 'クレジットカード' },
  stripeLoading: 'カード入力欄を読み込んでいます…',
  stripeUnavailable:
    'カード入力欄を読み込めませんでした。もう一度お試しいただくか、別のお支払い方法をお選びください。',
  stripeOnReview: 'カード情報は最後のステップ、ご注文の確定の直前に入力します。',
  cardDetails: 'カード情報',
  billingSame: '請求先住所はお届け先と同じ',
  billingSummary: (address) => `請求先: ${address}`,
  total: '合計',
  placing: '注文を確定しています…',
  changeCart: 'カートを変更する',
  onlyLeft: (what, n) => `${what}: 残り${n}点`,
  soldOut: (what) => `${what}: 売り切れ`,
  orderSummary: 'ご注文内容',
  subtotal: '小計',
  shipping: '送料',
  shippingLater: '次のステップで計算されます',
  taxLine: (name, rate, included) => `${name}(${rate}%${included ? '・内税' : ''})`,
  discount: '割引',
  giftCard: 'ギフトカード',
  codeField: '割引コードまたはギフトカード',
  apply: '適用',
  removeCode: (code) => `${code}を削除`,
  giftCardEnding: (last4) => `ギフトカード •••• ${last4}`,
  freeShipping: '送料無料',
  nothingToPay: '割引とギフトカードでお支払いが完了するため、お支払いは不要です。',
  quantity: (n) => `数量 ${n}`,
  messages: {
    Required: '必須項目です。',
    'Please enter a valid email': '正しいメールアドレスを入力してください。',
    'We do not ship to this country.': 'この国・地域には配送できません。',
    'Please choose one of the shipping options offered.':
      '表示されている配送方法から選んでください。',
    [PostalMessages.FOUR_DIGITS]: '郵便番号は4桁の数字で入力してください。',
    [PostalMessages.FIVE_DIGITS]: '郵便番号は5桁の数字で入力してください。',
    [PostalMessages.POSTCODE_FOUR_DIGITS]: '郵便番号は4桁の数字で入力してください。',
    [PostalMessages.ZIP_FIVE_DIGITS]: 'ZIPコードは5桁の数字で入力してください。',
    [PostalMessages.INVALID]: '郵便番号が正しくありません。',
    [PostalMessages.FSA_INVALID]: 'FSAコードが正しくありません。',
    'Enter your card number.': 'カード番号を入力してください。',
    'Test mode: use 4242 4242 4242 4242.':
      'テストモードでは 4242 4242 4242 4242 をお使いください。',
    'Choose how to pay.': 'お支払い方法を選んでください。',
    'Choose a shipping method.': '配送方法を選んでください。',
    [Messages.UPDATE_MISSING_INFO]:
      '未入力または正しくない項目があります。上の入力内容をご確認ください。',
    [Messages.CART_EMPTY]: 'カートに商品はありません。',
    [Messages.OUT_OF_STOCK]: '申し訳ありません。在庫が足りない商品があります。',
    [Messages.PAYMENT_METHOD_UNAVAILABLE]: 'このお支払い方法は現在ご利用いただけません。',
    [Messages.CHECKOUT_CART_CHANGED]: 'カートの内容が変更されました。内容をご確認ください。',
    'Your card was declined.': 'カードが承認されませんでした。',
    'Your card has insufficient funds.': 'カードの利用可能額が不足しています。',
    [Messages.CHECK_CONNECTION]: 'インターネット接続をご確認ください。',
    [Messages.PLEASE_TRY_AGAIN]: 'もう一度お試しください。',
    [Messages.TOO_MANY_REQUESTS]: '数秒後にもう一度お試しください。',
    [Messages.PAYMENT_ACTION_REQUIRED]: 'カード会社による本人認証が必要です。',
    [Messages.PAYMENT_NOT_FOUND]:
      'このお支払いはこのご注文のものではありません。カード情報をもう一度入力してください。',
    [Messages.PAYMENT_TOTAL_CHANGED]:
      'カード確認後にご注文の合計金額が変わりました。内容をご確認のうえ、もう一度お支払いください。',
    [Messages.SESSION_EXPIRED]:
      'セッションの有効期限が切れました。ページを再読み込みしてもう一度お試しください。',
    [DiscountReasons.NOT_VALID]: 'このコードは無効です。',
    [DiscountReasons.EXPIRED]: 'このコードは有効期限が切れています。',
    [DiscountReasons.NOT_YET]: 'このコードはまだご利用いただけません。',
    [DiscountReasons.USED_UP]: 'このコードは利用上限に達しました。',
    [DiscountReasons.USED_BY_EMAIL]: 'このコードはこのメールアドレスで利用済みです。',
    [DiscountReasons.NO_ITEMS]: 'このコードはカート内の商品には使えません。',
    [DiscountReasons.BETTER_DISCOUNT]: 'より大きな割引がすでに適用されています。',
  },
  maxLength: (n) => `${n}文字以内で入力してください。`,
  minimumSubtotal: (amount) => `ご購入には小計${amount}以上のご注文が必要です。`,
};

const BY_LANGUAGE: Record<string, CheckoutTexts> = { en: EN, ja: JA };

export const ENGLISH_CHECKOUT_TEXTS: CheckoutTexts = EN;

/** The checkout's texts for a site language ('ja', 'ja-JP'…); English for any other. */
export function checkoutTexts(language: string | null | undefined): CheckoutTexts {
  return byLanguage(BY_LANGUAGE, language, EN);
}

/** A text of the server or the shared rules in the page's language (as it is when unknown). */
export function localizeMessage(texts: CheckoutTexts, message: string): string {
  if (Object.hasOwn(texts.messages, message)) return texts.messages[message]!;
  const max = /^Must be (\d+) characters or fewer\.$/.exec(message);
  if (max) return texts.maxLength(Number(max[1]));
  const minimum = /^To check out, your order subtotal must be (.+) or more\.$/.exec(message);
  return minimum ? texts.minimumSubtotal(minimum[1]!) : message;
}

/** The region field's label for a country ('State', 'Province'…; 都道府県 for Japan in ja). */
export function regionLabel(texts: CheckoutTexts, country: string, label: RegionLabel): string {
  return Object.hasOwn(texts.regionLabelByCountry, country)
    ? texts.regionLabelByCountry[country]!
    : texts.regionLabels[label];
}
