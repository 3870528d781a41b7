import { escapeHtml } from '../../shared/html.js';
import type { MailMessage } from '../mail/mailer.js';

/**
 * Restock notices go to the members of this list of the mail domain: every sign-up joins it,
 * its unsubscribe link (the mail domain's `/unsubscribe` page) stops restock notices from the
 * website, and a new sign-up joins again.
 */
export const RESTOCK_LIST_ID = 'restock-notices';

/** One line, no CR/LF: subjects and names that end up in headers (DESIGN 7). */
function oneLine(s: string): string {
  return s.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();
}

/**
 * The back-in-stock notice. `productUrl` and `unsubscribeUrl` are absolute. Everything the
 * owner or visitor typed is escaped in HTML; the mailer adds the unsubscribe footer and the
 * List-Unsubscribe headers from `unsubscribeUrl`.
 */
export function buildRestockNotice(input: {
  siteId: string;
  to: string;
  siteTitle: string;
  productName: string;
  variantLabel: string;
  productUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const name = oneLine(input.productName);
  const what = input.variantLabel ? `${name} (${oneLine(input.variantLabel)})` : name;
  const site = oneLine(input.siteTitle);
  const text = [
    `Good news: ${what} is back in stock at ${site}.`,
    '',
    `Shop now: ${input.productUrl}`,
    '',
    'You are getting this email because you asked to be told when this item is back in stock.',
  ].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">` +
    `<p>Good news: <strong>${escapeHtml(what)}</strong> is back in stock at ${escapeHtml(site)}.</p>` +
    `<p><a href="${escapeHtml(input.productUrl)}">Shop now</a></p>` +
    `<p style="font-size:12px;color:#666">You are getting this email because you asked to be ` +
    `told when this item is back in stock.</p></body></html>`;
  return {
    siteId: input.siteId,
    to: input.to,
    subject: `${name} is back in stock`,
    text,
    html,
    kind: 'restock',
    fromName: site,
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** 'Size: M, Color: Blue' */
export function variantLabelOf(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
}
