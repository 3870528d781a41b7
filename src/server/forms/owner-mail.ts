import { mailDocument } from '../mail/mail-document.js';
import { escapeHtml } from '../../shared/html.js';
import { answeredFields } from '../../shared/forms/answers.js';
import type { FormFieldDef, FormPageContext, FormValues } from '../../shared/forms/types.js';
import type { MailMessage } from '../mail/mailer.js';

/**
 * The mail the website's owners get for a submission. Every visitor value is escaped in the
 * HTML body and kept out of headers except the subject's form name (owner-authored) and a
 * checked Reply-To address; the plain-text body carries the same content.
 */
export function ownerNotification(opts: {
  siteId: string;
  siteTitle: string;
  formName: string;
  fields: FormFieldDef[];
  values: FormValues;
  pageContext: FormPageContext;
  to: string;
  replyTo?: string;
  submittedAt: number;
  /** The owner's subject (default `Form Submission - {form name}`). */
  subject?: string;
}): MailMessage {
  // Only answered fields: an empty one is no row at all, not an 'N/A' or a dash.
  const all = answeredFields(opts.fields, opts.values).map((a) => ({
    label: a.label,
    value: a.text,
  }));
  const page = [opts.pageContext.pageTitle, opts.pageContext.pagePath].filter(Boolean).join(' — ');
  const when = new Date(opts.submittedAt).toISOString();

  const text = [
    `New submission to "${opts.formName}" on ${opts.siteTitle}.`,
    page ? `Page: ${page}` : '',
    `Sent: ${when}`,
    '',
    ...all.map((r) => `${r.label}:\n${r.value}\n`),
  ]
    .filter((l, i) => l !== '' || i === 3)
    .join('\n');

  const cell = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');
  const html = mailDocument({
    lang: 'en',
    title: opts.subject || `Form Submission - ${opts.formName}`,
    body: `<p>New submission to <strong>${escapeHtml(opts.formName)}</strong> on ${escapeHtml(opts.siteTitle)}.</p>
${page ? `<p>Page: ${escapeHtml(page)}</p>` : ''}<p>Sent: ${escapeHtml(when)}</p>
<table cellpadding="6" style="border-collapse:collapse">
${all
  .map(
    (r) =>
      `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${cell(r.label)}</th><td style="border-bottom:1px solid #ddd">${cell(r.value)}</td></tr>`,
  )
  .join('\n')}
</table>`,
  });

  return {
    siteId: opts.siteId,
    kind: 'form-owner',
    to: opts.to,
    subject: opts.subject || `Form Submission - ${opts.formName}`,
    text,
    html,
    fromName: opts.siteTitle,
    ...(opts.replyTo ? { replyTo: opts.replyTo } : {}),
  };
}
