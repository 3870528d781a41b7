/**
 * The gift card mails' texts (issue 15), in the website's language, in mail/mail-texts.ts's
 * style: values come in prepared for the body they go into (raw for text, escaped for HTML); the
 * fixed words contain no `& < > "`.
 */
import { byLanguage } from '../../shared/i18n/by-language.js';

export interface GiftCardTexts {
  subject: (site: string, sender: string) => string;
  greeting: (recipient: string) => string;
  /** `amount` formatted, `sender` may be ''. */
  intro: (sender: string, amount: string, site: string) => string;
  messageFrom: (sender: string) => string;
  codeLabel: string;
  howTo: string;
  shopLine: (url: string) => string;
  shopLink: string;
  copySubject: (site: string, recipient: string) => string;
  copyIntro: (amount: string, recipient: string) => string;
  /** `day` 'YYYY-MM-DD'. */
  copySendsOn: (day: string) => string;
  copySentNow: string;
  copyMasked: string;
}

const en: GiftCardTexts = {
  subject: (site, sender) =>
    sender ? `${sender} sent you a ${site} gift card` : `You received a ${site} gift card`,
  greeting: (recipient) => (recipient ? `Hi ${recipient},` : 'Hi,'),
  intro: (sender, amount, site) =>
    sender
      ? `${sender} sent you a gift card worth ${amount} to spend at ${site}.`
      : `You received a gift card worth ${amount} to spend at ${site}.`,
  messageFrom: (sender) => (sender ? `A message from ${sender}:` : 'A message for you:'),
  codeLabel: 'Your gift card code',
  howTo:
    'To use it, add what you like to your cart and enter this code in the “Discount code or gift card” field at checkout. The card pays all or part of the order; whatever is left stays on the card for next time.',
  shopLine: (url) => `Shop now: ${url}`,
  shopLink: 'Shop now',
  copySubject: (site, recipient) => `Your ${site} gift card for ${recipient}`,
  copyIntro: (amount, recipient) => `Thank you! Your gift card worth ${amount} for ${recipient}:`,
  copySendsOn: (day) => `We will email it to them on ${day}.`,
  copySentNow: 'We have emailed it to them.',
  copyMasked: "For safety the full code is only in the recipient's email.",
};

const ja: GiftCardTexts = {
  subject: (site, sender) =>
    sender
      ? `${sender}様から${site}のギフトカードが届きました`
      : `${site}のギフトカードが届きました`,
  greeting: (recipient) => (recipient ? `${recipient}様` : 'こんにちは'),
  intro: (sender, amount, site) =>
    sender
      ? `${sender}様から、${site}でご利用いただける${amount}分のギフトカードが届きました。`
      : `${site}でご利用いただける${amount}分のギフトカードが届きました。`,
  messageFrom: (sender) => (sender ? `${sender}様からのメッセージ：` : 'メッセージ：'),
  codeLabel: 'ギフトカードのコード',
  howTo:
    'お買い物の際、チェックアウトの「割引コードまたはギフトカード」欄にこのコードを入力してください。ご注文の全額または一部のお支払いにご利用いただけます。残高は次回のお買い物でもご利用いただけます。',
  shopLine: (url) => `お買い物はこちら: ${url}`,
  shopLink: 'お買い物をする',
  copySubject: (site, recipient) => `【${site}】${recipient}様へのギフトカード`,
  copyIntro: (amount, recipient) =>
    `ご購入ありがとうございます。${recipient}様への${amount}分のギフトカード：`,
  copySendsOn: (day) => `${day}にお相手へメールでお送りします。`,
  copySentNow: 'お相手へメールでお送りしました。',
  copyMasked: '安全のため、コードの全体はお相手へのメールにのみ記載しています。',
};

const catalogue: Record<string, GiftCardTexts> = { en, ja };

export function giftCardTexts(language: string | null | undefined): GiftCardTexts {
  return byLanguage(catalogue, language, en);
}
