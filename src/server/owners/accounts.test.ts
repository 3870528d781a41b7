import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { createOwner, grantRole } from './owner-service.js';
import { totpCode } from './totp.js';
import { OwnerMessages } from '../../shared/errors.js';
import { Role } from '../../shared/enums.js';

async function addSite(h: DatabaseHandle, id: string, slug: string) {
  await h.db
    .insertInto('sites')
    .values({ id, slug, domain: null, title: 'Demo Shop', settings: '{"navigation":[]}' as never })
    .execute();
}

describeEachBackend('accounts: sign-up, verification, reset, two-step sign-in', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  // The fake clock every rule reads (tokens, sessions, TOTP steps, rate-limit windows).
  let clock = Date.UTC(2026, 10, 28, 12, 0, 0);
  let ip = 0;
  /** A visitor from its own address, so one test's attempts leave the others' limits alone. */
  const visitor = () => {
    const v = new Visitor(app);
    const from = `10.16.${kind === 'pglite' ? 1 : 2}.${++ip}`;
    const post = v.post.bind(v);
    v.post = (url, payload, headers = {}) =>
      post(url, payload, { 'x-forwarded-for': from, ...headers });
    return v;
  };

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await addSite(h, 's1', 'demo');
    ({ app } = await buildTestApp(h, { now: () => clock }));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  const mails = (to: string, kind?: string) =>
    h.db
      .selectFrom('outbox')
      .select(['kind', 'subject', 'text_body', 'html_body', 'site_id'])
      .where('to_address', '=', to)
      .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
      .orderBy('id')
      .execute();
  const tokenIn = (text: string, path: string) =>
    new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? '';
  const owner = (email: string) =>
    h.db.selectFrom('owners').selectAll().where('email', '=', email).executeTakeFirst();

  it('signs up, mails a link, refuses sign-in until verified, and the link signs in once', async () => {
    const v = visitor();
    const res = await v.post('/api/auth/signup', {
      email: 'New@Example.test',
      password: 'long-password-1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const row = await owner('new@example.test');
    expect(row?.email_verified_at).toBeNull();
    const [mail, ...more] = await mails('new@example.test');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'account-verify',
      subject: 'Confirm your email address',
      site_id: 's1',
    });
    expect(mail!.text_body).toContain('http://localhost:3000/config/verify?token=');
    const token = tokenIn(mail!.text_body, '/config/verify');
    expect(mail!.html_body).toContain(token);

    const early = await v.post('/api/auth/login', {
      email: 'new@example.test',
      password: 'long-password-1',
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      email: 'new@example.test',
    });
    // A wrong password says nothing about verification.
    const wrong = await v.post('/api/auth/login', {
      email: 'new@example.test',
      password: 'nope-nope-nope',
    });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');

    // Opening the link only asks (mail scanners fetch links): the token is still good after.
    const landing = await v.get(`/config/verify?token=${token}`);
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('Confirm and continue');
    expect(landing.headers['cache-control']).toBe('no-store');

    const ok = await v.post('/api/auth/verify', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, signedIn: true, roles: [] });
    expect(v.cookies.get('sid')).toBeTruthy();
    expect((await v.get('/api/auth/me')).json()).toMatchObject({
      signedIn: true,
      email: 'new@example.test',
      roles: [],
    });
    expect((await owner('new@example.test'))?.email_verified_at).toBeInstanceOf(Date);
    // An owner without a role here gets the dashboard shell (which says what to do), no error.
    const home = await v.get('/config');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('no role on this website');

    const again = await visitor().post('/api/auth/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TOKEN_INVALID');
    const login = await visitor().post('/api/auth/login', {
      email: 'new@example.test',
      password: 'long-password-1',
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers an existing address the same, mailing its owner instead of changing anything', async () => {
    await createOwner(h.db, {
      email: 'taken@example.test',
      password: 'original-pw-1',
      displayName: 'T',
    });
    const before = await owner('taken@example.test');
    const res = await visitor().post('/api/auth/signup', {
      email: 'taken@example.test',
      password: 'attacker-pw-1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect((await owner('taken@example.test'))?.password_hash).toBe(before?.password_hash);
    const [mail] = await mails('taken@example.test');
    expect(mail).toMatchObject({ kind: 'account-exists', subject: 'You already have an account' });
    expect(mail!.text_body).toContain('http://localhost:3000/config/forgot');
    expect(mail!.text_body).not.toContain('token=');
  });

  it('gives a second sign-up of an unverified address the new password and the only working link', async () => {
    const v = visitor();
    await v.post('/api/auth/signup', { email: 'twice@example.test', password: 'first-password' });
    await v.post('/api/auth/signup', { email: 'twice@example.test', password: 'second-password' });
    const [first, second] = await mails('twice@example.test', 'account-verify');
    const t1 = tokenIn(first!.text_body, '/config/verify');
    const t2 = tokenIn(second!.text_body, '/config/verify');
    expect((await v.post('/api/auth/verify', { token: t1 })).statusCode).toBe(400);
    expect((await v.post('/api/auth/verify', { token: t2 })).statusCode).toBe(200);
    const old = await visitor().post('/api/auth/login', {
      email: 'twice@example.test',
      password: 'first-password',
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses bad sign-ups with a 4xx and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await h.db
            .selectFrom('owners')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await count();
    const v = visitor();
    const weak = await v.post('/api/auth/signup', {
      email: 'weak@example.test',
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('PASSWORD_TOO_WEAK');
    for (const email of ['no-at-sign', 'a@b', '"x"@y.co', 'a b@c.co', 'x@y.co\r\nBcc: z@z.co']) {
      const bad = await v.post('/api/auth/signup', { email, password: 'long-enough-pw' });
      expect(bad.statusCode, email).toBe(400);
    }
    expect(await count()).toBe(n);
    expect(await mails('weak@example.test')).toEqual([]);
  });

  it('answers SIGNUP_DISABLED when the server does not allow sign-up', async () => {
    const closed = (await buildTestApp(h, { config: { allowSignup: false } })).app;
    try {
      const v = new Visitor(closed);
      const res = await v.post(
        '/api/auth/signup',
        { email: 'closed@example.test', password: 'long-password-1' },
        { 'x-forwarded-for': '10.17.0.1' },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('SIGNUP_DISABLED');
      const page = await v.get('/config/signup');
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain(OwnerMessages.SIGNUP_DISABLED);
      expect((await v.get('/config/login')).body).not.toContain('Create an account');
      expect(await owner('closed@example.test')).toBeUndefined();
    } finally {
      await closed.close();
    }
  });

  it('expires verification links after 48 hours (fake clock)', async () => {
    const v = visitor();
    await v.post('/api/auth/signup', { email: 'late@example.test', password: 'long-password-1' });
    const [mail] = await mails('late@example.test');
    const token = tokenIn(mail!.text_body, '/config/verify');
    clock += 48 * 3600_000 + 1000;
    const res = await v.post('/api/auth/verify', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('TOKEN_INVALID');
    // The refusal offers a new link: resend answers 202 and mails one that works.
    const resend = await v.post('/api/auth/verify/resend', { email: 'late@example.test' });
    expect(resend.statusCode).toBe(202);
    const latest = (await mails('late@example.test', 'account-verify')).at(-1)!;
    expect(
      (await v.post('/api/auth/verify', { token: tokenIn(latest.text_body, '/config/verify') }))
        .statusCode,
    ).toBe(200);
    // Resending to a verified or unknown address mails nothing and answers the same.
    expect(
      (await v.post('/api/auth/verify/resend', { email: 'late@example.test' })).statusCode,
    ).toBe(202);
    expect(
      (await v.post('/api/auth/verify/resend', { email: 'ghost@example.test' })).statusCode,
    ).toBe(202);
    expect(await mails('late@example.test', 'account-verify')).toHaveLength(2);
    expect(await mails('ghost@example.test')).toEqual([]);
  });

  it('resets a password by a single-use, expiring link and ends the other sessions', async () => {
    await createOwner(h.db, {
      email: 'reset@example.test',
      password: 'old-password-1',
      displayName: 'R',
    });
    const elsewhere = visitor();
    expect(
      (
        await elsewhere.post('/api/auth/login', {
          email: 'reset@example.test',
          password: 'old-password-1',
        })
      ).statusCode,
    ).toBe(200);

    const v = visitor();
    const unknown = await v.post('/api/auth/password-reset', { email: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(202);
    expect(await mails('nobody@example.test')).toEqual([]);
    const known = await v.post('/api/auth/password-reset', { email: 'Reset@Example.test' });
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const [mail] = await mails('reset@example.test', 'password-reset');
    const token = tokenIn(mail!.text_body, '/config/reset');
    expect(token).not.toBe('');

    // A weak password is refused without using the link up.
    const weak = await v.post('/api/auth/password-reset/confirm', { token, password: 'short' });
    expect(weak.json().error.code).toBe('PASSWORD_TOO_WEAK');
    const ok = await v.post('/api/auth/password-reset/confirm', {
      token,
      password: 'new-password-1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).json()).toEqual({ signedIn: false });
    expect((await mails('reset@example.test', 'password-changed')).length).toBe(1);
    const reuse = await v.post('/api/auth/password-reset/confirm', {
      token,
      password: 'other-password-1',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.code).toBe('TOKEN_INVALID');
    expect(
      (
        await visitor().post('/api/auth/login', {
          email: 'reset@example.test',
          password: 'old-password-1',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await visitor().post('/api/auth/login', {
          email: 'reset@example.test',
          password: 'new-password-1',
        })
      ).statusCode,
    ).toBe(200);

    // A newer link voids the older one; a link is good for one hour.
    await v.post('/api/auth/password-reset', { email: 'reset@example.test' });
    await v.post('/api/auth/password-reset', { email: 'reset@example.test' });
    const [, older, newer] = await mails('reset@example.test', 'password-reset');
    const tOld = tokenIn(older!.text_body, '/config/reset');
    const tNew = tokenIn(newer!.text_body, '/config/reset');
    expect(
      (await v.post('/api/auth/password-reset/confirm', { token: tOld, password: 'x-password-12' }))
        .statusCode,
    ).toBe(400);
    clock += 3600_000 + 1000;
    const expired = await v.post('/api/auth/password-reset/confirm', {
      token: tNew,
      password: 'x-password-12',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('TOKEN_INVALID');
  });

  it('limits the mail one address gets: 5 an hour', async () => {
    await createOwner(h.db, {
      email: 'flood@example.test',
      password: 'flood-password',
      displayName: 'F',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await visitor().post('/api/auth/password-reset', { email: 'flood@example.test' }))
          .statusCode,
      );
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(await mails('flood@example.test')).toHaveLength(5);
  });

  it('turns on two-step sign-in and then asks for a code, never saying which part was wrong', async () => {
    const id = await createOwner(h.db, {
      email: 'totp@example.test',
      password: 'totp-password-1',
      displayName: 'T',
    });
    await grantRole(h.db, 's1', id, Role.ADMIN);
    const me = visitor();
    expect(
      (
        await me.post('/api/auth/login', {
          email: 'totp@example.test',
          password: 'totp-password-1',
        })
      ).statusCode,
    ).toBe(200);
    expect((await me.get('/api/account/security')).json()).toEqual({
      email: 'totp@example.test',
      totpEnabled: false,
      recoveryCodesLeft: 0,
    });

    const enrol = await me.post('/api/account/totp/enrol');
    expect(enrol.statusCode).toBe(200);
    const { secret, otpauthUri, qrSvg } = enrol.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toContain('<svg');
    const wrong = await me.post('/api/account/totp/confirm', {
      code: '000000' === totpCode(secret, clock) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('TOTP_INVALID');
    const confirmed = await me.post('/api/account/totp/confirm', { code: totpCode(secret, clock) });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await owner('totp@example.test');
    expect(JSON.stringify(stored?.recovery_code_hashes)).not.toContain(codes[0]!.replace('-', ''));
    expect((await me.get('/api/account/security')).json()).toMatchObject({
      totpEnabled: true,
      recoveryCodesLeft: 10,
    });

    // Step one: the same answer whether the password is right or not.
    const v = visitor();
    const right = await v.post('/api/auth/login', {
      email: 'totp@example.test',
      password: 'totp-password-1',
    });
    const wrongPw = await v.post('/api/auth/login', {
      email: 'totp@example.test',
      password: 'not-the-password',
    });
    for (const r of [right, wrongPw]) {
      expect(r.statusCode).toBe(401);
      expect(r.json().error.code).toBe('TOTP_REQUIRED');
      expect(typeof r.json().error.challenge).toBe('string');
    }
    expect(v.cookies.has('sid')).toBe(false);

    // Step two with the wrong password's challenge and a right code: refused, code not used up.
    clock += 30_000;
    const code = totpCode(secret, clock);
    const bad = await v.post('/api/auth/login', {
      challenge: wrongPw.json().error.challenge,
      code,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'TOTP_INVALID',
      message: OwnerMessages.SIGN_IN_CODE_FAILED,
    });
    // Right password, wrong code: the very same answer.
    const badCode = await v.post('/api/auth/login', {
      challenge: right.json().error.challenge,
      code: code === '123456' ? '654321' : '123456',
    });
    expect(badCode.json()).toEqual(bad.json());
    const good = await v.post('/api/auth/login', { challenge: right.json().error.challenge, code });
    expect(good.statusCode).toBe(200);
    expect(v.cookies.get('sid')).toBeTruthy();

    // The same code again (replay within its window) fails; email, password and code in one go work.
    const replay = await visitor().post('/api/auth/login', {
      email: 'totp@example.test',
      password: 'totp-password-1',
      code,
    });
    expect(replay.statusCode).toBe(400);
    clock += 30_000;
    const oneGo = await visitor().post('/api/auth/login', {
      email: 'totp@example.test',
      password: 'totp-password-1',
      code: totpCode(secret, clock),
    });
    expect(oneGo.statusCode).toBe(200);

    // A recovery code works once, in any case and without its dash.
    const rc = codes[3]!;
    const withRecovery = await visitor().post('/api/auth/login', {
      email: 'totp@example.test',
      password: 'totp-password-1',
      code: rc.replace('-', '').toUpperCase(),
    });
    expect(withRecovery.statusCode).toBe(200);
    expect(
      (
        await visitor().post('/api/auth/login', {
          email: 'totp@example.test',
          password: 'totp-password-1',
          code: rc,
        })
      ).statusCode,
    ).toBe(400);
    expect((await me.get('/api/account/security')).json()).toMatchObject({ recoveryCodesLeft: 9 });

    // A challenge expires after 5 minutes.
    const slow = await visitor().post('/api/auth/login', {
      email: 'totp@example.test',
      password: 'totp-password-1',
    });
    clock += 5 * 60_000 + 1000;
    const late = await visitor().post('/api/auth/login', {
      challenge: slow.json().error.challenge,
      code: totpCode(secret, clock),
    });
    expect(late.json().error).toMatchObject({
      code: 'TOTP_INVALID',
      message: OwnerMessages.SIGN_IN_EXPIRED,
    });

    // Turning it off needs a code; then the password alone signs in again. (A new window of
    // code attempts: this account has used its 10 a quarter hour.)
    clock += 15 * 60_000;
    expect((await me.post('/api/account/totp/disable', { code: '12' })).statusCode).toBe(400);
    clock += 30_000;
    expect(
      (await me.post('/api/account/totp/disable', { code: totpCode(secret, clock) })).statusCode,
    ).toBe(200);
    expect(
      (
        await visitor().post('/api/auth/login', {
          email: 'totp@example.test',
          password: 'totp-password-1',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('limits code attempts per account, from any address', async () => {
    const id = await createOwner(h.db, {
      email: 'guess@example.test',
      password: 'guess-password',
      displayName: 'G',
    });
    await h.db
      .updateTable('owners')
      .set({ totp_secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', totp_enabled_at: new Date(clock) })
      .where('id', '=', id)
      .execute();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await visitor().post('/api/auth/login', {
        email: 'guess@example.test',
        password: 'guess-password',
        code: String(100000 + i),
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('keeps the account routes to signed-in owners', async () => {
    const v = visitor();
    for (const [method, url] of [
      ['GET', '/api/account/security'],
      ['POST', '/api/account/totp/enrol'],
    ] as const) {
      const res = await v.request({ method, url, headers: { 'x-forwarded-for': '10.18.0.1' } });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('runs every flow as plain form posts, without JavaScript', async () => {
    const crumbIn = (html: string) => /name="crumb" value="([^"]*)"/.exec(html)?.[1] ?? '';
    const v = visitor();
    const form = (url: string, fields: Record<string, string>) =>
      v.request({
        method: 'POST',
        url,
        crumb: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '10.19.0.1',
        },
        payload: new URLSearchParams(fields).toString(),
      });
    const signupPage = await v.get('/config/signup');
    expect(signupPage.statusCode).toBe(200);
    expect(signupPage.body).toContain('action="/config/signup"');
    const crumb = crumbIn(signupPage.body);
    const weak = await form('/config/signup', {
      crumb,
      email: 'form@example.test',
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.headers['content-type']).toContain('text/html');
    expect(weak.body).toContain(OwnerMessages.PASSWORD_TOO_WEAK);
    expect(weak.body).toContain('value="form@example.test"');
    const sent = await form('/config/signup', {
      crumb,
      email: 'form@example.test',
      password: 'form-password-1',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Check your email');

    // Sign-in before verifying offers to send the link again.
    const early = await form('/config/login', {
      crumb,
      email: 'form@example.test',
      password: 'form-password-1',
      next: '/config',
    });
    expect(early.statusCode).toBe(403);
    expect(early.body).toContain(OwnerMessages.EMAIL_NOT_VERIFIED);
    expect(early.body).toContain('action="/config/verify/resend"');

    const [mail] = await mails('form@example.test');
    const token = tokenIn(mail!.text_body, '/config/verify');
    const landing = await v.get(`/config/verify?token=${token}`);
    expect(landing.body).toContain(`name="token" value="${token}"`);
    const verified = await form('/config/verify', { crumb: crumbIn(landing.body), token });
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toBe('/config');
    expect((await v.get('/config')).body).toContain(
      'Signed in as <strong>form@example.test</strong>',
    );
    const used = await form('/config/verify', { crumb: v.cookies.get('crumb')!, token });
    expect(used.statusCode).toBe(400);
    expect(used.body).toContain(OwnerMessages.TOKEN_INVALID);

    // Forgot password, then the reset page.
    const w = visitor();
    const forgotPage = await w.get('/config/forgot');
    const wForm = (url: string, fields: Record<string, string>) =>
      w.request({
        method: 'POST',
        url,
        crumb: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '10.19.0.2',
        },
        payload: new URLSearchParams(fields).toString(),
      });
    const asked = await wForm('/config/forgot', {
      crumb: crumbIn(forgotPage.body),
      email: 'form@example.test',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Check your email');
    const [reset] = await mails('form@example.test', 'password-reset');
    const rToken = tokenIn(reset!.text_body, '/config/reset');
    const resetPage = await w.get(`/config/reset?token=${rToken}`);
    expect(resetPage.body).toContain('action="/config/reset"');
    const done = await wForm('/config/reset', {
      crumb: crumbIn(resetPage.body),
      token: rToken,
      password: 'changed-password',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/config/login?notice=reset');
    expect((await w.get('/config/login?notice=reset')).body).toContain('Your password was changed');
    // A notice name that is no notice of ours (an Object method the fuzz found) shows none.
    for (const name of ['toString', 'constructor', '__proto__', 'nope']) {
      const page = await w.get(`/config/login?notice=${name}`);
      expect(page.statusCode, name).toBe(200);
      expect(page.body).not.toContain('id="login-notice"');
    }
    // The reset ended the sign-in the verification had started.
    expect((await v.get('/api/auth/me')).json()).toEqual({ signedIn: false });
  });

  it('says a refusal of the input boundary on the page too (no website looked up yet)', async () => {
    for (const url of [
      '/config/login?raw=%00',
      '/config/signup?raw=%00',
      '/config/forgot?raw=%00',
    ]) {
      const res = await visitor().request({
        method: 'POST',
        url,
        crumb: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40b.co',
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('id="login-error"');
    }
  });

  it('asks for the code on its own page in a two-step sign-in without JavaScript', async () => {
    await createOwner(h.db, {
      email: 'form2@example.test',
      password: 'form2-password',
      displayName: 'F',
    });
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    await h.db
      .updateTable('owners')
      .set({ totp_secret: secret, totp_enabled_at: new Date(clock) })
      .where('email', '=', 'form2@example.test')
      .execute();
    const v = visitor();
    const crumbIn = (html: string) => /name="crumb" value="([^"]*)"/.exec(html)?.[1] ?? '';
    const crumb = crumbIn((await v.get('/config/login')).body);
    const form = (fields: Record<string, string>) =>
      v.request({
        method: 'POST',
        url: '/config/login',
        crumb: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '10.19.0.3',
        },
        payload: new URLSearchParams({ crumb, next: '/config', ...fields }).toString(),
      });
    const step = await form({ email: 'form2@example.test', password: 'form2-password' });
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('Two-step sign-in');
    expect(step.body).toContain('autocomplete="one-time-code"');
    expect(step.body).not.toContain('form2-password');
    const challenge = /name="challenge" value="([^"]*)"/.exec(step.body)![1]!;
    clock += 30_000;
    const wrong = await form({
      challenge,
      code: totpCode(secret, clock) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(OwnerMessages.SIGN_IN_CODE_FAILED);
    expect(wrong.body).toContain('id="password"');
    // It starts over with the address typed in step one.
    expect(wrong.body).toContain('value="form2@example.test"');
    const ok = await form({ challenge, code: totpCode(secret, clock) });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/config');
  });
});
