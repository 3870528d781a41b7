import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import { describeOnPostgres, openSharedSchema } from '../testing/shared-postgres.js';
import { waitFor } from '../testing/spawn-server.js';
import { insertTestSite } from '../testing/site-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';
import type { WebsiteCreatedJson } from '../../shared/websites/api.js';

/**
 * Two processes on one database: a website made, given a domain or deleted on A is served (or
 * not) by B at once, although B had cached the host's answer (the resolver keeps misses too).
 */
describeOnPostgres('websites across processes', () => {
  let first: DatabaseHandle | undefined;
  let second: DatabaseHandle | undefined;
  const apps: FastifyInstance[] = [];
  let b: AppDeps;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  let owner: Visitor;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'websites-procs-'));

  beforeAll(async () => {
    ({ first, second } = await openSharedSchema());
    await insertTestSite(first.db, { id: 'site-demo', slug: 'demo', title: 'Main' });
    const builtA = await buildTestApp(first, { config: { dataDir } });
    const builtB = await buildTestApp(second, { config: { dataDir } });
    apps.push(builtA.app, builtB.app);
    appA = builtA.app;
    appB = builtB.app;
    b = builtB.deps;
    const id = await createOwner(first.db, {
      email: 'owner@procs.test',
      password: 'pw-123456',
      displayName: 'O',
    });
    await grantRole(first.db, 'site-demo', id, Role.ADMIN);
    owner = new Visitor(appA);
    expect(
      (await owner.post('/api/auth/login', { email: 'owner@procs.test', password: 'pw-123456' }))
        .statusCode,
    ).toBe(200);
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await first?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function onA(work: () => Promise<void>): Promise<void> {
    const before = b.caches.remoteDrops;
    await work();
    await waitFor(() => (b.caches.remoteDrops > before ? true : undefined), 'B to hear of it');
  }

  it('serves a new website, its new domain, and stops serving it once deleted', async () => {
    const atB = (host: string) => new Visitor(appB, host).get('/');
    expect((await atB('cross-proc.localhost')).statusCode).toBe(404);
    let id = '';
    await onA(async () => {
      const r = await owner.post('/api/websites', {
        title: 'Cross',
        slug: 'cross-proc',
        theme: 'default',
      });
      expect(r.statusCode, r.body).toBe(201);
      id = r.json<WebsiteCreatedJson>().website.id;
    });
    expect((await atB('cross-proc.localhost')).statusCode).toBe(200);

    expect((await atB('www.cross.example')).statusCode).toBe(404);
    await onA(async () => {
      const r = await owner.post(`/api/websites/${id}/domains`, { host: 'www.cross.example' });
      expect(r.statusCode, r.body).toBe(201);
    });
    expect((await atB('www.cross.example')).statusCode).toBe(200);

    await onA(async () => {
      expect((await owner.delete(`/api/websites/${id}`)).statusCode).toBe(200);
    });
    expect((await atB('cross-proc.localhost')).statusCode).toBe(404);
    expect((await atB('www.cross.example')).statusCode).toBe(404);
  }, 120_000);
});
