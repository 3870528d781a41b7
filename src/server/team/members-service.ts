import { sql } from 'kysely';
import { ErrorCode } from '../../shared/errors.js';
import { Role } from '../../shared/enums.js';
import type { InviteJson, MemberJson, MembersJson } from '../../shared/team/members.js';
import { INVITABLE_ROLES } from '../../shared/team/permissions.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import type { Mailer } from '../mail/mailer.js';
import { isValidEmail } from '../../shared/forms/email.js';
import { issueToken } from '../owners/auth-tokens.js';
import { rolesOf } from '../owners/owner-service.js';
import { inviteMail, type InviteMailSite } from './invite-mail.js';

/** Who is acting, on which website, and how invite links start. */
export interface TeamContext {
  db: Db;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  now: () => number;
  site: InviteMailSite;
  /** The signed-in owner making the change (recorded in the audit log). */
  actorId: string;
  /** The website's public origin: invite links are `{origin}/config/invite?token=…`. */
  origin: string;
}

function checkRole(role: number): void {
  if (!INVITABLE_ROLES.includes(role)) throw appError(ErrorCode.ROLE_INVALID);
}

/**
 * Only an admin gives, changes or takes away the admin role: a website manager (who has
 * 'settings' but not developer mode or billing) could otherwise make themselves an admin.
 */
async function checkAdminRule(
  trx: Db,
  ctx: TeamContext,
  roles: { to?: number; from?: number },
): Promise<void> {
  if (roles.to !== Role.ADMIN && roles.from !== Role.ADMIN) return;
  const actor = await rolesOf(trx, ctx.actorId, ctx.site.id);
  if (actor.includes(Role.ADMIN)) return;
  throw roles.to === Role.ADMIN ? appError(ErrorCode.ROLE_INVALID) : appError(ErrorCode.FORBIDDEN);
}

/** The members (admins first, then by email) and the unused invites (newest first). */
export async function listMembers(
  db: Db,
  siteId: string,
  viewerId: string,
  now: number,
): Promise<MembersJson> {
  const rows = await db
    .selectFrom('site_roles')
    .innerJoin('owners', 'owners.id', 'site_roles.owner_id')
    .select(['owners.id', 'owners.email', 'owners.display_name', 'site_roles.role'])
    .where('site_roles.site_id', '=', siteId)
    .where('site_roles.role', '<>', Role.NONE)
    .orderBy(sql`site_roles.role = ${Role.ADMIN}`, 'desc')
    .orderBy('owners.email')
    .execute();
  const members: MemberJson[] = rows.map((r) => ({
    id: r.id,
    email: r.email,
    displayName: r.display_name,
    role: r.role,
    you: r.id === viewerId,
  }));
  const invites = await db
    .selectFrom('auth_tokens')
    .leftJoin('owners', 'owners.id', 'auth_tokens.created_by')
    .select([
      'auth_tokens.id',
      'auth_tokens.email',
      'auth_tokens.role',
      'auth_tokens.created_at',
      'auth_tokens.expires_at',
      'owners.email as invited_by',
    ])
    .where('auth_tokens.purpose', '=', 'invite')
    .where('auth_tokens.site_id', '=', siteId)
    .where('auth_tokens.used_at', 'is', null)
    .orderBy('auth_tokens.created_at', 'desc')
    .execute();
  return {
    members,
    invites: invites.map((i): InviteJson => ({
      id: i.id,
      email: i.email,
      role: i.role ?? Role.VIEWER,
      invitedBy: i.invited_by,
      createdAt: new Date(i.created_at).toISOString(),
      expiresAt: new Date(i.expires_at).toISOString(),
      expired: new Date(i.expires_at).getTime() <= now,
    })),
  };
}

/**
 * Team changes of one website take turns: each locks the website's row first, so two admins
 * demoting each other at once cannot both pass the last-admin check (the second waits, then
 * counts one admin).
 */
async function lockTeam(trx: Db, siteId: string): Promise<void> {
  await sql`SELECT id FROM sites WHERE id = ${siteId} FOR UPDATE`.execute(trx);
}

