import { escapeHtml } from '../../shared/html.js';
import { valueToText } from '../../shared/forms/values.js';
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
}): MailMessage {
  const rows = opts.fields
    .filter((f) => f.type !== 'section' && f.type !== 'hidden' && Object.hasOwn(opts.values, f.id))
    .map((f) => ({ label: f.label || f.id, value: valueToText(f, opts.values[f.id]) }));
  const hidden = opts.fields
    .filter((f) => f.type === 'hidden' && Object.hasOwn(opts.values, f.id))
    .map((f) => ({ label: f.label || f.name || f.id, value: valueToText(f, opts.values[f.id]) }));
  const page = [opts.pageContext.pageTitle, opts.pageContext.pagePath].filter(Boolean).join(' — ');
  const when = new Date(opts.submittedAt).toISOString();
  const all = [...rows, ...hidden];

  const text = [
    `New submission to "${opts.formName}" on ${opts.siteTitle}.`,
    page ? `Page: ${page}` : '',
    `Sent: ${when}`,
    '',
    ...all.map((r) => `${r.label}:\n${r.value || '—'}\n`),
  ]
    .filter((l, i) => l !== '' || i === 3)
    .join('\n');

  const cell = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p>New submission to <strong>${escapeHtml(opts.formName)}</strong> on ${escapeHtml(opts.siteTitle)}.</p>
${page ? `<p>Page: ${escapeHtml(page)}</p>` : ''}<p>Sent: ${escapeHtml(when)}</p>
<table cellpadding="6" style="border-collapse:collapse">
${all
  .map(
    (r) =>
      `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${cell(r.label)}</th><td style="border-bottom:1px solid #ddd">${cell(r.value) || '&mdash;'}</td></tr>`,
  )
  .join('\n')}
</table></body></html>`;

  return {
    siteId: opts.siteId,
    kind: 'form-owner',
    to: opts.to,
    subject: `Form Submission - ${opts.formName}`,
    text,
    html,
    fromName: opts.siteTitle,
    ...(opts.replyTo ? { replyTo: opts.replyTo } : {}),
  };
}
