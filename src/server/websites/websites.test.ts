import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { Role } from '../../shared/enums.js';
import { insertTestSite } from '../testing/site-fixtures.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import type {
  DomainsJson,
  SlugCheckJson,
  ThemesJson,
  WebsiteCreatedJson,
  WebsitesListJson,
} from '../../shared/websites/api.js';

const DAY = 24 * 3600_000;

describeEachBackend('websites: create, list, switch, domains, delete', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let owner: Visitor;
  let manager: Visitor;
  let clock = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'websites-test-'));

  async function signIn(email: string, site: string, role: number | null) {
    const id = await createOwner(h.db, { email, password: 'pw-123456', displayName: email });
    if (role !== null) await grantRole(h.db, site, id, role);
    const v = new Visitor(app);
    const r = await v.post('/api/auth/login', { email, password: 'pw-123456' });
    expect(r.statusCode, r.body).toBe(200);
    return v;
  }
  async function create(v: Visitor, body: object): Promise<WebsiteCreatedJson['website']> {
    const r = await v.post('/api/websites', body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json<WebsiteCreatedJson>().website;
  }

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await insertTestSite(h.db, { id: 'site-demo', slug: 'demo', title: 'Main' });
    ({ app, deps } = await buildTestApp(h, {
      now: () => clock,
      config: { dataDir },
    }));
    owner = await signIn('owner@sites.test', 'site-demo', Role.ADMIN);
    manager = await signIn('manager@sites.test', 'site-demo', Role.WEBSITE_MANAGER);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('lists the themes from themes/ and refuses visitors', async () => {
    const r = await owner.get('/api/themes');
    expect(r.statusCode, r.body).toBe(200);
    const themes = r.json<ThemesJson>().themes;
    expect(themes[0]).toMatchObject({ name: 'default', starter: 'store' });
    expect(themes.every((t) => t.title.length > 0)).toBe(true);
    expect((await new Visitor(app).get('/api/themes')).statusCode).toBe(401);
    expect((await new Visitor(app).get('/api/websites')).statusCode).toBe(401);
  });

  it('creates a website with starter content, served at once at {slug}.localhost', async () => {
    // A miss cached before the website exists must not hide it afterwards.
    expect((await new Visitor(app, 'blue-heron.localhost').get('/')).statusCode).toBe(404);
    const w = await create(owner, { title: 'Blue Heron', slug: 'blue-heron', theme: 'default' });
    expect(w).toMatchObject({
      title: 'Blue Heron',
      slug: 'blue-heron',
      theme: 'default',
      role: Role.ADMIN,
      host: 'blue-heron.localhost',
      url: 'http://blue-heron.localhost/',
      currency: 'USD',
      language: 'en-US',
      deletingOn: null,
      canManage: true,
    });
    const visitor = new Visitor(app, 'blue-heron.localhost');
    const home = await visitor.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Welcome to Blue Heron');
    for (const path of ['/about', '/contact', '/blog', '/shop', '/blog/hello-world']) {
      const page = await visitor.get(path);
      expect(page.statusCode, path).toBe(200);
    }
    expect((await visitor.get('/shop/p/product-1')).body).toContain('Classic Mug');
    const products = await h.db
      .selectFrom('products')
      .select('item_id')
      .where('site_id', '=', w.id)
      .execute();
    expect(products).toHaveLength(3);
    const forms = await h.db.selectFrom('forms').select('id').where('site_id', '=', w.id).execute();
    expect(forms.map((f) => f.id)).toEqual(['contact']);
    // Also at {slug}.{BASE_DOMAIN}.
    const base = deps.config.baseDomain;
    expect((await new Visitor(app, `blue-heron.${base}`).get('/')).statusCode).toBe(200);
  }, 120_000);

  it('gives Japanese starter texts and the currency asked for', async () => {
    const w = await create(owner, {
      title: 'Kawasemi',
      slug: 'kawasemi-tea',
      theme: 'default',
      language: 'ja-JP',
      currency: 'JPY',
    });
    const site = await h.db
      .selectFrom('sites')
      .select(['language', 'currency', 'settings'])
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(site).toMatchObject({ language: 'ja-JP', currency: 'JPY' });
    expect(site.settings.websiteSettings.timeZone).toBe('Asia/Tokyo');
    const home = await new Visitor(app, 'kawasemi-tea.localhost').get('/');
    expect(home.body).toContain('Kawasemi へようこそ');
    const v = await h.db
      .selectFrom('variants')
      .select('price_cents')
      .where('site_id', '=', w.id)
      .orderBy('price_cents')
      .executeTakeFirstOrThrow();
    expect(v.price_cents).toBe(2400);
    // The sample products' restock and low-stock texts are Japanese too.
    const products = await h.db
      .selectFrom('products')
      .select('merchandising')
      .where('site_id', '=', w.id)
      .execute();
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(p.merchandising.restockNotificationMessages.buttonText).toBe('入荷お知らせ');
      expect(p.merchandising.scarcityText).toBe('残り{quantity}点');
    }
  }, 120_000);

  it('refuses a taken or malformed slug, an unknown theme, bad fields (writing nothing)', async () => {
    const before = await h.db.selectFrom('sites').select('id').execute();
    const taken = await owner.post('/api/websites', {
      title: 'X',
      slug: 'blue-heron',
      theme: 'default',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('WEBSITE_SLUG_TAKEN');
    const bad = await owner.post('/api/websites', {
      title: ' ',
      slug: 'No Spaces!',
      theme: 'default',
      currency: 'XYZ',
      language: 'fr-FR',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('WEBSITE_INVALID');
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'currency',
      'language',
      'slug',
      'title',
    ]);
    const theme = await owner.post('/api/websites', { title: 'X', slug: 'xyz-1', theme: '../etc' });
    expect(theme.json().error.code).toBe('THEME_UNKNOWN');
    expect(await h.db.selectFrom('sites').select('id').execute()).toHaveLength(before.length);
  });

  it('checks a slug live and lists the owner’s websites with roles and URLs', async () => {
    const free = await owner.get('/api/websites/slug-check?slug=new-place');
    expect(free.json<SlugCheckJson>()).toMatchObject({
      available: true,
      url: 'http://new-place.localhost/',
    });
    const taken = await owner.get('/api/websites/slug-check?slug=blue-heron');
    expect(taken.json<SlugCheckJson>()).toMatchObject({ available: false });
    const list = (await owner.get('/api/websites')).json<WebsitesListJson>().websites;
    expect(list.map((w) => w.slug)).toEqual(['demo', 'blue-heron', 'kawasemi-tea']);
    expect(list.find((w) => w.slug === 'demo')).toMatchObject({ current: true });
    // The manager sees only the main website.
    const mine = (await manager.get('/api/websites')).json<WebsitesListJson>().websites;
    expect(mine.map((w) => w.slug)).toEqual(['demo']);
  });

  it('hands the session over to another host once, and only there', async () => {
    const list = (await owner.get('/api/websites')).json<WebsitesListJson>().websites;
    const heron = list.find((w) => w.slug === 'blue-heron')!;
    const r = await owner.post(`/api/websites/${heron.id}/handoff`);
    expect(r.statusCode, r.body).toBe(200);
    const url = new URL(r.json<{ url: string }>().url);
    expect(url.host).toBe('blue-heron.localhost');
    const path = `${url.pathname}${url.search}`;
    // Not on another website's host.
    const elsewhere = new Visitor(app, 'kawasemi-tea.localhost');
    await elsewhere.get(path);
    expect((await elsewhere.get('/api/auth/me')).json().signedIn).toBe(false);
    const there = new Visitor(app, 'blue-heron.localhost');
    const land = await there.get(path);
    expect(land.statusCode).toBe(303);
    expect(land.headers.location).toBe('/config');
    expect((await there.get('/api/auth/me')).json()).toMatchObject({
      signedIn: true,
      roles: [Role.ADMIN],
    });
    // Spent: a second use signs nobody in.
    const again = new Visitor(app, 'blue-heron.localhost');
    await again.get(path);
    expect((await again.get('/api/auth/me')).json().signedIn).toBe(false);
    // No role on the website: no hand-off.
    expect((await manager.post(`/api/websites/${heron.id}/handoff`)).statusCode).toBe(403);
  });

  it('adds custom domains: checked, unique across websites, resolved at once', async () => {
    const list = (await owner.get('/api/websites')).json<WebsitesListJson>().websites;
    const heron = list.find((w) => w.slug === 'blue-heron')!;
    const tea = list.find((w) => w.slug === 'kawasemi-tea')!;
    const api = `/api/websites/${heron.id}/domains`;
    expect((await new Visitor(app, 'shop.heron.example').get('/')).statusCode).toBe(404);
    const add = await owner.post(api, { host: 'Shop.Heron.Example.' });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().domain.host).toBe('shop.heron.example');
    const page = await new Visitor(app, 'shop.heron.example').get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Blue Heron');
    for (const host of ['not a host', 'localhost', 'x.localhost', '-bad-.com', 'a..b.com']) {
      const r = await owner.post(api, { host });
      expect(r.statusCode, host).toBe(400);
      expect(r.json().error.code).toBe('DOMAIN_INVALID');
    }
    const clash = await owner.post(`/api/websites/${tea.id}/domains`, {
      host: 'shop.heron.example',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('DOMAIN_TAKEN');
    // Two at once for one host: exactly one wins.
    const race = await Promise.all([
      owner.post(api, { host: 'race.example.org' }),
      owner.post(`/api/websites/${tea.id}/domains`, { host: 'race.example.org' }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const listed = (await owner.get(api)).json<DomainsJson>();
    expect(listed.cnameTarget).toBe(deps.config.baseDomain);
    expect(listed.domains.map((d) => d.host)).toContain('shop.heron.example');
    // The manager has no role on this website.
    expect((await manager.get(api)).statusCode).toBe(403);
    const del = await owner.delete(`${api}/shop.heron.example`);
    expect(del.statusCode).toBe(200);
    expect((await new Visitor(app, 'shop.heron.example').get('/')).statusCode).toBe(404);
  });

  it('deletes with a grace period: stops serving, restores, and is purged after 30 days', async () => {
    const w = await create(owner, { title: 'Short Lived', slug: 'short-lived', theme: 'default' });
    const host = new Visitor(app, 'short-lived.localhost');
    expect((await host.get('/')).statusCode).toBe(200);
    // Deleting takes `settings` on the website (the one role table): a viewer there has none.
    await grantRole(
      h.db,
      w.id,
      (
        await h.db
          .selectFrom('owners')
          .select('id')
          .where('email', '=', 'manager@sites.test')
          .executeTakeFirstOrThrow()
      ).id,
      Role.VIEWER,
    );
    expect((await manager.delete(`/api/websites/${w.id}`)).statusCode).toBe(403);
    const del = await owner.delete(`/api/websites/${w.id}`);
    expect(del.statusCode, del.body).toBe(200);
    const deletingOn = del.json().website.deletingOn as string;
    expect(new Date(deletingOn).getTime()).toBe(clock + 30 * DAY);
    expect((await host.get('/')).statusCode).toBe(404);
    const restore = await owner.post(`/api/websites/${w.id}/restore`);
    expect(restore.json().website.deletingOn).toBeNull();
    expect((await host.get('/')).statusCode).toBe(200);
    await owner.delete(`/api/websites/${w.id}`);
    // 29 days on: still there (restorable).
    clock += 29 * DAY;
    await deps.jobs.drain();
    expect(
      await h.db.selectFrom('sites').select('id').where('id', '=', w.id).execute(),
    ).toHaveLength(1);
    clock += 2 * DAY;
    await deps.jobs.drain();
    expect(
      await h.db.selectFrom('sites').select('id').where('id', '=', w.id).execute(),
    ).toHaveLength(0);
    for (const table of [
      'items',
      'collections',
      'products',
      'variants',
      'assets',
      'forms',
      'site_roles',
    ] as const) {
      const left = await h.db
        .selectFrom(table)
        .select('site_id')
        .where('site_id', '=', w.id)
        .execute();
      expect(left, table).toHaveLength(0);
    }
    // The others are untouched.
    expect((await new Visitor(app, 'blue-heron.localhost').get('/')).statusCode).toBe(200);
  }, 120_000);
});
