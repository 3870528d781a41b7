import { mailDocument } from '../mail/mail-document.js';
import { escapeHtml } from '../../shared/html.js';
import type { MailMessage } from '../mail/mailer.js';
import { mailTexts } from '../mail/mail-texts.js';

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
 * The back-in-stock notice, in the website's language (`language`, e.g. 'ja-JP'; English when the
 * catalogue has no texts for it). `productUrl` and `unsubscribeUrl` are absolute. Everything the
 * owner or visitor typed is escaped in HTML; the mailer adds the unsubscribe footer (in the same
 * language) and the List-Unsubscribe headers from `unsubscribeUrl`.
 */
export function buildRestockNotice(input: {
  siteId: string;
  to: string;
  siteTitle: string;
  language: string;
  productName: string;
  /** `variantLabelOf(attributes, language)`, computed once per send. */
  variantLabel: string;
  productUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const t = mailTexts(input.language).restock;
  const name = oneLine(input.productName);
  const variant = oneLine(input.variantLabel);
  const what = variant ? t.productWithVariant(name, variant) : name;
  const site = oneLine(input.siteTitle);
  const text = [t.intro(what, site), '', t.shopLine(input.productUrl), '', t.reason].join('\n');
  const subject = t.subject(name);
  const html = mailDocument({
    lang: input.language,
    title: subject,
    body:
      `<p>${t.intro(`<strong>${escapeHtml(what)}</strong>`, escapeHtml(site))}</p>` +
      `<p><a href="${escapeHtml(input.productUrl)}">${t.shopLink}</a></p>` +
      `<p style="font-size:12px;color:#666">${t.reason}</p>`,
  });
  return {
    siteId: input.siteId,
    to: input.to,
    subject,
    text,
    html,
    kind: 'restock',
    fromName: site,
    unsubscribeUrl: input.unsubscribeUrl,
    language: input.language,
  };
}

/** 'Size: M, Color: Blue' (English), 'サイズ：M、カラー：青' (Japanese). */
export function variantLabelOf(attributes: Record<string, string>, language = 'en'): string {
  const t = mailTexts(language).restock;
  return Object.entries(attributes)
    .map(([k, v]) => `${k}${t.attributeSeparator}${v}`)
    .join(t.attributeListSeparator);
}
