import { escapeHtml } from '../../shared/html.js';
import { roleName } from '../../shared/role-names.js';
import { TEAM_INVITE_MAIL_KIND } from '../../shared/team/members.js';
import { mailDocument } from '../mail/mail-document.js';
import type { MailMessage } from '../mail/mailer.js';

export interface InviteMailSite {
  id: string;
  title: string;
}

/** The invite (owner-facing mail, English like the rest of /config): who, where, as what, the link. */
export function inviteMail(
  site: InviteMailSite,
  invite: { to: string; role: number; link: string; inviter: string },
): MailMessage {
  const role = roleName(invite.role);
  const subject = `You're invited to ${site.title}`;
  const text = [
    `${invite.inviter} invited you to join ${site.title} as ${role}.`,
    '',
    `Accept the invite: ${invite.link}`,
    '',
    'The link works once and for 7 days. If you did not expect this mail, you can ignore it.',
  ].join('\n');
  const e = escapeHtml;
  const body = `<div style="max-width:32rem;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">Join ${e(site.title)}</h1>
<p>${e(invite.inviter)} invited you to join <strong>${e(site.title)}</strong> as <strong>${e(role)}</strong>.</p>
<p style="margin:24px 0"><a href="${e(invite.link)}" style="display:inline-block;background:#1d1d1b;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Accept the invite</a></p>
<p style="color:#555;font-size:14px">The link works once and for 7 days. If you did not expect this mail, you can ignore it.</p>
</div>`;
  return {
    siteId: site.id,
    kind: TEAM_INVITE_MAIL_KIND,
    to: invite.to,
    subject,
    text,
    html: mailDocument({ lang: 'en', title: subject, body }),
    fromName: site.title,
  };
}
