import { discountRows, giftCardRows, orderTotal } from './adjustment-rows.js';
import type { AddressInput, OrderJson } from '../../shared/checkout/api.js';
import { addressLines } from '../../shared/checkout/address-rules.js';
import { escapeHtml } from '../../shared/html.js';
import { formatMoney } from '../../shared/money.js';
import type { MailMessage } from '../mail/mailer.js';
import { mailTexts } from '../mail/mail-texts.js';
import type { DownloadJson } from './downloads.js';
import { orderPageTexts } from './order-pages.js';
import { subscriptionMailTexts } from '../subscriptions/subscription-mail-texts.js';
import { reviewTexts } from '../../shared/reviews/texts.js';

/** What the order mails need of the website. */
export interface MailSite {
  id: string;
  title: string;
  language: string;
  /** The website's time zone (IANA): a gift card's send date starts in it; absent: UTC. */
  timeZone?: string;
  /** Product reviews on (docs/reviews.md): the confirmation carries a 'Review your purchase' link. */
  reviewsEnabled?: boolean;
}

const cell = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

function lineLabel(l: OrderJson['lines'][number]): string {
  const attrs = Object.entries(l.attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  return attrs ? `${l.title} (${attrs})` : l.title;
}

/** An order's address as envelope lines (one home: shared/checkout/address-rules.ts). */
function addressOf(a: AddressInput | null, language: string): string[] {
  return a ? addressLines(a, language) : [];
}

/** Lines and totals of an order, as plain-text rows and an escaped HTML table. */
function orderSummary(order: OrderJson, language: string, t = mailTexts(language).order) {
  const money = (n: number) => formatMoney(n, order.currency, language);
  const rows: [string, string][] = order.lines.map((l) => [
    `${l.quantity} × ${lineLabel(l)}`,
    money(l.lineTotal),
  ]);
  const totals: [string, string][] = [[t.subtotal, money(order.subtotal)]];
  totals.push(...discountRows(order, t, money));
  if (order.shippingAddress) totals.push([t.shipping, money(order.shippingTotal)]);
  for (const tax of order.taxLines) {
    const note = tax.included ? `, ${t.taxIncluded}` : '';
    totals.push([`${tax.name} (${tax.rate}%${note})`, money(tax.amount)]);
  }
  totals.push([t.total, money(orderTotal(order))], ...giftCardRows(order, t, money));
  const answers = order.lines.flatMap((l) =>
    l.additionalFieldAnswers.map((a) => `${l.title} — ${a.label}: ${a.value}`),
  );
  const text = [
    ...rows.map(([a, b]) => `${a}  ${b}`),
    ...answers,
    '',
    ...totals.map(([a, b]) => `${a}: ${b}`),
  ].join('\n');
  const tr = ([a, b]: [string, string], strong = false) =>
    `<tr><td style="padding:4px 12px 4px 0">${strong ? '<strong>' : ''}${cell(a)}${strong ? '</strong>' : ''}</td><td align="right" style="padding:4px 0">${cell(b)}</td></tr>`;
  const html = `<table cellpadding="0" style="border-collapse:collapse;min-width:280px">
${rows.map((r) => tr(r)).join('\n')}
${answers.map((a) => `<tr><td colspan="2" style="color:#555;padding:0 0 4px 12px">${cell(a)}</td></tr>`).join('\n')}
<tr><td colspan="2" style="border-top:1px solid #ddd"></td></tr>
${totals.map((r, i) => tr(r, i === totals.length - 1)).join('\n')}
</table>`;
  return { text, html };
}

/** The shopper's confirmation, in the website's language. */
export function orderConfirmationMail(
  site: MailSite,
  order: OrderJson,
  origin: string,
  downloads: readonly DownloadJson[] = [],
  /** A subscription's order (issue 15): the signed link to manage it (its renewal receipt). */
  manageUrl?: string,
  /** The signed review request page (reviews/review-token.ts), when the site takes reviews. */
  reviewUrl?: string,
): MailMessage {
  const t = mailTexts(site.language).order;
  const d = orderPageTexts(site.language);
  const url = origin + order.statusUrl;
  const manage = manageUrl ? subscriptionMailTexts(site.language) : undefined;
  const summary = orderSummary(order, site.language, t);
  const ship = addressOf(order.shippingAddress, site.language);
  const text = [
    t.thanks(site.title),
    t.orderNumber(order.orderNumber),
    order.testMode ? t.testMode : '',
    '',
    summary.text,
    '',
    downloads.length
      ? [
          `${d.DOWNLOADS}:`,
          ...downloads.map((x) => `${x.title} (${x.filename}): ${x.url}`),
          d.DOWNLOAD_MAIL_NOTE,
        ].join('\n')
      : '',
    ship.length ? `${t.shipTo}:\n${ship.join('\n')}` : '',
    order.paymentInstructions ? `${t.paymentInstructions}:\n${order.paymentInstructions}` : '',
    t.statusLine(url),
    manage && manageUrl ? manage.manageLine(manageUrl) : '',
    reviewUrl ? reviewTexts(site.language).mailLine.replace('{url}', reviewUrl) : '',
  ]
    .filter((l, i, all) => l !== '' || (all[i - 1] ?? '') !== '')
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p>${cell(t.thanks(site.title))}</p>
<h2 style="font-size:18px">${cell(t.orderNumber(order.orderNumber))}</h2>
${order.testMode ? `<p><em>${cell(t.testMode)}</em></p>` : ''}
${summary.html}
${downloads.length ? `<h3 style="font-size:15px">${cell(d.DOWNLOADS)}</h3><ul>${downloads.map((x) => `<li><a href="${escapeHtml(x.url)}">${cell(x.title)}</a> (${cell(x.filename)})</li>`).join('')}</ul><p style="color:#555">${cell(d.DOWNLOAD_MAIL_NOTE)}</p>` : ''}
${ship.length ? `<h3 style="font-size:15px">${cell(t.shipTo)}</h3><p>${ship.map(cell).join('<br>')}</p>` : ''}
${order.paymentInstructions ? `<h3 style="font-size:15px">${cell(t.paymentInstructions)}</h3><p>${cell(order.paymentInstructions)}</p>` : ''}
<p><a href="${escapeHtml(url)}">${cell(t.statusLink)}</a></p>
${manage && manageUrl ? `<p><a href="${escapeHtml(manageUrl)}">${cell(manage.manageLink)}</a></p>` : ''}
${reviewUrl ? `<p><a href="${escapeHtml(reviewUrl)}">${cell(reviewTexts(site.language).mailLink)}</a></p>` : ''}
</body></html>`;
  return {
    siteId: site.id,
    kind: 'order-confirmation',
    to: order.email,
    subject: t.confirmedSubject(site.title, order.orderNumber),
    text,
    html,
    fromName: site.title,
    language: site.language,
  };
}

/** The owners' new-order mail (owner mail is English, like form notifications). */
export function newOrderOwnerMail(
  site: MailSite,
  order: OrderJson,
  to: string,
  origin: string,
): MailMessage {
  const summary = orderSummary(order, 'en-US', mailTexts('en').order);
  const url = `${origin}/config#/orders/${encodeURIComponent(order.id)}`;
  const ship = addressOf(order.shippingAddress, 'en');
  const test = order.testMode ? ' (test)' : '';
  const text = [
    `New order #${order.orderNumber}${test} on ${site.title} from ${order.email}.`,
    `Payment: ${order.paymentProvider}, ${order.paymentStatus}`,
    '',
    summary.text,
    '',
    ship.length ? `Ship to:\n${ship.join('\n')}\n` : '',
    `Open it: ${url}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p>New order <strong>#${order.orderNumber}</strong>${cell(test)} on ${cell(site.title)} from ${cell(order.email)}.</p>
<p>Payment: ${cell(order.paymentProvider)}, ${cell(order.paymentStatus)}</p>
${summary.html}
${ship.length ? `<p><strong>Ship to</strong><br>${ship.map(cell).join('<br>')}</p>` : ''}
<p><a href="${escapeHtml(url)}">Open the order</a></p>
</body></html>`;
  return {
    siteId: site.id,
    kind: 'order-owner',
    to,
    subject: `New order #${order.orderNumber}${test} - ${site.title}`,
    text,
    html,
    fromName: site.title,
    replyTo: order.email,
  };
}

/** The shopper's shipped mail with carrier and tracking number. */
export function orderShippedMail(
  site: MailSite,
  order: OrderJson,
  shipment: { carrier: string; trackingNumber: string },
  origin: string,
): MailMessage {
  const t = mailTexts(site.language).order;
  const url = origin + order.statusUrl;
  const text = [
    t.shippedIntro(order.orderNumber),
    shipment.carrier ? `${t.carrier}: ${shipment.carrier}` : '',
    shipment.trackingNumber ? `${t.tracking}: ${shipment.trackingNumber}` : '',
    '',
    t.statusLine(url),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p>${cell(t.shippedIntro(order.orderNumber))}</p>
<p>${shipment.carrier ? `${cell(t.carrier)}: ${cell(shipment.carrier)}<br>` : ''}${shipment.trackingNumber ? `${cell(t.tracking)}: <strong>${cell(shipment.trackingNumber)}</strong>` : ''}</p>
<p><a href="${escapeHtml(url)}">${cell(t.statusLink)}</a></p>
</body></html>`;
  return {
    siteId: site.id,
    kind: 'order-shipped',
    to: order.email,
    subject: t.shippedSubject(site.title, order.orderNumber),
    text,
    html,
    fromName: site.title,
    language: site.language,
  };
}

/**
 * A bank-transfer order's files, once the owner marks it paid (the confirmation had no links:
 * nothing was paid yet). In the website's language.
 */
export function orderDownloadsMail(
  site: MailSite,
  order: OrderJson,
  downloads: readonly DownloadJson[],
  origin: string,
): MailMessage {
  const t = mailTexts(site.language).order;
  const d = orderPageTexts(site.language);
  const url = origin + order.statusUrl;
  const intro = d.DOWNLOADS_READY.replace('{n}', String(order.orderNumber));
  const text = [
    intro,
    ...downloads.map((x) => `${x.title} (${x.filename}): ${x.url}`),
    '',
    d.DOWNLOAD_MAIL_NOTE,
    t.statusLine(url),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p>${cell(intro)}</p>
<ul>${downloads.map((x) => `<li><a href="${escapeHtml(x.url)}">${cell(x.title)}</a> (${cell(x.filename)})</li>`).join('')}</ul>
<p style="color:#555">${cell(d.DOWNLOAD_MAIL_NOTE)}</p>
<p><a href="${escapeHtml(url)}">${cell(t.statusLink)}</a></p>
</body></html>`;
  return {
    siteId: site.id,
    kind: 'order-downloads',
    to: order.email,
    subject: d.DOWNLOADS_READY_SUBJECT.replace('{site}', site.title).replace(
      '{n}',
      String(order.orderNumber),
    ),
    text,
    html,
    fromName: site.title,
    language: site.language,
  };
}
