import { mailDocument } from '../mail/mail-document.js';
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml } from '../../shared/html.js';
import { fillText } from '../../shared/i18n/storefront-texts.js';
import { customerTexts } from '../../shared/customers/texts.js';

/**
 * The customer sign-in mail (issue 14): the 6-digit code and a one-click link, in the site's
 * language. Kind `customer-sign-in` in the outbox.
 */
export function signInMail(opts: {
  site: { id: string; title: string; language: string };
  to: string;
  code: string;
  url: string;
}): MailMessage {
  const t = customerTexts(opts.site.language);
  const site = opts.site.title;
  const subject = fillText(t.mailSubject, { site, code: opts.code });
  const button =
    'display:inline-block;padding:12px 20px;background:#1d1d1b;color:#fff;border-radius:6px;text-decoration:none;font-weight:600';
  const html = mailDocument({
    lang: opts.site.language || 'en',
    title: subject,
    body:
      `<p>${escapeHtml(fillText(t.mailIntro, { site }))}</p>` +
      `<p style="font-size:28px;letter-spacing:6px;font-weight:700;font-family:ui-monospace,monospace">${escapeHtml(opts.code)}</p>` +
      `<p>${escapeHtml(t.mailLink)}</p>` +
      `<p><a href="${escapeHtml(opts.url)}" style="${button}">${escapeHtml(fillText(t.mailButton, { site }))}</a></p>` +
      `<p style="font-size:13px;color:#555">${escapeHtml(t.mailIgnore)}</p>`,
  });
  const text = [
    fillText(t.mailIntro, { site }),
    opts.code,
    '',
    t.mailLink,
    opts.url,
    '',
    t.mailIgnore,
  ].join('\n');
  return {
    siteId: opts.site.id,
    to: opts.to,
    subject,
    text: `${text}\n`,
    html,
    kind: 'customer-sign-in',
    language: opts.site.language,
    fromName: site,
  };
}
