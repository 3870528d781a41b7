import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { Role } from '../../shared/enums.js';
import { SiteApi } from '../../shared/content/site-api.js';
import { TeamApi } from '../../shared/team/members.js';
import type { AuditLogPageJson } from '../../shared/team/audit.js';
import { seedShop, SITE_A } from '../cart/test-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';

/** Settings and style saves and publishes land in the audit log with the change (issue 16). */
describeEachBackend('audit log: what is recorded', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let admin: Visitor;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedShop(h);
    ({ app } = await buildTestApp(h));
    const id = await createOwner(h.db, {
      email: 'audit@team.test',
      password: 'pw-123456789',
      displayName: 'Audit',
    });
    await grantRole(h.db, SITE_A, id, Role.ADMIN);
    admin = new Visitor(app);
    const r = await admin.post('/api/auth/login', {
      email: 'audit@team.test',
      password: 'pw-123456789',
    });
    expect(r.statusCode, r.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  const log = async () =>
    (await admin.get(TeamApi.auditLog)).json<AuditLogPageJson>().items.map((e) => ({
      action: e.action,
      target: e.target,
      actorEmail: e.actorEmail,
    }));

  it('records settings and style saves, and nothing for a refused save', async () => {
    const styles = (await admin.get(SiteApi.styles)).json();
    const s = await admin.put(SiteApi.styles, { styles: styles.styles, version: styles.version });
    expect(s.statusCode, s.body).toBe(200);
    const settings = (await admin.get(SiteApi.settings)).json();
    const t = await admin.put(SiteApi.settings, {
      settings: settings.settings,
      version: settings.version,
    });
    expect(t.statusCode, t.body).toBe(200);
    // A stale version is refused (409) and records nothing.
    const stale = await admin.put(SiteApi.settings, {
      settings: settings.settings,
      version: settings.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(await log()).toEqual([
      { action: 'settings.save', target: 'Settings', actorEmail: 'audit@team.test' },
      { action: 'styles.save', target: 'Design', actorEmail: 'audit@team.test' },
    ]);
  });

  it('records page publishes', async () => {
    const created = await admin.post('/api/content/pages', { kind: 'page', title: 'Our Story' });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json().page;
    const pub = await admin.post(`/api/content/pages/${page.id}/publish`, {
      version: page.version,
    });
    expect(pub.statusCode, pub.body).toBe(200);
    expect((await log())[0]).toEqual({
      action: 'page.publish',
      target: 'Our Story',
      actorEmail: 'audit@team.test',
    });
  });
});
