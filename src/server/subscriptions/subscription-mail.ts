/**
 * The subscription mails to the shopper (issue 15), in the website's language (en, ja; English
 * otherwise), in mail/mail-texts.ts's style: values go in prepared (raw for text, escaped for
 * HTML); the fixed words hold no `& < > "`. Every one carries the signed manage link. The
 * renewal receipt is the order's own confirmation mail (placeOrder sends it).
 */
import { escapeHtml } from '../../shared/html.js';
import type { MailMessage } from '../mail/mailer.js';
import type { MailSite } from '../orders/order-mail.js';
import { managePath } from './manage-token.js';
import { subscriptionMailTexts, type SubscriptionMailKind } from './subscription-mail-texts.js';
import { pricePhrase, type SubscriptionRow } from './subscription-json.js';

/** One subscription mail to its shopper, with the plan, the next date and the manage link. */
export function subscriptionMail(
  secret: string,
  site: MailSite,
  sub: SubscriptionRow,
  kind: SubscriptionMailKind,
  origin: string,
): MailMessage {
  const t = subscriptionMailTexts(site.language);
  const url = origin + managePath(secret, site.id, sub.id);
  const rows: [string, string][] = [[t.plan, `${sub.title} — ${pricePhrase(sub, site.language)}`]];
  if (kind === 'payment-failed' && sub.next_retry_at) {
    rows.push([t.retryOn, new Date(sub.next_retry_at).toISOString().slice(0, 10)]);
  } else if (
    (kind === 'confirmed' || kind === 'payment-failed' || kind === 'resumed') &&
    sub.next_charge_on
  ) {
    rows.push([t.nextCharge, sub.next_charge_on]);
  }
  const text = [
    t.intro[kind](sub.title),
    '',
    ...rows.map(([a, b]) => `${a}: ${b}`),
    '',
    t.manageLine(url),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p>${escapeHtml(t.intro[kind](sub.title))}</p>
<table cellpadding="0" style="border-collapse:collapse">${rows
    .map(
      ([a, b]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#555">${escapeHtml(a)}</td><td style="padding:4px 0">${escapeHtml(b)}</td></tr>`,
    )
    .join('')}</table>
<p><a href="${escapeHtml(url)}">${escapeHtml(t.manageLink)}</a></p>
</body></html>`;
  return {
    siteId: site.id,
    kind: `subscription-${kind}`,
    to: sub.email,
    subject: t.subject[kind](site.title, sub.title),
    text,
    html,
    fromName: site.title,
    language: site.language,
  };
}
