import { discountRows, giftCardRows, orderTotal } from './adjustment-rows.js';
import type { OrderJson } from '../../shared/checkout/api.js';
import { addressLines } from '../../shared/checkout/address-rules.js';
import { PageType } from '../../shared/enums.js';
import { byLanguage } from '../../shared/i18n/by-language.js';
import { formatMoney } from '../../shared/money.js';
import type { PageRequest } from '../render/context/context-deps.js';
import { baseContext } from '../render/context/site-context.js';
import type { OrderPageJson, PageContext } from '../render/context/types.js';
import type { DownloadJson } from './downloads.js';

/** Words of the shopper's order pages (English; Japanese below; the site's language chooses). */
export const OrderPageTexts = {
  CONFIRMED: 'Thank you for your order',
  STATUS: 'Order status',
  ORDER_NUMBER: 'Order #{n}',
  CONFIRMATION_SENT: 'We sent a confirmation to',
  TEST_MODE: 'Test order: no money was taken.',
  TEST_BADGE: 'Test mode',
  PAYMENT: 'Payment',
  FULFILLMENT: 'Fulfillment',
  SHIPMENTS: 'Shipments',
  TRACKING: 'Tracking number',
  ITEMS: 'Items',
  QUANTITY: 'Qty',
  SUBTOTAL: 'Subtotal',
  DISCOUNT: 'Discount',
  GIFT_CARD: 'Gift card',
  REMAINING: 'Remaining to pay',
  SHIPPING: 'Shipping',
  INCLUDED: 'included',
  TOTAL: 'Total',
  REFUNDED: 'Refunded',
  SHIP_TO: 'Shipping address',
  BILL_TO: 'Billing address',
  HOW_TO_PAY: 'How to pay',
  CONTINUE: 'Continue shopping',
  STATUS_LINK: 'Check your order status any time',
  NOT_FOUND_TITLE: 'Order not found',
  NOT_FOUND: 'We could not find that order.',
  DOWNLOADS: 'Your downloads',
  DOWNLOAD: 'Download',
  DOWNLOAD_NOTE:
    'Download links work for 7 days. Open this order page again from your order link for fresh ones.',
  DOWNLOAD_MAIL_NOTE:
    'Download links work for 7 days; your order status page always has fresh ones.',
  DOWNLOADS_READY_SUBJECT: 'Your downloads from {site} (order #{n})',
  DOWNLOADS_READY: 'Thank you: your payment for order #{n} has arrived. Your downloads:',
} as const;

type Texts = { readonly [K in keyof typeof OrderPageTexts]: string };

const JA_TEXTS: Texts = {
  CONFIRMED: 'ご注文ありがとうございます',
  STATUS: 'ご注文状況',
  ORDER_NUMBER: '注文番号 #{n}',
  CONFIRMATION_SENT: '確認メールの送信先',
  TEST_MODE: 'テスト注文です。代金は請求されていません。',
  TEST_BADGE: 'テストモード',
  PAYMENT: 'お支払い',
  FULFILLMENT: '発送',
  SHIPMENTS: '発送情報',
  TRACKING: '追跡番号',
  ITEMS: '商品',
  QUANTITY: '数量',
  SUBTOTAL: '小計',
  DISCOUNT: '割引',
  GIFT_CARD: 'ギフトカード',
  REMAINING: '残りのお支払い',
  SHIPPING: '送料',
  INCLUDED: '込み',
  TOTAL: '合計',
  REFUNDED: '返金済み',
  SHIP_TO: 'お届け先',
  BILL_TO: 'ご請求先',
  HOW_TO_PAY: 'お支払い方法',
  CONTINUE: '買い物を続ける',
  STATUS_LINK: 'ご注文状況はこちらからいつでも確認できます',
  NOT_FOUND_TITLE: 'ご注文が見つかりません',
  NOT_FOUND: 'ご注文が見つかりませんでした。',
  DOWNLOADS: 'ダウンロード',
  DOWNLOAD: 'ダウンロード',
  DOWNLOAD_NOTE:
    'ダウンロードリンクの有効期限は7日間です。ご注文ページを開き直すと、新しいリンクが表示されます。',
  DOWNLOAD_MAIL_NOTE:
    'ダウンロードリンクの有効期限は7日間です。ご注文状況ページからいつでも新しいリンクを取得できます。',
  DOWNLOADS_READY_SUBJECT: '{site}：ダウンロードのご案内（注文番号 #{n}）',
  DOWNLOADS_READY: '注文番号 #{n} のお支払いを確認しました。ダウンロードはこちらです：',
};

const STATUS_WORDS: Record<string, string> = {
  pending: 'Awaiting payment',
  authorized: 'Authorized',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  voided: 'Voided',
  failed: 'Failed',
  unfulfilled: 'Not shipped yet',
  fulfilled: 'Shipped',
  not_required: 'No shipping needed',
  cancelled: 'Cancelled',
};

