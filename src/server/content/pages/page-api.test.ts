import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../shared/enums.js';
import { Messages } from '../../../shared/errors.js';
import type { PageDoc, PageListResponse } from '../../../shared/content/page-api.js';
import type { LockResponse, VersionListResponse } from '../../../shared/content/versions-api.js';
import { describeEachBackend, openTestDatabase } from '../../testing/backends.js';
import { buildTestApp, Visitor } from '../../testing/test-app.js';
import type { DatabaseHandle } from '../../db/database.js';
import { createOwner, grantRole } from '../../owners/owner-service.js';
import { seedOwnerCatalog, signedIn, PASSWORD } from '../../catalog/owner/test-fixtures.js';

const section = (blocks: object[], id = 's1') => ({ id, layout: 'default', tone: 'light', blocks });

function input(p: PageDoc, over: Partial<PageDoc> = {}) {
  const { title, slug, status, navigation, seo, sections } = { ...p, ...over };
  return { title, slug, status, navigation, seo, sections, version: over.version ?? p.version };
}

describeEachBackend('pages API', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let admin: Visitor;
  let other: Visitor;
  let drafter: Visitor;
  let viewer: Visitor;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedOwnerCatalog(h);
    for (const [email, role] of [
      ['second@demo.test', Role.ADMIN],
      ['drafter@demo.test', Role.DRAFT_EDITOR],
    ] as const) {
      const id = await createOwner(h.db, { email, password: PASSWORD, displayName: email });
      await grantRole(h.db, 's1', id, role);
    }
    ({ app } = await buildTestApp(h));
    admin = await signedIn(app, 'admin@demo.test');
    other = await signedIn(app, 'second@demo.test');
    drafter = await signedIn(app, 'drafter@demo.test');
    viewer = await signedIn(app, 'viewer@demo.test');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  async function create(title: string, extra: object = {}): Promise<PageDoc> {
    const res = await admin.post('/api/content/pages', { kind: 'page', title, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ page: PageDoc }>().page;
  }

  it('creates a page as a draft, saves drafts apart from what is live, publishes', async () => {
    const p = await create('Our Story');
    expect(p).toMatchObject({
      slug: 'our-story',
      kind: 'page',
      status: 'published',
      url: '/our-story',
    });
    expect(p.hasUnpublishedChanges).toBe(true);
    // Not live before its first publish.
    expect((await new Visitor(app).get('/our-story')).statusCode).toBe(404);

    const saved = await admin.put(`/api/content/pages/${p.id}`, {
      ...input(p),
      sections: [section([{ id: 'b1', type: 3, text: 'Hello <there>', level: 1 }])],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const s = saved.json<{ page: PageDoc }>().page;
    expect(s.version).toBe(p.version + 1);
    expect((await new Visitor(app).get('/our-story')).statusCode).toBe(404);

    const pub = await admin.post(`/api/content/pages/${p.id}/publish`, { version: s.version });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json<{ page: PageDoc }>().page.hasUnpublishedChanges).toBe(false);
    const live = await new Visitor(app).get('/our-story');
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('<h1 class="block-heading align-">Hello &lt;there&gt;</h1>');
    // Visitors never get the builder's selection attributes.
    expect(live.body).not.toContain('data-block-id');

    const list = (await viewer.get('/api/content/pages')).json<PageListResponse>();
    expect(list.pages.map((x) => x.kind)).toEqual(
      expect.arrayContaining(['page', 'products', 'footer', 'not-found']),
    );
  });

  it('saves a gallery’s design settings (SPEC 3.7 / 9.2): defaults, ranges (400), kept when left out', async () => {
    const g = await create('Studio', { kind: 'gallery' });
    // A new gallery reads SPEC 9.2's defaults.
    expect(g.gallery).toMatchObject({
      design: 'grid',
      autoplayDelay: 5,
      thumbnailsPerRow: 4,
      padding: 20,
      thumbnailStripHeight: 80,
      margin: 20,
      maxColumnWidth: 300,
    });
    // Out of range or unknown: a 400 that writes nothing.
    for (const bad of [{ autoplayDelay: 11 }, { padding: -1 }, { design: 'carousel' }]) {
      const res = await admin.put(`/api/content/pages/${g.id}`, {
        ...input(g),
        gallery: bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const saved = await admin.put(`/api/content/pages/${g.id}`, {
      ...input(g),
      gallery: { design: 'slideshow', autoplay: true, autoplayDelay: 7, indicators: false },
      publish: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const doc = saved.json<{ page: PageDoc }>().page;
    expect(doc.gallery).toMatchObject({ design: 'slideshow', autoplayDelay: 7, padding: 20 });
    // The live page's context carries them for the theme.
    const ctx = (await new Visitor(app).get('/studio?format=json')).json<{
      collection: { gallery: Record<string, unknown> };
    }>();
    expect(ctx.collection.gallery).toMatchObject({
      design: 'slideshow',
      autoplay: true,
      autoplayDelay: 7,
      indicators: false,
    });
    // A save without them (the page settings of an older editor) keeps them.
    const again = await admin.put(`/api/content/pages/${g.id}`, {
      ...input(doc),
      title: 'Studio life',
      publish: true,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ page: PageDoc }>().page.gallery?.design).toBe('slideshow');
  });

  it('saves a gallery block’s design and settings; out of range is a 400 that writes nothing', async () => {
    const p = await create('Studio');
    const block = { id: 'g1', type: 8, assetIds: [], design: 'slider', autoplayDelay: 3 };
    const ok = await admin.put(`/api/content/pages/${p.id}`, {
      ...input(p),
      sections: [section([block])],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const read = async () =>
      (await admin.get(`/api/content/pages/${p.id}`)).json<{ page: PageDoc }>().page;
    const saved = await read();
    // Stored with every setting: a gallery page's defaults, the lightbox on.
    expect(saved.sections[0]!.blocks[0]).toMatchObject({
      design: 'slider',
      autoplayDelay: 3,
      thumbnailsPerRow: 4,
      padding: 20,
      lightbox: true,
      activeAlignment: 'center',
    });
    const bad = await admin.put(`/api/content/pages/${p.id}`, {
      ...input(saved),
      sections: [section([{ ...block, design: 'carousel', padding: 51 }])],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('CONTENT_INVALID');
    expect(bad.json().error.fieldErrors).toEqual({
      'sections.0.blocks.0.design': 'Choose grid, slideshow, slider or stacked.',
      'sections.0.blocks.0.padding': 'Enter a number from 0 to 50.',
    });
    const after = await read();
    expect(after.version).toBe(saved.version);
    expect(after.sections[0]!.blocks[0]).toMatchObject({ design: 'slider', padding: 20 });
  });

  it('refuses a stale version (409), a taken slug, bad fields and another editor’s lock (423)', async () => {
    const p = await create('Team');
    const stale = await admin.put(
      `/api/content/pages/${p.id}`,
      input(p, { version: p.version - 1 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONTENT_CONFLICT');

    await create('Taken');
    const taken = await admin.put(`/api/content/pages/${p.id}`, input(p, { slug: 'taken' }));
    expect(taken.json().error.code).toBe('SLUG_TAKEN');
    expect(
      (await admin.post('/api/content/pages', { kind: 'page', title: 'X', slug: 'taken' })).json()
        .error.code,
    ).toBe('SLUG_TAKEN');

    const bad = await admin.put(`/api/content/pages/${p.id}`, {
      ...input(p),
      sections: [section([{ id: 'b1', type: 53, label: 'Go', url: 'example.com' }])],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toEqual({
      'sections.0.blocks.0.url': 'Links must be formatted as https://example.com or /page',
    });

    // The editor's lock hook posts no body (the crumb is in the header).
    const lock = await other.post(`/api/content/pages/${p.id}/lock`);
    expect(lock.statusCode, lock.body).toBe(200);
    expect(lock.json<LockResponse>()).toMatchObject({
      mine: true,
      holder: { name: 'second@demo.test' },
    });
    const mine = await admin.post(`/api/content/pages/${p.id}/lock`, {});
    expect(mine.json<LockResponse>().mine).toBe(false);
    const locked = await admin.put(`/api/content/pages/${p.id}`, input(p));
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error.message).toBe('This page is locked.');
    expect(
      (await other.delete(`/api/content/pages/${p.id}/lock`)).json<LockResponse>().holder,
    ).toBeNull();
    expect((await admin.put(`/api/content/pages/${p.id}`, input(p))).statusCode).toBe(200);
  });

  it('limits by role: a draft editor saves drafts only, a viewer only reads', async () => {
    const p = await create('Roles');
    const draft = await drafter.put(`/api/content/pages/${p.id}`, input(p, { title: 'Roles 2' }));
    expect(draft.statusCode, draft.body).toBe(200);
    const v = draft.json<{ page: PageDoc }>().page.version;
    expect(
      (await drafter.put(`/api/content/pages/${p.id}`, { ...input(p), version: v, publish: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await drafter.post(`/api/content/pages/${p.id}/publish`, { version: v })).statusCode,
    ).toBe(403);
    expect(
      (await viewer.put(`/api/content/pages/${p.id}`, input(p, { version: v }))).statusCode,
    ).toBe(403);
    expect(
      (await viewer.get(`/api/content/pages/${p.id}`)).json<{ page: PageDoc }>().page.title,
    ).toBe('Roles 2');
    expect((await new Visitor(app).get('/api/content/pages')).statusCode).toBe(401);
  });

  it('leaves a 301 from the old path when a published page’s slug changes', async () => {
    const p = await create('Old Name');
    const pub = (
      await admin.post(`/api/content/pages/${p.id}/publish`, { version: p.version })
    ).json<{ page: PageDoc }>().page;
    const moved = await admin.put(`/api/content/pages/${p.id}`, {
      ...input(pub, { slug: 'new-name' }),
      publish: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const old = await new Visitor(app).get('/old-name?x=1');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/new-name?x=1');
    expect((await new Visitor(app).get('/new-name')).statusCode).toBe(200);
    const list = await viewer.get('/api/content/redirects');
    expect(list.json().redirects).toEqual([
      expect.objectContaining({ from: '/old-name', to: '/new-name' }),
    ]);
    expect((await admin.delete('/api/content/redirects?from=%2Fold-name')).statusCode).toBe(204);
    expect((await new Visitor(app).get('/old-name')).statusCode).toBe(404);
  });

  it('protects a page with a password: lock screen, wrong password 403, right one opens it', async () => {
    const p = await create('Members');
    await admin.post(`/api/content/pages/${p.id}/publish`, { version: p.version });
    expect(
      (await admin.put(`/api/content/pages/${p.id}/password`, { password: 'open-sesame' }))
        .statusCode,
    ).toBe(200);
    const visitor = new Visitor(app);
    const lock = await visitor.get('/members');
    expect(lock.statusCode).toBe(200);
    expect(lock.headers['cache-control']).toBe('private, no-store');
    expect(lock.body).toContain('name="password"');
    expect((await visitor.get('/members?format=json')).json().pageType).toBe(103);
    const wrong = await visitor.request({
      method: 'POST',
      url: '/api/content/unlock',
      payload: 'path=%2Fmembers&password=nope',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain(Messages.PAGE_PASSWORD_WRONG.replace("'", '&#39;'));
    const right = await visitor.post('/api/content/unlock', {
      path: '/members',
      password: 'open-sesame',
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ ok: true });
    expect([...visitor.cookies.keys()].some((k) => k.startsWith('ss_pp_'))).toBe(true);
    const open = await visitor.get('/members?format=json');
    expect(open.json().pageType).toBe(2);
    // Another visitor still sees the lock screen.
    expect((await new Visitor(app).get('/members?format=json')).json().pageType).toBe(103);
    const off = await admin.put(`/api/content/pages/${p.id}/password`, { password: null });
    expect(off.statusCode, off.body).toBe(200);
    expect((await new Visitor(app).get('/members?format=json')).json().pageType).toBe(2);
  });

  it('keeps a locked blog’s posts out of search and of summary blocks, even for a visitor with its pass', async () => {
    const diary = await create('Studio Diary', { kind: 'blog' });
    await admin.post(`/api/content/pages/${diary.id}/publish`, { version: diary.version });
    await h.db
      .insertInto('items')
      .values({
        id: 'diary-post',
        site_id: 's1',
        collection_id: diary.id,
        url_id: 'kiln-log',
        title: 'Quietkiln firing log',
        record_type: 1,
      })
      .execute();
    const home = await create('Diary Digest');
    const saved = await admin.put(`/api/content/pages/${home.id}`, {
      ...input(home),
      sections: [section([{ id: 'b1', type: 17, collectionId: diary.id, limit: 3 }])],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const digest = saved.json<{ page: PageDoc }>().page;
    await admin.post(`/api/content/pages/${home.id}/publish`, { version: digest.version });
    const lists = async (v: Visitor) => ({
      search: (await v.get('/search?q=quietkiln')).body.includes('Quietkiln firing log'),
      json: JSON.stringify((await v.get('/search?q=quietkiln&format=json')).json().items),
      summary: (await v.get('/diary-digest')).body.includes('Quietkiln firing log'),
    });
    // Open, it is found and summarised like any blog.
    const before = await lists(new Visitor(app));
    expect(before.search && before.summary).toBe(true);
    expect(before.json).toContain('Quietkiln firing log');

    const locked = await admin.put(`/api/content/pages/${diary.id}/password`, {
      password: 'open-sesame',
    });
    expect(locked.statusCode, locked.body).toBe(200);
    const visitor = new Visitor(app);
    expect(await lists(visitor)).toEqual({ search: false, json: '[]', summary: false });
    // A pass opens the page it was typed on, not the site's lists.
    const pass = await visitor.post('/api/content/unlock', {
      path: '/studio-diary',
      password: 'open-sesame',
    });
    expect(pass.statusCode, pass.body).toBe(200);
    expect((await visitor.get('/studio-diary/kiln-log')).body).toContain('Quietkiln firing log');
    expect(await lists(visitor)).toEqual({ search: false, json: '[]', summary: false });

    await admin.put(`/api/content/pages/${diary.id}/password`, { password: null });
    expect((await lists(new Visitor(app))).summary).toBe(true);
  });

  it('previews unsaved input, one section alone, and the draft frame with selection attributes', async () => {
    const p = await create('Preview Me');
    const page = {
      ...input(p),
      sections: [
        section([{ id: 'b1', type: 2, html: '<p>First <script>x()</script></p>' }], 'one'),
        section([{ id: 'b2', type: 31, text: 'Quoted', source: 'Someone' }], 'two'),
      ],
    };
    const full = await viewer.post('/api/content/preview', { pageId: p.id, page });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().html).toContain('data-section-id="one"');
    expect(full.json().html).not.toContain('<script>x()');
    const one = await viewer.post('/api/content/preview', { pageId: p.id, page, sectionId: 'two' });
    const html = one.json().html as string;
    expect(html).toContain('data-section-id="two"');
    expect(html).toContain('data-block-id="b2"');
    expect(html).not.toContain('data-section-id="one"');
    expect(html).not.toContain('<html');
    const frame = await admin.get(`/config/preview/${p.id}`);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['cache-control']).toBe('private, no-store');
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lists versions and restores one as the draft', async () => {
    const p = await create('Versioned');
    const a = (
      await admin.put(`/api/content/pages/${p.id}`, input(p, { title: 'Versioned A' }))
    ).json<{ page: PageDoc }>().page;
    await admin.post(`/api/content/pages/${p.id}/publish`, { version: a.version });
    const versions = (
      await viewer.get(`/api/content/pages/${p.id}/versions`)
    ).json<VersionListResponse>().versions;
    expect(versions.map((v) => v.label)).toEqual(['Published', 'Saved']);
    const one = await viewer.get(`/api/content/pages/${p.id}/versions/1`);
    expect(one.json().doc.title).toBe('Versioned A');
    expect(
      (await drafter.post(`/api/content/pages/${p.id}/versions/1/restore`, {})).statusCode,
    ).toBe(403);
    const restored = await admin.post(`/api/content/pages/${p.id}/versions/1/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<PageDoc>().title).toBe('Versioned A');
    const after = (
      await viewer.get(`/api/content/pages/${p.id}/versions`)
    ).json<VersionListResponse>().versions;
    expect(after[0]!.label).toBe('Restored from version 1');
    expect((await viewer.get('/api/content/items/nope/versions')).statusCode).toBe(404);
  });

  it('keeps the home page, shop, footer and 404; folders must be empty; reorders navigation', async () => {
    const list = (await admin.get('/api/content/pages')).json<PageListResponse>();
    for (const k of ['products', 'footer', 'not-found']) {
      const row = list.pages.find((x) => x.kind === k)!;
      expect((await admin.delete(`/api/content/pages/${row.id}`)).json().error.code).toBe(
        'PAGE_NOT_DELETABLE',
      );
    }
    const folder = (
      await admin.post('/api/content/pages', { kind: 'folder', title: 'More' })
    ).json<{ page: PageDoc }>().page;
    const inner = await create('Inner', { parentId: folder.id });
    await admin.post(`/api/content/pages/${inner.id}/publish`, { version: inner.version });
    expect((await admin.delete(`/api/content/pages/${folder.id}`)).json().error.code).toBe(
      'FOLDER_NOT_EMPTY',
    );
    const nested = await admin.put('/api/content/navigation', {
      entries: [{ id: folder.id, parentId: folder.id, order: 0, visible: true }],
    });
    expect(nested.json().error.fieldErrors['entries.0.parentId']).toBe(
      'A folder cannot go inside another folder.',
    );
    const nav = await admin.put('/api/content/navigation', {
      entries: [
        { id: folder.id, parentId: null, order: 0, visible: true },
        { id: inner.id, parentId: folder.id, order: 0, visible: true },
      ],
    });
    expect(nav.statusCode, nav.body).toBe(200);
    const json = (await new Visitor(app).get('/shop?format=json')).json();
    expect(json.navigation[0]).toMatchObject({
      title: 'More',
      folder: true,
      children: [{ title: 'Inner' }],
    });
    // SPEC 4.7: a folder that redirects is clickable: the theme links it atop its dropdown.
    expect(json.navigation[0].clickable).toBe(true);
    const html = (await new Visitor(app).get('/shop')).body;
    expect(html).toContain(
      '<summary>More</summary><ul role="list"><li><a href="/more">More</a></li><li><a href="/inner">Inner</a></li>',
    );
    // The folder's own URL leads to its first page.
    const go = await new Visitor(app).get('/more');
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe('/inner');
    expect((await admin.delete(`/api/content/pages/${inner.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/content/pages/${folder.id}`)).statusCode).toBe(204);

    // A blog goes with its posts.
    const blog = (await admin.post('/api/content/pages', { kind: 'blog', title: 'News' })).json<{
      page: PageDoc;
    }>().page;
    await h.db
      .insertInto('items')
      .values({
        id: 'post-1',
        site_id: 's1',
        collection_id: blog.id,
        url_id: 'hello',
        title: 'Hello',
        record_type: 1,
      })
      .execute();
    expect((await admin.delete(`/api/content/pages/${blog.id}`)).statusCode).toBe(204);
    expect(
      await h.db.selectFrom('items').select('id').where('id', '=', 'post-1').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('keeps media a live page shows: an image block or a section background is in use', async () => {
    const p = await create('Pictures');
    const saved = await admin.put(`/api/content/pages/${p.id}`, {
      ...input(p),
      sections: [
        { ...section([{ id: 'b1', type: 5, assetId: 'img-c' }]), backgroundImageId: 'img-b' },
      ],
      publish: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const [asset, role] of [
      ['img-c', 'page image block'],
      ['img-b', 'page image block'],
    ]) {
      const del = await admin.delete(`/api/media/${asset}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().error.usedBy).toEqual(
        expect.arrayContaining([expect.objectContaining({ itemId: p.id, role })]),
      );
    }
  });
});
