import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import { describeOnPostgres, openSharedSchema } from '../testing/shared-postgres.js';
import { waitFor } from '../testing/spawn-server.js';
import { seedRenderSite } from '../render/testing/seed-render-site.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';

const PAGE = 'collections/page.page';

/**
 * Two processes on one database, both with the page cache: a save on one is what the other
 * serves at once (content version + `content-changed` over NOTIFY), and a refused save
 * changes nothing on either.
 */
describeOnPostgres('developer mode across processes', () => {
  let first: DatabaseHandle | undefined;
  let second: DatabaseHandle | undefined;
  const apps: FastifyInstance[] = [];
  let admin: Visitor;
  let appB: FastifyInstance;

  beforeAll(async () => {
    ({ first, second } = await openSharedSchema());
    await seedRenderSite(first.db);
    const a = await buildTestApp(first, { config: { pageCache: true } });
    const b = await buildTestApp(second, { config: { pageCache: true } });
    apps.push(a.app, b.app);
    appB = b.app;
    const id = await createOwner(first.db, {
      email: 'admin@dev.test',
      password: 'pw-123456',
      displayName: 'Admin',
    });
    await grantRole(first.db, 'site-r', id, Role.ADMIN);
    admin = new Visitor(a.app);
    expect(
      (await admin.post('/api/auth/login', { email: 'admin@dev.test', password: 'pw-123456' }))
        .statusCode,
    ).toBe(200);
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await first?.close();
  }, 60_000);

  const homeOnB = async () => (await new Visitor(appB).get('/')).body;

  it('a save on one process is what the other serves next (NOTIFY, no wait for expiry)', async () => {
    expect(await homeOnB()).not.toContain('FROM-A');
    expect((await admin.put('/api/developer/mode', { enabled: true })).statusCode).toBe(200);
    const original = (await admin.get(`/api/developer/files/${PAGE}`)).json<{ content: string }>()
      .content;
    const started = Date.now();
    const saved = await admin.put(`/api/developer/files/${PAGE}`, {
      content: `<p>FROM-A</p>\n${original}`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await waitFor(
      async () => ((await homeOnB()).includes('FROM-A') ? true : undefined),
      'B to serve the save',
      5_000,
    );
    expect(Date.now() - started).toBeLessThan(5_000);

    const refused = await admin.put(`/api/developer/files/${PAGE}`, { content: '{.section x}' });
    expect(refused.statusCode).toBe(422);
    expect(await homeOnB()).toContain('FROM-A');
  });
});
