import {
  SUBSCRIPTION_ACTIONS,
  SUBSCRIPTION_STATUS_LABELS,
  actionAllowed,
  type SubscriptionAction,
  type SubscriptionJson,
  type SubscriptionStatus,
} from '../../shared/checkout/subscriptions.js';
import { escapeHtml } from '../../shared/html.js';
import { byLanguage } from '../../shared/i18n/by-language.js';
import { formatMoney } from '../../shared/money.js';
import { orderStatusPath } from '../orders/order-token.js';
import { backLink, renderPage, type PageSite } from '../checkout/checkout-pages.js';
import type { subscriptionOrders } from './list.js';

type OrderRows = Awaited<ReturnType<typeof subscriptionOrders>>;

/** The shopper's subscription pages' words (the site's language: en, ja; else English). */
interface PageTexts {
  confirmedTitle: string;
  manageTitle: string;
  thanks: (status: string) => string;
  sentTo: string;
  firstOrder: (n: number) => string;
  manageLink: string;
  continueShopping: string;
  product: string;
  plan: string;
  status: string;
  nextCharge: string;
  orders: string;
  order: string;
  date: string;
  total: string;
  noOrders: string;
  actions: Record<SubscriptionAction, string>;
  statuses: Record<SubscriptionStatus, string>;
}

const EN: PageTexts = {
  confirmedTitle: 'Subscription confirmed',
  manageTitle: 'Your subscription',
  thanks: (status) => `Thank you! Your subscription is ${status.toLowerCase()}.`,
  sentTo: 'We sent a confirmation to',
  firstOrder: (n) => `First order: #${n}`,
  manageLink: 'Manage your subscription',
  continueShopping: 'Continue shopping',
  product: 'Product',
  plan: 'Plan',
  status: 'Status',
  nextCharge: 'Next charge',
  orders: 'Orders',
  order: 'Order',
  date: 'Date',
  total: 'Total',
  noOrders: 'No orders yet.',
  actions: {
    skip: 'Skip next charge',
    pause: 'Pause',
    resume: 'Resume',
    cancel: 'Cancel subscription',
  },
  statuses: SUBSCRIPTION_STATUS_LABELS,
};

const JA: PageTexts = {
  confirmedTitle: '定期購入のお申し込みが完了しました',
  manageTitle: '定期購入の管理',
  thanks: () => 'お申し込みいただき、誠にありがとうございます。',
  sentTo: '確認メールの送信先',
  firstOrder: (n) => `初回のご注文：注文番号 ${n}`,
  manageLink: '定期購入を管理する',
  continueShopping: '買い物を続ける',
  product: '商品',
  plan: 'プラン',
  status: '状態',
  nextCharge: '次回のお支払い日',
  orders: 'ご注文履歴',
  order: '注文番号',
  date: '日付',
  total: '合計',
  noOrders: 'ご注文はまだありません。',
  actions: {
    skip: '次回をスキップ',
    pause: '一時停止',
    resume: '再開',
    cancel: '解約する',
  },
  statuses: {
    active: '有効',
    paused: '一時停止中',
    cancelled: '解約済み',
    past_due: 'お支払い待ち',
    completed: '終了',
  },
};

const textsFor = (language: string) => byLanguage({ en: EN, ja: JA }, language, EN);

function planTable(sub: SubscriptionJson, t: PageTexts): string {
  const rows: [string, string][] = [
    [t.product, sub.quantity > 1 ? `${sub.quantity} × ${sub.title}` : sub.title],
    [t.plan, sub.pricePhrase],
    [t.status, t.statuses[sub.status]],
    [t.nextCharge, sub.nextChargeOn ?? '—'],
  ];
  return `<table class="plan-table">${rows
    .map(([a, b]) => `<tr><th scope="row">${escapeHtml(a)}</th><td>${escapeHtml(b)}</td></tr>`)
    .join('')}</table>`;
}

const STYLE = `<style>.plan-table th{width:40%;font-weight:500;color:#555}.actions{display:flex;flex-wrap:wrap;gap:8px;margin:16px 0 24px}.actions button{font:inherit;padding:10px 16px;border:1px solid #1a1a1a;background:#fff;border-radius:6px;cursor:pointer;min-height:44px}.actions button.danger{border-color:#b42318;color:#b42318}h2{font-size:1.2rem;margin:24px 0 12px}.plan{font-weight:600}</style>`;

/** SPEC 2.1 pageType 206: the subscription confirmed page. */
export function confirmedPage(
  site: PageSite,
  sub: SubscriptionJson,
  orderNumber: number | undefined,
): string {
  const t = textsFor(site.language);
  const body = [
    `<p>${escapeHtml(t.thanks(t.statuses[sub.status]))} ${escapeHtml(t.sentTo)} <strong>${escapeHtml(sub.email)}</strong>.</p>`,
    `<p class="plan">${escapeHtml(sub.pricePhrase)}</p>`,
    planTable(sub, t),
    orderNumber ? `<p>${escapeHtml(t.firstOrder(orderNumber))}</p>` : '',
    `<p><a class="back" href="${escapeHtml(sub.manageUrl)}">${escapeHtml(t.manageLink)}</a></p>`,
    backLink('/', t.continueShopping),
    STYLE,
  ].join('\n');
  return renderPage(site, t.confirmedTitle, body);
}

/** The shopper's manage page: the plan, the next charge, past orders and the actions. */
export function managePage(
  site: PageSite,
  sub: SubscriptionJson,
  orders: OrderRows,
  crumb: string,
  secret: string,
  siteId: string,
  notice = '',
): string {
  const t = textsFor(site.language);
  const buttons = SUBSCRIPTION_ACTIONS.filter((a) => actionAllowed(a, sub.status))
    .map(
      (a) =>
        `<form method="post" action="${escapeHtml(sub.manageUrl)}" class="action"><input type="hidden" name="crumb" value="${escapeHtml(crumb)}"><input type="hidden" name="action" value="${a}"><button type="submit"${a === 'cancel' ? ' class="danger"' : ''}>${escapeHtml(t.actions[a])}</button></form>`,
    )
    .join('');
  const list = orders.length
    ? `<table><thead><tr><th>${escapeHtml(t.order)}</th><th>${escapeHtml(t.date)}</th><th class="num">${escapeHtml(t.total)}</th></tr></thead><tbody>${orders
        .map(
          (o) =>
            `<tr><td><a href="${escapeHtml(orderStatusPath(secret, siteId, o.id))}">#${o.order_number}</a></td><td>${new Date(o.created).toISOString().slice(0, 10)}</td><td class="num">${escapeHtml(formatMoney(o.grand_total, o.currency, site.language))}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : `<p>${escapeHtml(t.noOrders)}</p>`;
  const body = [
    notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : '',
    planTable(sub, t),
    buttons ? `<div class="actions">${buttons}</div>` : '',
    `<h2>${escapeHtml(t.orders)}</h2>`,
    list,
    STYLE,
  ].join('\n');
  return renderPage(site, t.manageTitle, body);
}