const JA_STATUS_WORDS: Record<string, string> = {
  pending: 'お支払い待ち',
  authorized: 'オーソリ済み',
  paid: 'お支払い済み',
  partially_refunded: '一部返金済み',
  refunded: '返金済み',
  voided: '取消済み',
  failed: '失敗',
  unfulfilled: '未発送',
  fulfilled: '発送済み',
  not_required: '発送不要',
  cancelled: 'キャンセル済み',
};

/** The order pages' words in the site's language (English for a language without a table). */
export function orderPageTexts(language: string): Texts {
  return byLanguage({ ja: JA_TEXTS, jp: JA_TEXTS }, language, OrderPageTexts);
}

export function statusWords(language: string): Record<string, string> {
  return byLanguage({ ja: JA_STATUS_WORDS, jp: JA_STATUS_WORDS }, language, STATUS_WORDS);
}

/** What order.page shows, every string raw (the template escapes visitor text with `|html`). */
export function orderPageJson(
  order: OrderJson,
  kind: 'confirmed' | 'status',
  language: string,
  downloads: readonly DownloadJson[] = [],
): OrderPageJson {
  const t = orderPageTexts(language);
  const words = statusWords(language);
  const money = (n: number) => formatMoney(n, order.currency, language);
  const totals: { label: string; amount: string }[] = [
    { label: t.SUBTOTAL, amount: money(order.subtotal) },
  ];
  const labels = { discount: t.DISCOUNT, giftCard: t.GIFT_CARD, remaining: t.REMAINING };
  for (const [label, amount] of discountRows(order, labels, money)) totals.push({ label, amount });
  if (order.shippingOption) {
    totals.push({
      label: `${t.SHIPPING} (${order.shippingOption.name})`,
      amount: money(order.shippingTotal),
    });
  }
  for (const tax of order.taxLines) {
    totals.push({
      label: `${tax.name} ${tax.rate}%${tax.included ? ` (${t.INCLUDED})` : ''}`,
      amount: money(tax.amount),
    });
  }
  const cancelled = order.status === 'cancelled';
  return {
    kind,
    heading: kind === 'confirmed' ? t.CONFIRMED : t.STATUS,
    texts: t,
    orderNumber: t.ORDER_NUMBER.replace('{n}', String(order.orderNumber)),
    email: order.email,
    testMode: order.testMode,
    cancelled,
    cancelledText: words.cancelled!,
    paymentStatus: order.paymentStatus,
    paymentText: words[order.paymentStatus] ?? order.paymentStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    fulfillmentText: words[order.fulfillmentStatus] ?? order.fulfillmentStatus,
    shipments: order.fulfillments.map((f) => ({
      carrier: f.carrier || words.fulfilled!,
      trackingNumber: f.trackingNumber,
    })),
    lines: order.lines.map((l) => ({
      title: l.title,
      quantity: l.quantity,
      amount: money(l.lineTotal),
      details: [
        ...Object.entries(l.attributes).map(([label, value]) => ({ label, value })),
        ...l.additionalFieldAnswers.map((a) => ({ label: a.label, value: a.value })),
      ],
    })),
    totals,
    total: money(orderTotal(order)),
    /** Gift cards that paid, then what was left (shown under the total). */
    payments: giftCardRows(order, labels, money).map(([label, amount]) => ({ label, amount })),
    currency: order.currency,
    refunded: order.refundedTotal ? `−${money(order.refundedTotal)}` : '',
    // Only while there is something to pay: a paid order's page need not tell how to pay.
    paymentInstructions: order.paymentStatus === 'pending' ? order.paymentInstructions : '',
    shippingAddress: order.shippingAddress ? addressLines(order.shippingAddress, language) : null,
    billingAddress: order.billingAddress ? addressLines(order.billingAddress, language) : null,
    statusUrl: kind === 'confirmed' ? order.statusUrl : '',
    downloads: downloads.map((d) => ({ title: d.title, filename: d.filename, url: d.url })),
  };
}

/**
 * The order confirmed (pageType 202) and order status (211) pages in the theme's layout
 * (`pages/order.page`). The context holds the shopper's order, so the page is never cached
 * (orders/routes.ts sends it `no-store` and bypasses the page cache). No order: a 404 page
 * saying so, in the same layout.
 */
export function buildOrderContext(
  req: PageRequest,
  order: OrderJson | undefined,
  kind: 'confirmed' | 'status',
  downloads: readonly DownloadJson[] = [],
): { status: number; ctx: PageContext } {
  const language = req.base.site.language;
  const t = orderPageTexts(language);
  const view = order ? orderPageJson(order, kind, language, downloads) : undefined;
  const ctx = baseContext(req.base, {
    pageType: kind === 'confirmed' ? PageType.ORDER_CONFIRMED : PageType.ORDER_STATUS,
    templateFile: 'pages/order.page',
    title: view ? view.heading : t.NOT_FOUND_TITLE,
  });
  ctx.orderPage = view ?? { notFound: true, heading: t.NOT_FOUND_TITLE, texts: t };
  return { status: view ? 200 : 404, ctx };
}
