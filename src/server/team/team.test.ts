import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { Role } from '../../shared/enums.js';
import { TeamApi, type MembersJson } from '../../shared/team/members.js';
import type { AuditLogPageJson } from '../../shared/team/audit.js';
import { HOST_B, SITE_A, SITE_B, seedShop } from '../cart/test-fixtures.js';
import { createOwner, grantRole, rolesOf } from '../owners/owner-service.js';

const PW = 'pw-123456789';

describeEachBackend('team: members, invites, accept-invite, audit log', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let admin: Visitor;
  let adminId: string;

  async function signIn(email: string, site: string, role: number, host = 'localhost') {
    const id = await createOwner(h.db, { email, password: PW, displayName: email });
    await grantRole(h.db, site, id, role);
    const v = new Visitor(app, host);
    const r = await v.post('/api/auth/login', { email, password: PW });
    expect(r.statusCode, r.body).toBe(200);
    return { v, id };
  }
  /** The newest invite mail to the address, and the token in its link. */
  async function invitedToken(to: string): Promise<string> {
    const mail = await h.db
      .selectFrom('outbox')
      .select(['text_body', 'kind'])
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe('team-invite');
    const m = /\/config\/invite\?token=([\w%-]+)/.exec(mail.text_body);
    expect(m, mail.text_body).toBeTruthy();
    return decodeURIComponent(m![1]!);
  }
  const list = async (v = admin) => {
    const r = await v.get(TeamApi.members(SITE_A));
    expect(r.statusCode, r.body).toBe(200);
    return r.json<MembersJson>();
  };

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    ({ app } = await buildTestApp(h));
    ({ v: admin, id: adminId } = await signIn('admin@team.test', SITE_A, Role.ADMIN));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  it('invites by mail; the new person sets a password, joins with the role and can sign in', async () => {
    const r = await admin.post(TeamApi.members(SITE_A), {
      email: ' New.Editor@Team.test ',
      role: Role.EDITOR,
    });
    expect(r.statusCode, r.body).toBe(201);
    const body = r.json<MembersJson>();
    expect(body.invites).toMatchObject([
      {
        email: 'new.editor@team.test',
        role: Role.EDITOR,
        invitedBy: 'admin@team.test',
        expired: false,
      },
    ]);
    expect(body.members.map((m) => m.email)).toEqual(['admin@team.test']);
    expect(body.members[0]!.you).toBe(true);
    const token = await invitedToken('new.editor@team.test');

    const guest = new Visitor(app);
    const page = await guest.get(`/config/invite?token=${encodeURIComponent(token)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose a password');
    expect(page.body).toContain('new.editor@team.test');

    // Too short: refused, and the link still works.
    const short = await guest.post(TeamApi.acceptInvite, { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('PASSWORD_TOO_WEAK');

    const ok = await guest.post(TeamApi.acceptInvite, { token, password: 'a-long-password' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, role: Role.EDITOR, newAccount: true });

    // Single use.
    const again = await guest.post(TeamApi.acceptInvite, { token, password: 'a-long-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TOKEN_INVALID');
    const used = await guest.get(`/config/invite?token=${encodeURIComponent(token)}`);
    expect(used.statusCode).toBe(404);
    expect(used.body).toContain('This invite cannot be used');

    const login = await guest.post('/api/auth/login', {
      email: 'new.editor@team.test',
      password: 'a-long-password',
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().roles).toEqual([Role.EDITOR]);
    const after = await list();
    expect(after.invites).toEqual([]);
    expect(after.members.find((m) => m.email === 'new.editor@team.test')?.role).toBe(Role.EDITOR);
  });

  it('an existing account joins with its password or its session, never with a wrong one', async () => {
    const other = await createOwner(h.db, {
      email: 'has-account@team.test',
      password: PW,
      displayName: 'Has Account',
    });
    await admin.post(TeamApi.members(SITE_A), {
      email: 'has-account@team.test',
      role: Role.VIEWER,
    });
    const token = await invitedToken('has-account@team.test');
    const guest = new Visitor(app);
    const page = await guest.get(`/config/invite?token=${encodeURIComponent(token)}`);
    expect(page.body).toContain('already has an account');
    const none = await guest.post(TeamApi.acceptInvite, { token });
    expect(none.statusCode).toBe(401);
    const wrong = await guest.post(TeamApi.acceptInvite, { token, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(await rolesOf(h.db, other, SITE_A)).toEqual([]);
    const right = await guest.post(TeamApi.acceptInvite, { token, password: PW });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().newAccount).toBe(false);
    expect(await rolesOf(h.db, other, SITE_A)).toEqual([Role.VIEWER]);

    // Signed in as the invited account: no password needed.
    const { v: signedIn, id } = await signIn('signed-in@team.test', SITE_B, Role.EDITOR);
    await admin.post(TeamApi.members(SITE_A), {
      email: 'signed-in@team.test',
      role: Role.STORE_MANAGER,
    });
    const t2 = await invitedToken('signed-in@team.test');
    const p2 = await signedIn.get(`/config/invite?token=${encodeURIComponent(t2)}`);
    expect(p2.body).toContain('You are signed in with this email');
    const joined = await signedIn.post(TeamApi.acceptInvite, { token: t2 });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await rolesOf(h.db, id, SITE_A)).toEqual([Role.STORE_MANAGER]);
  });

  it('the invite page form joins without JavaScript', async () => {
    await admin.post(TeamApi.members(SITE_A), { email: 'form@team.test', role: Role.MODERATOR });
    const token = await invitedToken('form@team.test');
    const guest = new Visitor(app);
    await guest.get(`/config/invite?token=${encodeURIComponent(token)}`);
    const short = await guest.request({
      method: 'POST',
      url: '/config/invite',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, password: 'short' }).toString(),
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('at least 10 characters');
    expect(short.body).toContain('Choose a password');
    const r = await guest.request({
      method: 'POST',
      url: '/config/invite',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, password: 'form-password-1' }).toString(),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).toContain('You have joined');
    expect(r.body).toContain('action="/config/login"');
    // Stopped at the input boundary (before the website is known): the page, not a 500 (fuzz).
    const bad = await guest.request({
      method: 'POST',
      url: '/config/invite?raw=%00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, password: 'form-password-1' }).toString(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('text/html');
  });

  it('refuses bad invites with clear 4xx and writes nothing', async () => {
    const before = await list();
    const bad = [
      [{ email: 'not-an-email', role: Role.EDITOR }, 'EMAIL_INVALID'],
      [{ email: 'x@team.test', role: Role.NONE }, 'ROLE_INVALID'],
      [{ email: 'x@team.test', role: Role.COMMENTER }, 'ROLE_INVALID'],
      [{ email: 'admin@team.test', role: Role.EDITOR }, 'MEMBER_EXISTS'],
    ] as const;
    for (const [body, code] of bad) {
      const r = await admin.post(TeamApi.members(SITE_A), body);
      expect(r.statusCode, r.body).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
      expect(r.json().error.code).toBe(code);
    }
    expect(await list()).toEqual(before);
  });

  it('another website id answers 404, existing or not; roles without settings get 403', async () => {
    for (const id of [SITE_B, 'no-such-site']) {
      const r = await admin.get(TeamApi.members(id));
      expect(r.statusCode).toBe(404);
      const p = await admin.post(TeamApi.members(id), { email: 'z@team.test', role: Role.EDITOR });
      expect(p.statusCode).toBe(404);
    }
    const { v: editor } = await signIn('plain-editor@team.test', SITE_A, Role.EDITOR);
    expect((await editor.get(TeamApi.members(SITE_A))).statusCode).toBe(403);
    expect((await editor.get(TeamApi.auditLog)).statusCode).toBe(403);
    // An invite made on one website cannot be accepted on another.
    await admin.post(TeamApi.members(SITE_A), { email: 'cross@team.test', role: Role.EDITOR });
    const token = await invitedToken('cross@team.test');
    const r = await new Visitor(app, HOST_B).post(TeamApi.acceptInvite, {
      token,
      password: 'a-long-password',
    });
    expect(r.json().error.code).toBe('TOKEN_INVALID');
  });

  it('changes roles, removes members, revokes and resends invites; the last admin stays', async () => {
    const { id: memberId } = await signIn('member@team.test', SITE_A, Role.EDITOR);
    const put = await admin.put(TeamApi.member(SITE_A, memberId), { role: Role.WEBSITE_MANAGER });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<MembersJson>().members.find((m) => m.id === memberId)?.role).toBe(
      Role.WEBSITE_MANAGER,
    );
    const badRole = await admin.put(TeamApi.member(SITE_A, memberId), { role: 999 });
    expect(badRole.json().error.code).toBe('ROLE_INVALID');

    // The only admin can neither demote nor remove themselves.
    const demote = await admin.put(TeamApi.member(SITE_A, adminId), { role: Role.EDITOR });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe('LAST_ADMIN');
    const remove = await admin.delete(TeamApi.member(SITE_A, adminId));
    expect(remove.json().error.code).toBe('LAST_ADMIN');
    expect(await rolesOf(h.db, adminId, SITE_A)).toEqual([Role.ADMIN]);

    // Pending invite: resend replaces the link; revoke ends it.
    await admin.post(TeamApi.members(SITE_A), { email: 'pending@team.test', role: Role.VIEWER });
    const first = await invitedToken('pending@team.test');
    const invite = (await list()).invites.find((i) => i.email === 'pending@team.test')!;
    const resent = await admin.post(TeamApi.resend(SITE_A, invite.id));
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await invitedToken('pending@team.test');
    expect(second).not.toBe(first);
    const stale = await new Visitor(app).post(TeamApi.acceptInvite, {
      token: first,
      password: 'a-long-password',
    });
    expect(stale.json().error.code).toBe('TOKEN_INVALID');
    const newId = (await list()).invites.find((i) => i.email === 'pending@team.test')!.id;
    const revoked = await admin.delete(TeamApi.member(SITE_A, newId));
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<MembersJson>().invites.some((i) => i.email === 'pending@team.test')).toBe(
      false,
    );
    const late = await new Visitor(app).post(TeamApi.acceptInvite, {
      token: second,
      password: 'a-long-password',
    });
    expect(late.json().error.code).toBe('TOKEN_INVALID');

    const gone = await admin.delete(TeamApi.member(SITE_A, memberId));
    expect(gone.statusCode).toBe(200);
    expect(await rolesOf(h.db, memberId, SITE_A)).toEqual([]);
    expect((await admin.delete(TeamApi.member(SITE_A, memberId))).statusCode).toBe(404);
  });

  it('only an admin gives, changes or takes away the admin role', async () => {
    const { v: manager } = await signIn('manager@team.test', SITE_A, Role.WEBSITE_MANAGER);
    const { id: managerId } = {
      id: (await list()).members.find((m) => m.email === 'manager@team.test')!.id,
    };
    const self = await manager.put(TeamApi.member(SITE_A, managerId), { role: Role.ADMIN });
    expect(self.json().error.code).toBe('ROLE_INVALID');
    const invite = await manager.post(TeamApi.members(SITE_A), {
      email: 'want-admin@team.test',
      role: Role.ADMIN,
    });
    expect(invite.json().error.code).toBe('ROLE_INVALID');
    const demote = await manager.put(TeamApi.member(SITE_A, adminId), { role: Role.VIEWER });
    expect(demote.statusCode).toBe(403);
    expect((await manager.delete(TeamApi.member(SITE_A, adminId))).statusCode).toBe(403);
    // Other roles are theirs to give.
    const ok = await manager.post(TeamApi.members(SITE_A), {
      email: 'by-manager@team.test',
      role: Role.EDITOR,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await rolesOf(h.db, adminId, SITE_A)).toEqual([Role.ADMIN]);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const a = await signIn('race-a@team.test', SITE_B, Role.ADMIN, HOST_B);
    const b = await signIn('race-b@team.test', SITE_B, Role.ADMIN, HOST_B);
    const [ra, rb] = await Promise.all([
      a.v.put(TeamApi.member(SITE_B, b.id), { role: Role.EDITOR }),
      b.v.put(TeamApi.member(SITE_B, a.id), { role: Role.EDITOR }),
    ]);
    const codes = [ra.statusCode, rb.statusCode].sort();
    // One wins; the other is refused (LAST_ADMIN) or, having lost its role first, forbidden.
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await h.db
      .selectFrom('site_roles')
      .select('owner_id')
      .where('site_id', '=', SITE_B)
      .where('role', '=', Role.ADMIN)
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('only roles that manage the team read invite mails in the outbox', async () => {
    await admin.post(TeamApi.members(SITE_A), { email: 'secret@team.test', role: Role.ADMIN });
    const { v: viewer } = await signIn('outbox-viewer@team.test', SITE_A, Role.VIEWER);
    const kinds = async (v: Visitor) =>
      (await v.get('/api/mail/outbox?pageSize=100'))
        .json<{ items: { kind: string }[] }>()
        .items.map((m) => m.kind);
    expect(await kinds(admin)).toContain('team-invite');
    expect(await kinds(viewer)).not.toContain('team-invite');
  });

  it('the audit log lists team changes newest first, paged, with who and what', async () => {
    const first = await admin.get(`${TeamApi.auditLog}?limit=3`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<AuditLogPageJson>();
    expect(page.items).toHaveLength(3);
    expect(page.nextCursor).toBeTruthy();
    const all: AuditLogPageJson['items'] = [...page.items];
    let cursor = page.nextCursor;
    while (cursor) {
      const r = await admin.get(`${TeamApi.auditLog}?limit=3&before=${encodeURIComponent(cursor)}`);
      const p = r.json<AuditLogPageJson>();
      all.push(...p.items);
      cursor = p.nextCursor;
    }
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const times = all.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const actions = new Set(all.map((e) => e.action));
    for (const a of ['team.invite', 'team.join', 'team.role', 'team.remove'])
      expect(actions).toContain(a);
    expect(
      all.find((e) => e.action === 'team.join' && e.target === 'new.editor@team.test'),
    ).toMatchObject({
      actorEmail: 'new.editor@team.test',
      details: { role: Role.EDITOR },
    });
    expect(all.find((e) => e.action === 'team.role')).toMatchObject({
      actorEmail: 'admin@team.test',
      target: 'member@team.test',
    });
    // Website B's entries stay there.
    expect(all.some((e) => e.target.startsWith('race-'))).toBe(false);
  });
});
