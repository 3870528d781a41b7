/**
 * The texts of the mail the platform sends to shoppers (restock notices, the newsletter welcome,
 * the unsubscribe footer), in the website's language. Owner-facing mail stays English.
 *
 * Every function takes its values already prepared for the body it goes into: raw text for the
 * subject and plain-text body, escaped HTML (`escapeHtml`, optionally wrapped in markup) for the
 * HTML body. The fixed words here contain no `& < > "` (and never go into attributes), so they
 * are safe in both bodies as they are.
 */
import { byLanguage } from '../../shared/i18n/by-language.js';

export interface MailTexts {
  /** BCP 47 tag of these texts (the mail's Content-Language). */
  lang: string;
  /** The mailer's footer for list mail. */
  unsubscribe: {
    /** Plain-text footer line, e.g. 'Unsubscribe: {url}'. */
    textLine: (url: string) => string;
    linkLabel: string;
  };
  /** The unsubscribe page the mail's link opens (SPEC 2.1 page type 300); values are HTML. */
  unsubscribePage: {
    confirmTitle: string;
    confirmBody: (email: string, site: string) => string;
    button: string;
    doneTitle: string;
    doneBody: (email: string, site: string) => string;
    invalidTitle: string;
    invalidBody: string;
    backTo: (site: string) => string;
  };
  restock: {
    /** Product name with its variant ('Mug (Size: M)'). */
    productWithVariant: (name: string, variant: string) => string;
    /** Separator of one attribute's name and value, and between attributes. */
    attributeSeparator: string;
    attributeListSeparator: string;
    subject: (product: string) => string;
    /** First paragraph: `what` is the product (with variant), `site` the website's title. */
    intro: (what: string, site: string) => string;
    /** Plain-text line with the product link. */
    shopLine: (url: string) => string;
    /** The HTML link's label. */
    shopLink: string;
    /** Why the shopper gets the mail. */
    reason: string;
  };
  newsletterWelcome: {
    subject: (site: string) => string;
    body: (site: string) => string;
  };
  /** Order mail to the shopper (issue 10): confirmation and shipped. `n` is the order number. */
  order: {
    confirmedSubject: (site: string, n: number) => string;
    thanks: (site: string) => string;
    orderNumber: (n: number) => string;
    subtotal: string;
    shipping: string;
    tax: string;
    /** Marks a tax already in the prices (shown, not added). */
    taxIncluded: string;
    discount: string;
    /** Issue 15: a gift card's payment line and what was left for the payment method. */
    giftCard: string;
    remaining: string;
    total: string;
    shipTo: string;
    testMode: string;
    paymentInstructions: string;
    statusLink: string;
    statusLine: (url: string) => string;
    shippedSubject: (site: string, n: number) => string;
    shippedIntro: (n: number) => string;
    carrier: string;
    tracking: string;
  };
}

const en: MailTexts = {
  lang: 'en',
  unsubscribe: {
    textLine: (url) => `Unsubscribe: ${url}`,
    linkLabel: 'Unsubscribe',
  },
  unsubscribePage: {
    confirmTitle: 'Unsubscribe?',
    confirmBody: (email, site) => `Stop sending ${email} these emails from ${site}?`,
    button: 'Unsubscribe',
    doneTitle: 'You have been unsubscribed',
    doneBody: (email, site) => `${email} will no longer receive these emails from ${site}.`,
    invalidTitle: 'This unsubscribe link is not valid',
    invalidBody: 'The link may be incomplete. Please copy the whole link from the email.',
    backTo: (site) => `Back to ${site}`,
  },
  restock: {
    productWithVariant: (name, variant) => `${name} (${variant})`,
    attributeSeparator: ': ',
    attributeListSeparator: ', ',
    subject: (product) => `${product} is back in stock`,
    intro: (what, site) => `Good news: ${what} is back in stock at ${site}.`,
    shopLine: (url) => `Shop now: ${url}`,
    shopLink: 'Shop now',
    reason:
      'You are getting this email because you asked to be told when this item is back in stock.',
  },
  newsletterWelcome: {
    subject: (site) => `You're subscribed to ${site}`,
    body: (site) => `Thanks for signing up for news from ${site}.`,
  },
  order: {
    confirmedSubject: (site, n) => `Your ${site} order #${n}`,
    thanks: (site) => `Thank you for your order from ${site}.`,
    orderNumber: (n) => `Order #${n}`,
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    tax: 'Tax',
    taxIncluded: 'included',
    discount: 'Discount',
    giftCard: 'Gift card',
    remaining: 'Remaining to pay',
    total: 'Total',
    shipTo: 'Ship to',
    testMode: 'This is a test order: no money was taken.',
    paymentInstructions: 'How to pay',
    statusLink: 'View your order',
    statusLine: (url) => `View your order: ${url}`,
    shippedSubject: (site, n) => `Your ${site} order #${n} is on its way`,
    shippedIntro: (n) => `Good news: order #${n} has shipped.`,
    carrier: 'Carrier',
    tracking: 'Tracking number',
  },
};

