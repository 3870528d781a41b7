/**
 * The team API's wire contract (issue 16, docs/team.md): `GET/POST /api/websites/{id}/members`,
 * `PUT/DELETE …/members/{memberId}`, `POST …/members/{memberId}/resend`, and
 * `POST /api/auth/accept-invite`.
 */

/** The outbox `kind` of invite mails (only roles with 'settings' may read them there). */
export const TEAM_INVITE_MAIL_KIND = 'team-invite';

/** Someone with a role on the website. */
export interface MemberJson {
  /** The owner's account id (the `{memberId}` of PUT and DELETE). */
  id: string;
  email: string;
  displayName: string;
  /** SPEC 3.10 role number. */
  role: number;
  /** True for the signed-in owner reading the list. */
  you: boolean;
}

/** An invite that was mailed and not used yet. */
export interface InviteJson {
  /** The invite's id (the `{memberId}` of DELETE, which revokes it, and of resend). */
  id: string;
  email: string;
  role: number;
  /** Email of who sent it; null when that account is gone. */
  invitedBy: string | null;
  /** ISO 8601. */
  createdAt: string;
  expiresAt: string;
  /** Past its 7 days: the link no longer works; resend mails a new one. */
  expired: boolean;
}

export interface MembersJson {
  members: MemberJson[];
  invites: InviteJson[];
}

export interface InviteBody {
  email: string;
  role: number;
}

export interface AcceptInviteJson {
  ok: true;
  siteId: string;
  email: string;
  role: number;
  /** True when joining created the account (the person then signs in with the new password). */
  newAccount: boolean;
}

export const TeamApi = {
  members: (siteId: string) => `/api/websites/${encodeURIComponent(siteId)}/members`,
  member: (siteId: string, memberId: string) =>
    `/api/websites/${encodeURIComponent(siteId)}/members/${encodeURIComponent(memberId)}`,
  resend: (siteId: string, memberId: string) =>
    `/api/websites/${encodeURIComponent(siteId)}/members/${encodeURIComponent(memberId)}/resend`,
  acceptInvite: '/api/auth/accept-invite',
  auditLog: '/api/audit-log',
} as const;