async function adminCount(trx: Db, siteId: string): Promise<number> {
  const row = await trx
    .selectFrom('site_roles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('site_id', '=', siteId)
    .where('role', '=', Role.ADMIN)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function memberRow(trx: Db, siteId: string, memberId: string) {
  return trx
    .selectFrom('site_roles')
    .innerJoin('owners', 'owners.id', 'site_roles.owner_id')
    .select(['owners.email', 'site_roles.role'])
    .where('site_roles.site_id', '=', siteId)
    .where('site_roles.owner_id', '=', memberId)
    .where('site_roles.role', '<>', Role.NONE)
    .executeTakeFirst();
}

/** Voids the unused invites of an address (a new invite or a resend replaces them). */
async function voidInvites(trx: Db, siteId: string, email: string, now: Date): Promise<void> {
  await trx
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('purpose', '=', 'invite')
    .where('site_id', '=', siteId)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .execute();
}

/** Issues an invite token and queues its mail, in the caller's transaction. */
async function mailInvite(ctx: TeamContext, trx: Db, email: string, role: number): Promise<void> {
  const inviter = await trx
    .selectFrom('owners')
    .select(['email', 'display_name'])
    .where('id', '=', ctx.actorId)
    .executeTakeFirst();
  const token = await issueToken(
    trx,
    { purpose: 'invite', email, siteId: ctx.site.id, role, createdBy: ctx.actorId },
    new Date(ctx.now()),
  );
  const link = `${ctx.origin}/config/invite?token=${encodeURIComponent(token)}`;
  await ctx.mailer.enqueue(trx, [
    inviteMail(ctx.site, {
      to: email,
      role,
      link,
      inviter: inviter?.display_name || inviter?.email || 'An administrator',
    }),
  ]);
}

/**
 * Invites an address with a role: a single-use link (7 days) goes out through the outbox. An
 * address already on the team is refused (MEMBER_EXISTS); an earlier unused invite of the same
 * address is replaced by this one.
 */
export async function inviteMember(
  ctx: TeamContext,
  input: { email: string; role: number },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  if (!isValidEmail(email)) throw appError(ErrorCode.EMAIL_INVALID);
  checkRole(input.role);
  await ctx.db.transaction().execute(async (trx) => {
    await lockTeam(trx, ctx.site.id);
    const existing = await trx
      .selectFrom('site_roles')
      .innerJoin('owners', 'owners.id', 'site_roles.owner_id')
      .select('owners.id')
      .where('site_roles.site_id', '=', ctx.site.id)
      .where('owners.email', '=', email)
      .where('site_roles.role', '<>', Role.NONE)
      .executeTakeFirst();
    if (existing) throw appError(ErrorCode.MEMBER_EXISTS);
    await checkAdminRule(trx, ctx, { to: input.role });
    await voidInvites(trx, ctx.site.id, email, new Date(ctx.now()));
    await mailInvite(ctx, trx, email, input.role);
    await recordAudit(trx, {
      siteId: ctx.site.id,
      ownerId: ctx.actorId,
      action: 'team.invite',
      target: email,
      details: { role: input.role },
    });
  });
  ctx.mailer.kick();
}

/** Mails a pending (or expired) invite again with a new link; the old link stops working. */
export async function resendInvite(ctx: TeamContext, inviteId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockTeam(trx, ctx.site.id);
    const invite = await trx
      .selectFrom('auth_tokens')
      .select(['email', 'role'])
      .where('id', '=', inviteId)
      .where('purpose', '=', 'invite')
      .where('site_id', '=', ctx.site.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (!invite) throw appError(ErrorCode.NOT_FOUND);
    await checkAdminRule(trx, ctx, { to: invite.role ?? undefined });
    await voidInvites(trx, ctx.site.id, invite.email, new Date(ctx.now()));
    await mailInvite(ctx, trx, invite.email, invite.role ?? Role.VIEWER);
    await recordAudit(trx, {
      siteId: ctx.site.id,
      ownerId: ctx.actorId,
      action: 'team.invite',
      target: invite.email,
      details: { role: invite.role, resent: true },
    });
  });
  ctx.mailer.kick();
}

/** Gives a member another role; the last admin keeps theirs (LAST_ADMIN). */
export async function changeRole(ctx: TeamContext, memberId: string, role: number): Promise<void> {
  checkRole(role);
  await ctx.db.transaction().execute(async (trx) => {
    await lockTeam(trx, ctx.site.id);
    const member = await memberRow(trx, ctx.site.id, memberId);
    if (!member) throw appError(ErrorCode.NOT_FOUND);
    if (member.role === role) return;
    await checkAdminRule(trx, ctx, { from: member.role, to: role });
    if (member.role === Role.ADMIN && (await adminCount(trx, ctx.site.id)) <= 1)
      throw appError(ErrorCode.LAST_ADMIN);
    await trx
      .updateTable('site_roles')
      .set({ role })
      .where('site_id', '=', ctx.site.id)
      .where('owner_id', '=', memberId)
      .execute();
    await recordAudit(trx, {
      siteId: ctx.site.id,
      ownerId: ctx.actorId,
      action: 'team.role',
      target: member.email,
      details: { from: member.role, to: role },
    });
  });
}

/**
 * Removes a member from the website (their account stays), or revokes a pending invite when the
 * id is an invite's. The last admin cannot be removed (LAST_ADMIN).
 */
export async function removeMember(ctx: TeamContext, memberId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockTeam(trx, ctx.site.id);
    const member = await memberRow(trx, ctx.site.id, memberId);
    if (member) {
      await checkAdminRule(trx, ctx, { from: member.role });
      if (member.role === Role.ADMIN && (await adminCount(trx, ctx.site.id)) <= 1)
        throw appError(ErrorCode.LAST_ADMIN);
      await trx
        .deleteFrom('site_roles')
        .where('site_id', '=', ctx.site.id)
        .where('owner_id', '=', memberId)
        .execute();
      await recordAudit(trx, {
        siteId: ctx.site.id,
        ownerId: ctx.actorId,
        action: 'team.remove',
        target: member.email,
        details: { role: member.role },
      });
      return;
    }
    const revoked = await trx
      .updateTable('auth_tokens')
      .set({ used_at: new Date(ctx.now()) })
      .where('id', '=', memberId)
      .where('purpose', '=', 'invite')
      .where('site_id', '=', ctx.site.id)
      .where('used_at', 'is', null)
      .returning(['email', 'role'])
      .executeTakeFirst();
    if (!revoked) throw appError(ErrorCode.NOT_FOUND);
    await checkAdminRule(trx, ctx, { to: revoked.role ?? undefined });
    await recordAudit(trx, {
      siteId: ctx.site.id,
      ownerId: ctx.actorId,
      action: 'team.remove',
      target: revoked.email,
      details: { role: revoked.role, invite: true },
    });
  });
}
