/**
 * The subscription mails' words (issue 15), in the website's language (en, ja; English
 * otherwise), in mail/mail-texts.ts's style: the fixed words hold no `& < > "`. Its own file, so
 * the order mail (a renewal receipt carries the manage link) can use them without a cycle.
 */
import { byLanguage } from '../../shared/i18n/by-language.js';

export type SubscriptionMailKind =
  'confirmed' | 'payment-failed' | 'paused' | 'paused-on-request' | 'resumed' | 'cancelled';

export interface SubscriptionMailTexts {
  subject: Record<SubscriptionMailKind, (site: string, title: string) => string>;
  intro: Record<SubscriptionMailKind, (title: string) => string>;
  plan: string;
  nextCharge: string;
  retryOn: string;
  manageLink: string;
  manageLine: (url: string) => string;
}

const en: SubscriptionMailTexts = {
  subject: {
    confirmed: (site, title) => `Your ${site} subscription: ${title}`,
    'payment-failed': (site, title) => `Payment failed for your ${site} subscription: ${title}`,
    paused: (site, title) => `Your ${site} subscription is paused: ${title}`,
    'paused-on-request': (site, title) => `Your ${site} subscription is paused: ${title}`,
    resumed: (site, title) => `Your ${site} subscription is active again: ${title}`,
    cancelled: (site, title) => `Your ${site} subscription is cancelled: ${title}`,
  },
  intro: {
    confirmed: (title) => `Thank you for subscribing to ${title}.`,
    'payment-failed': (title) =>
      `We could not charge your saved card for ${title}. We will try again; you can also update or cancel the subscription.`,
    paused: (title) =>
      `After several failed payments, your subscription to ${title} is paused. Resume it when your card works again.`,
    'paused-on-request': (title) =>
      `Your subscription to ${title} is paused. Nothing will be charged until it is resumed.`,
    resumed: (title) =>
      `Your subscription to ${title} is active again. Your saved card will be charged on the next charge date.`,
    cancelled: (title) =>
      `Your subscription to ${title} is cancelled. Nothing more will be charged.`,
  },
  plan: 'Plan',
  nextCharge: 'Next charge',
  retryOn: 'Next try',
  manageLink: 'Manage your subscription',
  manageLine: (url) => `Manage your subscription: ${url}`,
};

const ja: SubscriptionMailTexts = {
  subject: {
    confirmed: (site, title) => `【${site}】定期購入のお申し込みありがとうございます（${title}）`,
    'payment-failed': (site, title) =>
      `【${site}】定期購入のお支払いができませんでした（${title}）`,
    paused: (site, title) => `【${site}】定期購入を一時停止しました（${title}）`,
    'paused-on-request': (site, title) => `【${site}】定期購入を一時停止しました（${title}）`,
    resumed: (site, title) => `【${site}】定期購入を再開しました（${title}）`,
    cancelled: (site, title) => `【${site}】定期購入を解約しました（${title}）`,
  },
  intro: {
    confirmed: (title) => `「${title}」の定期購入をお申し込みいただき、誠にありがとうございます。`,
    'payment-failed': (title) =>
      `「${title}」のお支払いを登録済みのカードで完了できませんでした。後ほど再度お試しします。`,
    paused: (title) =>
      `お支払いが複数回失敗したため、「${title}」の定期購入を一時停止しました。カードがご利用可能になりましたら再開してください。`,
    'paused-on-request': (title) =>
      `「${title}」の定期購入を一時停止しました。再開されるまで請求はありません。`,
    resumed: (title) =>
      `「${title}」の定期購入を再開しました。次回のお支払い日に登録済みのカードで決済します。`,
    cancelled: (title) => `「${title}」の定期購入を解約しました。今後の請求はありません。`,
  },
  plan: 'プラン',
  nextCharge: '次回のお支払い日',
  retryOn: '次回の再試行日',
  manageLink: '定期購入を管理する',
  manageLine: (url) => `定期購入の管理: ${url}`,
};

export function subscriptionMailTexts(language: string | null | undefined) {
  return byLanguage<SubscriptionMailTexts>({ en, ja }, language, en);
}