const ja: MailTexts = {
  lang: 'ja',
  unsubscribe: {
    textLine: (url) => `配信停止: ${url}`,
    linkLabel: '配信を停止する',
  },
  unsubscribePage: {
    confirmTitle: '配信を停止しますか?',
    confirmBody: (email, site) => `${email} への${site}からのメール配信を停止しますか?`,
    button: '配信を停止する',
    doneTitle: '配信を停止しました',
    doneBody: (email, site) => `今後、${email} に${site}からこのメールが届くことはありません。`,
    invalidTitle: 'この配信停止リンクは無効です',
    invalidBody:
      'リンクが途中で切れている可能性があります。メールに記載のリンクを最後までコピーしてください。',
    backTo: (site) => `${site}に戻る`,
  },
  restock: {
    productWithVariant: (name, variant) => `${name}（${variant}）`,
    attributeSeparator: '：',
    attributeListSeparator: '、',
    subject: (product) => `「${product}」が再入荷しました`,
    intro: (what, site) =>
      `お待たせいたしました。${site}にて、ご希望の「${what}」が再入荷いたしました。`,
    shopLine: (url) => `商品ページはこちら: ${url}`,
    shopLink: '商品ページを見る',
    reason: 'このメールは、この商品の再入荷のお知らせをご希望いただいた方にお送りしています。',
  },
  newsletterWelcome: {
    subject: (site) => `${site}のニュースレターへのご登録ありがとうございます`,
    body: (site) => `${site}からのお知らせにご登録いただき、誠にありがとうございます。`,
  },
  order: {
    confirmedSubject: (site, n) => `【${site}】ご注文ありがとうございます（注文番号 ${n}）`,
    thanks: (site) =>
      `${site}をご利用いただき、誠にありがとうございます。以下の内容でご注文を承りました。`,
    orderNumber: (n) => `注文番号 ${n}`,
    subtotal: '小計',
    shipping: '送料',
    tax: '税',
    taxIncluded: '内税',
    discount: '割引',
    giftCard: 'ギフトカード',
    remaining: '残りのお支払い',
    total: '合計',
    shipTo: 'お届け先',
    testMode: 'これはテスト注文です。代金は請求されていません。',
    paymentInstructions: 'お支払い方法',
    statusLink: 'ご注文状況を見る',
    statusLine: (url) => `ご注文状況: ${url}`,
    shippedSubject: (site, n) => `【${site}】ご注文の商品を発送しました（注文番号 ${n}）`,
    shippedIntro: (n) => `注文番号 ${n} の商品を発送いたしました。`,
    carrier: '配送業者',
    tracking: '追跡番号',
  },
};

const catalogue: Record<string, MailTexts> = { en, ja };

/**
 * The texts for a website's language ('ja-JP', 'ja', 'en-US', …), chosen by its primary
 * language subtag; English for any language without texts (or none).
 */
export function mailTexts(language: string | null | undefined): MailTexts {
  return byLanguage(catalogue, language, en);
}
