/**
 * The gift card checkout's words (/checkout/giftcard), per site language like checkout-texts.ts.
 * The payment part reuses the checkout's own texts.
 */
import { byLanguage } from '../i18n/by-language.js';

export interface GiftCardPageTexts {
  pageTitle: string;
  amount: string;
  recipient: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  messageHint: string;
  sendOn: string;
  sendOnHint: string;
  you: string;
  yourName: string;
  yourNameHint: string;
  yourEmail: string;
  yourEmailHint: string;
  payment: string;
  summary: string;
  to: (name: string) => string;
  sends: (day: string) => string;
  sendsToday: string;
  total: string;
  buy: (amount: string) => string;
  buying: string;
  alertTitle: string;
  noProviders: string;
  optional: string;
}

const en: GiftCardPageTexts = {
  pageTitle: 'Gift card',
  amount: 'Amount',
  recipient: 'Who is it for?',
  recipientName: 'Recipient name',
  recipientEmail: 'Recipient email',
  message: 'Message',
  messageHint: 'Optional. Sent with the gift card.',
  sendOn: 'Send on',
  sendOnHint: 'We email the gift card on this date.',
  you: 'From you',
  yourName: 'Your name',
  yourNameHint: 'Optional. Shown to the recipient.',
  yourEmail: 'Your email',
  yourEmailHint: 'For your receipt.',
  payment: 'Payment',
  summary: 'Summary',
  to: (name) => `To ${name}`,
  sends: (day) => `Sent on ${day}`,
  sendsToday: 'Sent today',
  total: 'Total',
  buy: (amount) => `Buy gift card · ${amount}`,
  buying: 'Processing…',
  // SPEC 2.2: the gift card's alert title.
  alertTitle: 'Unable to purchase Gift Card',
  noProviders: 'Gift cards cannot be bought on this store right now.',
  optional: 'Optional',
};

const ja: GiftCardPageTexts = {
  pageTitle: 'ギフトカード',
  amount: '金額',
  recipient: '贈る相手',
  recipientName: 'お相手のお名前',
  recipientEmail: 'お相手のメールアドレス',
  message: 'メッセージ',
  messageHint: '任意。ギフトカードと一緒にお送りします。',
  sendOn: '送信日',
  sendOnHint: 'この日にギフトカードをメールでお送りします。',
  you: '贈り主',
  yourName: 'お名前',
  yourNameHint: '任意。お相手に表示されます。',
  yourEmail: 'メールアドレス',
  yourEmailHint: '領収書をお送りします。',
  payment: 'お支払い',
  summary: 'ご注文内容',
  to: (name) => `${name}様へ`,
  sends: (day) => `${day}に送信`,
  sendsToday: '本日送信',
  total: '合計',
  buy: (amount) => `ギフトカードを購入 · ${amount}`,
  buying: '処理中…',
  alertTitle: 'Unable to purchase Gift Card',
  noProviders: '現在、このストアではギフトカードを購入できません。',
  optional: '任意',
};

export function giftCardPageTexts(language: string | null | undefined): GiftCardPageTexts {
  return byLanguage({ en, ja }, language, en);
}
