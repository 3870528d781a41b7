import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { createOwner, grantRole, ownerEmailsOfSite, rolesOf } from './owner-service.js';
import { Messages } from '../../shared/errors.js';
import { Role } from '../../shared/enums.js';

async function addSite(h: DatabaseHandle, id: string, slug: string, domain: string | null = null) {
  await h.db
    .insertInto('sites')
    .values({
      id,
      slug,
      domain,
      title: slug,
      settings: JSON.stringify({ navigation: [] }) as never,
    })
    .execute();
}

describeEachBackend('owner sign-in, crumb and site by host', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await addSite(h, 's1', 'demo');
    await addSite(h, 's2', 'other', 'shop.example.com');
    const owner = await createOwner(h.db, {
      email: 'Owner@Demo.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(h.db, 's1', owner, Role.ADMIN);
    ({ app } = await buildTestApp(h));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  it('chooses the website by host and gives unknown hosts a 404 page', async () => {
    const unknown = await app.inject({
      url: '/config/login',
      headers: { host: 'nope.example.org' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No such website');
    const api = await app.inject({ url: '/api/auth/me', headers: { host: 'nope.localhost' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NO_SUCH_WEBSITE');
    for (const host of ['localhost:3000', 'other.localhost', 'shop.example.com', '127.0.0.1']) {
      const res = await app.inject({ url: '/api/auth/me', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it('refuses a mutating request without a crumb, with the SPEC 8.1 texts', async () => {
    const noCookies = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: 'localhost' },
    });
    expect(noCookies.statusCode).toBe(403);
    expect(noCookies.json().message).toBe(Messages.COOKIES_DISABLED);

    const v = new Visitor(app);
    await v.get('/api/auth/me');
    const forged = await v.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-csrf-token': 'abc.def' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(Messages.SESSION_EXPIRED);

    const crossSite = await v.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await v.post('/api/auth/logout')).statusCode).toBe(200);
  });

  it('signs an owner in and out with a session cookie bound to a fresh crumb', async () => {
    const v = new Visitor(app);
    const bad = await v.post('/api/auth/login', { email: 'owner@demo.test', password: 'wrong' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('INVALID_CREDENTIALS');
    const crumbBefore = v.cookies.get('crumb');
    const ok = await v.post('/api/auth/login', { email: 'owner@demo.test', password: 'pw-123456' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().roles).toEqual([Role.ADMIN]);
    const sid = ok.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    const hint = ok.cookies.find((c) => c.name === 'ss_auth');
    expect(hint?.value).toBe(String(Role.ADMIN));
    expect(hint?.httpOnly).toBeFalsy();
    expect(v.cookies.get('ss_auth')).toBe(String(Role.ADMIN));
    expect(v.cookies.get('crumb')).not.toBe(crumbBefore);
    expect((await v.get('/api/auth/me')).json()).toMatchObject({
      signedIn: true,
      email: 'owner@demo.test',
    });
    // The old anonymous crumb is no longer valid for the signed-in session.
    const stale = await v.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-csrf-token': crumbBefore! },
    });
    expect(stale.statusCode).toBe(403);
    expect((await v.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await v.get('/api/auth/me')).json()).toEqual({ signedIn: false });
    expect(v.cookies.has('ss_auth')).toBe(false);
  });

  it('signs in without JavaScript: the served form carries the crumb', async () => {
    const crumbIn = (html: string) => /name="crumb" value="([^"]*)"/.exec(html)?.[1] ?? '';
    const v = new Visitor(app);
    const page = await v.get('/config/login');
    expect(page.statusCode).toBe(200);
    // The form holds this visitor's crumb, so no cache may keep or share it.
    expect(page.headers['cache-control']).toBe('no-store');
    const crumb = crumbIn(page.body);
    expect(crumb).not.toBe('');
    expect(crumb).toBe(v.cookies.get('crumb'));
    // A visitor that already has a valid crumb gets that one; another visitor gets its own.
    expect(crumbIn((await v.get('/config/login')).body)).toBe(crumb);
    const other = new Visitor(app);
    expect(crumbIn((await other.get('/config/login')).body)).not.toBe(crumb);

    // The page's form posts to its own address.
    expect(page.body).toContain('action="/config/login"');
    const form = (password: string, formCrumb = crumb) =>
      v.request({
        method: 'POST',
        url: '/config/login',
        crumb: false,
        // Its own client address, so these attempts leave the rate-limit test's budget alone.
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '10.7.0.1',
        },
        payload: new URLSearchParams({
          crumb: formCrumb,
          next: '/config',
          email: 'owner@demo.test',
          password,
        }).toString(),
      });
    // A wrong password shows the form again, still carrying a crumb that works.
    const wrong = await form('nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['cache-control']).toBe('no-store');
    expect(crumbIn(wrong.body)).toBe(crumb);
    expect(wrong.body).toContain('id="login-error"');
    // A stale crumb is said on the page too: never a JSON body in the browser.
    const stale = await form('pw-123456', 'stale');
    expect(stale.statusCode).toBe(403);
    expect(stale.headers['content-type']).toContain('text/html');
    expect(stale.body).toContain('id="login-error"');
    const res = await form('pw-123456');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/config');
    expect((await v.get('/config')).body).toContain('Signed in as');
  });

  it('accepts the crumb as a form field and redirects a form sign-in', async () => {
    const v = new Visitor(app);
    await v.get('/config/login');
    const crumb = v.cookies.get('crumb')!;
    const res = await v.request({
      method: 'POST',
      url: '/api/auth/login',
      crumb: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=owner%40demo.test&password=pw-123456&next=%2Fconfig&crumb=${encodeURIComponent(crumb)}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/config');
    expect((await v.get('/config')).body).toContain('Signed in as');
  });

  it("grants nothing for SPEC 3.10's 'none' role (14)", async () => {
    const none = await createOwner(h.db, {
      email: 'none@demo.test',
      password: 'pw-123456',
      displayName: 'N',
    });
    await grantRole(h.db, 's1', none, Role.NONE);
    const v = new Visitor(app);
    const login = await v.post('/api/auth/login', {
      email: 'none@demo.test',
      password: 'pw-123456',
    });
    expect(login.statusCode).toBe(200);
    const outbox = await v.get('/api/mail/outbox');
    expect(outbox.statusCode).toBe(403);
    expect(outbox.json().error.code).toBe('FORBIDDEN');
    expect(await ownerEmailsOfSite(h.db, 's1')).toEqual(['owner@demo.test']);
    expect(await rolesOf(h.db, none, 's1')).toEqual([]);
    // The same owner with a real role is let in.
    await grantRole(h.db, 's1', none, Role.VIEWER);
    expect((await v.get('/api/mail/outbox')).statusCode).toBe(200);
  });

  it('marks cookies Secure over HTTPS: X-Forwarded-Proto counts only with TRUST_PROXY', async () => {
    const secureOf = async (trustProxy: boolean, headers: Record<string, string>) => {
      const built = (await buildTestApp(h, { config: { trustProxy, secureCookies: false } })).app;
      try {
        const v = new Visitor(built);
        const page = await v.get('/api/auth/me', headers);
        const login = await v.post(
          '/api/auth/login',
          { email: 'owner@demo.test', password: 'pw-123456' },
          headers,
        );
        expect(login.statusCode).toBe(200);
        const cookies = [...page.cookies, ...login.cookies] as { name: string; secure?: boolean }[];
        expect(cookies.map((c) => c.name).sort()).toEqual(['crumb', 'crumb', 'sid', 'ss_auth']);
        return cookies.map((c) => c.secure === true);
      } finally {
        await built.close();
      }
    };
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.9.0.1' };
    expect(await secureOf(true, https)).toEqual([true, true, true, true]);
    // Without a trusted proxy the header is the client's word, and plain HTTP stays plain.
    expect(await secureOf(false, https)).toEqual([false, false, false, false]);
    expect(await secureOf(true, { 'x-forwarded-for': '10.9.0.2' })).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so limits cannot be dodged', async () => {
    const strict = (await buildTestApp(h, { config: { trustProxy: false } })).app;
    try {
      const v = new Visitor(strict, 'other.localhost');
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await v.post(
          '/api/auth/login',
          { email: 'x@y.zz', password: 'nope' },
          { 'x-forwarded-for': `10.0.0.${i}` },
        );
        statuses.push(res.statusCode);
      }
      expect(statuses).toContain(429);
    } finally {
      await strict.close();
    }
  });

  it('rate-limits sign-in attempts', async () => {
    const v = new Visitor(app, 'other.localhost');
    const statuses: number[] = [];
    // Its own address: limits are shared by every app on the database (the strict app above
    // spent 127.0.0.1's).
    const from = { 'x-forwarded-for': '10.7.7.7' };
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await v.post('/api/auth/login', { email: 'x@y.zz', password: 'nope' }, from)).statusCode,
      );
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses).toContain(429);
  });
});
