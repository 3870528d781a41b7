import { groupCode, maskCode } from '../../shared/checkout/gift-cards.js';
import { escapeHtml } from '../../shared/html.js';
import { formatMoney } from '../../shared/money.js';
import type { MailMessage } from '../mail/mailer.js';
import type { MailSite } from '../orders/order-mail.js';
import { giftCardTexts } from './gift-card-texts.js';

export interface GiftCardMailInput {
  site: MailSite;
  origin: string;
  code: string;
  amount: number;
  currency: string;
  recipientEmail: string;
  recipientName: string;
  senderName: string;
  message: string;
}

const cell = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

/** The recipient's mail: the only place the full code is ever written (grouped for reading). */
export function giftCardRecipientMail(g: GiftCardMailInput): MailMessage {
  const t = giftCardTexts(g.site.language);
  const amount = formatMoney(g.amount, g.currency, g.site.language);
  const code = groupCode(g.code);
  const shop = `${g.origin}/`;
  const text = [
    t.greeting(g.recipientName),
    '',
    t.intro(g.senderName, amount, g.site.title),
    ...(g.message ? ['', t.messageFrom(g.senderName), g.message] : []),
    '',
    `${t.codeLabel}: ${code}`,
    '',
    t.howTo,
    t.shopLine(shop),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p>${cell(t.greeting(g.recipientName))}</p>
<p>${cell(t.intro(g.senderName, amount, g.site.title))}</p>
${g.message ? `<p style="color:#555">${cell(t.messageFrom(g.senderName))}</p><blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #ddd">${cell(g.message)}</blockquote>` : ''}
<p>${cell(t.codeLabel)}</p>
<p style="font-size:22px;font-family:ui-monospace,monospace;letter-spacing:2px;font-weight:600">${cell(code)}</p>
<p>${cell(t.howTo)}</p>
<p><a href="${escapeHtml(shop)}">${cell(t.shopLink)}</a></p>
</body></html>`;
  return {
    siteId: g.site.id,
    kind: 'gift-card',
    to: g.recipientEmail,
    subject: t.subject(g.site.title, g.senderName),
    text,
    html,
    fromName: g.site.title,
    language: g.site.language,
  };
}

/**
 * The buyer's copy. The code is masked to its last 4: the buyer already knows what they bought,
 * and a copy with the full code would let whoever reads the buyer's mail spend the gift before
 * the recipient gets it (Shopify sends the code to the recipient only).
 */
export function giftCardBuyerCopyMail(
  g: GiftCardMailInput,
  buyerEmail: string,
  sendOn: string | null,
): MailMessage {
  const t = giftCardTexts(g.site.language);
  const amount = formatMoney(g.amount, g.currency, g.site.language);
  const recipient = g.recipientName ? `${g.recipientName} <${g.recipientEmail}>` : g.recipientEmail;
  const when = sendOn ? t.copySendsOn(sendOn) : t.copySentNow;
  const masked = maskCode(g.code);
  const text = [
    t.copyIntro(amount, recipient),
    masked,
    ...(g.message ? ['', g.message] : []),
    '',
    when,
    t.copyMasked,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p>${cell(t.copyIntro(amount, recipient))}</p>
<p style="font-size:18px;font-family:ui-monospace,monospace;letter-spacing:2px">${cell(masked)}</p>
${g.message ? `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #ddd">${cell(g.message)}</blockquote>` : ''}
<p>${cell(when)}</p>
<p style="color:#555">${cell(t.copyMasked)}</p>
</body></html>`;
  return {
    siteId: g.site.id,
    kind: 'gift-card-copy',
    to: buyerEmail,
    subject: t.copySubject(g.site.title, g.recipientName || g.recipientEmail),
    text,
    html,
    fromName: g.site.title,
    language: g.site.language,
  };
}
