import { mailDocument } from '../mail/mail-document.js';
import { escapeHtml } from '../../shared/html.js';
import type { MailMessage } from '../mail/mailer.js';
import { mailTexts } from '../mail/mail-texts.js';

/**
 * The welcome mail a new newsletter member gets, in the website's language (`language`, e.g.
 * 'ja-JP'; English when the catalogue has no texts for it). It carries the unsubscribe link,
 * which the mailer turns into a footer in the same language.
 */
export function newsletterWelcome(opts: {
  siteId: string;
  siteTitle: string;
  language: string;
  to: string;
  unsubscribeUrl: string;
}): MailMessage {
  const t = mailTexts(opts.language).newsletterWelcome;
  return {
    siteId: opts.siteId,
    kind: 'newsletter-welcome',
    to: opts.to,
    subject: t.subject(opts.siteTitle),
    text: t.body(opts.siteTitle),
    html: mailDocument({
      lang: opts.language,
      title: t.subject(opts.siteTitle),
      body: `<p>${t.body(escapeHtml(opts.siteTitle))}</p>`,
    }),
    fromName: opts.siteTitle,
    unsubscribeUrl: opts.unsubscribeUrl,
    language: opts.language,
  };
}
