import { mailDocument } from '../mail/mail-document.js';
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml } from '../../shared/html.js';

/**
 * The mail of the account flows (issue 16): confirm an address, "you already have an account",
 * reset a password, "your password was changed". Owner mail, so English (mail/mail-texts.ts
 * localises shopper mail only). Links are built by the caller from the website's own origin.
 */
export type AccountMailKind =
  'account-verify' | 'account-exists' | 'password-reset' | 'password-changed';

interface Paragraph {
  text: string;
  /** A button-like link after the text. */
  link?: { label: string; url: string };
}

function message(opts: {
  kind: AccountMailKind;
  siteId: string;
  siteTitle: string;
  to: string;
  subject: string;
  paragraphs: Paragraph[];
}): MailMessage {
  const text = opts.paragraphs
    .map((p) => (p.link ? `${p.text}\n${p.link.url}` : p.text))
    .join('\n\n');
  const button =
    'display:inline-block;padding:10px 18px;background:#1d1d1b;color:#fff;border-radius:6px;text-decoration:none;font-weight:600';
  const body = opts.paragraphs
    .map(
      (p) =>
        `<p>${escapeHtml(p.text)}</p>` +
        (p.link
          ? `<p><a href="${escapeHtml(p.link.url)}" style="${button}">${escapeHtml(p.link.label)}</a></p>` +
            `<p style="font-size:13px;color:#555">Or paste this address into your browser: ${escapeHtml(p.link.url)}</p>`
          : ''),
    )
    .join('\n');
  return {
    siteId: opts.siteId,
    to: opts.to,
    subject: opts.subject,
    text: `${text}\n`,
    html: mailDocument({ lang: 'en', title: opts.subject, body }),
    kind: opts.kind,
    fromName: opts.siteTitle,
  };
}

interface Base {
  siteId: string;
  siteTitle: string;
  to: string;
}

export function verifyMail(opts: Base & { url: string }): MailMessage {
  return message({
    ...opts,
    kind: 'account-verify',
    subject: 'Confirm your email address',
    paragraphs: [
      {
        text: `Welcome! Confirm your email address to finish creating your account on ${opts.siteTitle}.`,
        link: { label: 'Confirm email address', url: opts.url },
      },
      {
        text: 'The link works once, for 48 hours. If you did not create an account, ignore this mail: nothing happens without the link.',
      },
    ],
  });
}

/** Sign-up with an address that has a verified account: the answer is the same as for a new one. */
export function accountExistsMail(
  opts: Base & { signInUrl: string; forgotUrl: string },
): MailMessage {
  return message({
    ...opts,
    kind: 'account-exists',
    subject: 'You already have an account',
    paragraphs: [
      {
        text: `Someone, probably you, tried to create an account on ${opts.siteTitle} with this email address. You already have one, so nothing was changed.`,
        link: { label: 'Sign in', url: opts.signInUrl },
      },
      {
        text: 'Forgot your password? Choose a new one here:',
        link: { label: 'Reset password', url: opts.forgotUrl },
      },
      { text: 'If it was not you, you can ignore this mail.' },
    ],
  });
}

export function resetMail(opts: Base & { url: string }): MailMessage {
  return message({
    ...opts,
    kind: 'password-reset',
    subject: 'Reset your password',
    paragraphs: [
      {
        text: `We received a request to reset the password of your account on ${opts.siteTitle}. Open this link to choose a new one:`,
        link: { label: 'Choose a new password', url: opts.url },
      },
      {
        text: 'The link works once, for 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
      },
    ],
  });
}

export function passwordChangedMail(opts: Base & { forgotUrl: string }): MailMessage {
  return message({
    ...opts,
    kind: 'password-changed',
    subject: 'Your password was changed',
    paragraphs: [
      {
        text: `The password of your account on ${opts.siteTitle} was just changed, and every other signed-in browser was signed out.`,
      },
      {
        text: 'If this was not you, reset your password at once:',
        link: { label: 'Reset password', url: opts.forgotUrl },
      },
    ],
  });
}
