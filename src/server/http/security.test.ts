import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { seedRenderSite } from '../render/testing/seed-render-site.js';
import { CRUMB_COOKIE } from './crumb.js';

const HOOK_TIMEOUT = 120_000;

describeEachBackend('security headers and the crumb', (kind) => {
  let h: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedRenderSite(h.db);
    ({ app } = await buildTestApp(h, { config: { pageCache: true } }));
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, HOOK_TIMEOUT);

  const get = (url: string) => app!.inject({ url, headers: { host: 'localhost' } });

  it('sends nosniff, a Referrer-Policy and same-origin framing on pages, cached ones too', async () => {
    for (const url of ['/shop', '/shop', '/blog/first-post', '/api/auth/me', '/no-such-page']) {
      const res = await get(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy'], url).toBe("frame-ancestors 'self'");
    }
    const unknownSite = await app!.inject({ url: '/', headers: { host: 'nope.localhost' } });
    expect(unknownSite.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never lets /config be framed, with a strict CSP', async () => {
    for (const url of ['/config', '/config/login', '/config/login?next=/config']) {
      const res = await get(url);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('takes the crumb from a header or a form field, never from the query string', async () => {
    const v = new Visitor(app!);
    await v.get('/api/auth/me');
    const crumb = v.cookies.get(CRUMB_COOKIE)!;
    const viaQuery = await v.request({
      method: 'POST',
      url: `/api/form/FormSubmissionKey?crumb=${encodeURIComponent(crumb)}`,
      crumb: false,
    });
    expect(viaQuery.statusCode).toBe(403);
    const viaField = await v.request({
      method: 'POST',
      url: '/api/form/FormSubmissionKey',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `crumb=${encodeURIComponent(crumb)}`,
      crumb: false,
    });
    expect(viaField.statusCode).toBe(200);
    expect((await v.post('/api/form/FormSubmissionKey')).statusCode).toBe(200);
  });
});
