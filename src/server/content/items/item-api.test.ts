import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../../testing/backends.js';
import { buildTestApp, Visitor } from '../../testing/test-app.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { Role } from '../../../shared/enums.js';
import { OwnerMessages } from '../../../shared/errors.js';
import type { ItemDoc, ItemInput, ItemListResponse } from '../../../shared/content/item-api.js';
import { ItemFieldTexts } from '../../../shared/content/validate-item.js';
import { VersionApi } from '../../../shared/content/versions-api.js';
import { createOwner, grantRole } from '../../owners/owner-service.js';
import { insertTestSite } from '../../testing/site-fixtures.js';
import { versionedAdapters } from '../editing/adapters.js';
import { takeLock } from '../editing/locks.js';
import { listVersions } from '../editing/versions.js';
import { PREVIEW_TTL_MS } from './preview-token.js';

const PASSWORD = 'pw-123456';
const START = Date.parse('2026-12-01T10:00:00Z');

function post(title: string, over: Partial<ItemInput> = {}): ItemInput {
  return {
    title,
    slug: '',
    body: '<p>Hello <a href="/shop">shop</a></p>',
    excerpt: 'A short one.',
    tags: ['news', ' news ', 'tides'],
    categories: ['Harbor'],
    author: { displayName: 'Mara' },
    mainImageId: 'img-a',
    status: 'published',
    publishOn: null,
    startDate: null,
    endDate: null,
    timeZone: null,
    location: null,
    commentState: 1,
    ...over,
  };
}

describeEachBackend('item API', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let deps: AppDeps;
  let clock = START;
  const as: Record<string, Visitor> = {};
  const ownerIds: Record<string, string> = {};

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await insertTestSite(h.db, { id: 's1', slug: 'demo', shop: true });
    await insertTestSite(h.db, { id: 's2', slug: 'other' });
    const collection = (id: string, site: string, urlId: string, k: string, type: number) => ({
      id,
      site_id: site,
      url_id: urlId,
      title: urlId,
      type,
      kind: k,
      folder_behavior: null,
      nav_index: 1,
      settings: '{}' as never,
    });
    await h.db
      .insertInto('collections')
      .values([
        collection('blog', 's1', 'blog', 'blog', 1),
        collection('events', 's1', 'events', 'events', 1),
        collection('gallery', 's1', 'gallery', 'gallery', 2),
        collection('other-blog', 's2', 'blog', 'blog', 1),
      ])
      .execute();
    await h.db
      .insertInto('assets')
      .values({
        id: 'img-a',
        site_id: 's1',
        filename: 'a.jpg',
        content_type: 'image/jpeg',
        width: 800,
        height: 600,
      })
      .execute();
    ({ app, deps } = await buildTestApp(h, { now: () => clock }));
    for (const [name, role, site] of [
      ['admin', Role.ADMIN, 's1'],
      ['editor', Role.EDITOR, 's1'],
      ['drafter', Role.DRAFT_EDITOR, 's1'],
      ['viewer', Role.VIEWER, 's1'],
      ['stranger', Role.ADMIN, 's2'],
    ] as const) {
      const email = `${name}@demo.test`;
      ownerIds[name] = await createOwner(h.db, { email, password: PASSWORD, displayName: name });
      await grantRole(h.db, site, ownerIds[name], role);
      const v = new Visitor(app, 'localhost');
      const res = await v.post('/api/auth/login', { email, password: PASSWORD });
      if (res.statusCode !== 200) throw new Error(res.body);
      as[name] = v;
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, 120_000);

  const visitor = () => new Visitor(app, 'localhost');
  const create = async (who: string, collectionId: string, input: ItemInput) => {
    const res = await as[who]!.post(`/api/content/collections/${collectionId}/items`, input);
    return { res, item: res.statusCode === 201 ? res.json<{ item: ItemDoc }>().item : undefined };
  };

  it('creates, reads, updates and deletes a post, with versions and a content-version bump', async () => {
    const changes: unknown[] = [];
    const onChange = (e: unknown) => changes.push(e);
    deps.events.on('content-changed', onChange);
    try {
      const { res, item } = await create('admin', 'blog', post('Tide Tables'));
      expect(res.statusCode, res.body).toBe(201);
      expect(item).toMatchObject({
        title: 'Tide Tables',
        slug: 'tide-tables',
        url: '/blog/tide-tables',
        collectionId: 'blog',
        collectionKind: 'blog',
        tags: ['news', 'tides'],
        status: 'published',
        version: 1,
        author: { displayName: 'Mara' },
        publishedOn: new Date(START).toISOString(),
      });
      expect(item!.previewUrl).toMatch(/^\/blog\/tide-tables\?preview=/);
      expect(changes).toHaveLength(1);

      const read = await as.viewer!.get(`/api/content/items/${item!.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json<{ item: ItemDoc }>().item).toEqual(item);

      const updated = await as.admin!.put(`/api/content/items/${item!.id}`, {
        ...post('Tide Tables, revised'),
        slug: 'tide-tables',
        version: 1,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json<{ item: ItemDoc }>().item).toMatchObject({
        title: 'Tide Tables, revised',
        version: 2,
      });
      expect(changes).toHaveLength(2);
      const versions = await listVersions(h.db, 's1', 'items', item!.id);
      expect(versions.map((v) => v.label)).toEqual(['Saved']); // coalesced: same author, recent
      expect((await as.admin!.get(VersionApi.list('items', item!.id))).statusCode).not.toBe(500);

      const page = await visitor().get('/blog/tide-tables?format=json');
      expect(page.statusCode).toBe(200);
      expect(page.json<{ item: { title: string } }>().item.title).toBe('Tide Tables, revised');

      const del = await as.admin!.delete(`/api/content/items/${item!.id}`);
      expect(del.statusCode).toBe(204);
      expect((await as.admin!.get(`/api/content/items/${item!.id}`)).statusCode).toBe(404);
      expect(await listVersions(h.db, 's1', 'items', item!.id)).toEqual([]);
      expect((await visitor().get('/blog/tide-tables')).statusCode).toBe(404);
      expect(changes).toHaveLength(3);
    } finally {
      deps.events.off('content-changed', onChange);
    }
  });

  it('answers field errors with the shared texts and writes nothing', async () => {
    const before = await h.db.selectFrom('items').select('id').execute();
    const bad = await as.admin!.post('/api/content/collections/events/items', {
      ...post(''),
      slug: 'Not A Slug',
      body: '<p><a href="example.com">x</a></p>',
      status: 'scheduled',
      publishOn: new Date(START - 1000).toISOString(),
      startDate: START + 2 * 3_600_000,
      endDate: START + 3_600_000,
      timeZone: 'Mars/Olympus',
      location: {
        addressTitle: '',
        addressLine1: '',
        addressLine2: '',
        addressCountry: '',
        mapLat: 91,
        mapLng: -181,
        mapZoom: 12,
      },
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json<{ error: { code: string; fieldErrors: Record<string, string> } }>();
    expect(body.error.code).toBe('CONTENT_INVALID');
    expect(body.error.fieldErrors).toEqual({
      title: ItemFieldTexts.TITLE_REQUIRED,
      slug: ItemFieldTexts.SLUG_FORMAT,
      body: 'Links must be formatted as https://example.com or /page',
      publishOn: ItemFieldTexts.PUBLISH_ON_PAST,
      endDate: ItemFieldTexts.END_BEFORE_START,
      timeZone: ItemFieldTexts.TIME_ZONE_UNKNOWN,
      'location.mapLat': ItemFieldTexts.LATITUDE_RANGE,
      'location.mapLng': ItemFieldTexts.LONGITUDE_RANGE,
    });
    const noStart = await as.admin!.post('/api/content/collections/events/items', post('Fair'));
    expect(noStart.json<{ error: { fieldErrors: object } }>().error.fieldErrors).toEqual({
      startDate: ItemFieldTexts.START_REQUIRED,
    });
    // Bad shapes are a 400 from the schema, never a 500.
    const shape = await as.admin!.post('/api/content/collections/blog/items', { title: 3 });
    expect(shape.statusCode).toBe(400);
    // Products have their own API.
    const product = await as.admin!.post('/api/content/collections/s1-shop/items', post('Mug'));
    expect(product.statusCode).toBe(400);
    // Another website's collection is not found.
    const foreign = await as.admin!.post('/api/content/collections/other-blog/items', post('X'));
    expect(foreign.statusCode).toBe(404);
    expect(await h.db.selectFrom('items').select('id').execute()).toHaveLength(before.length);
  });

  it('keeps slugs unique in a collection (SLUG_TAKEN) and creates events and gallery items', async () => {
    const first = await create('admin', 'blog', post('Same Name'));
    expect(first.res.statusCode).toBe(201);
    const again = await create('admin', 'blog', post('Same Name'));
    expect(again.res.statusCode).toBe(409);
    const err = again.res.json<{ error: { code: string; fieldErrors: object } }>().error;
    expect(err.code).toBe('SLUG_TAKEN');
    expect(err.fieldErrors).toEqual({ slug: OwnerMessages.SLUG_TAKEN });

    const event = await create(
      'admin',
      'events',
      post('Harbor Fair', {
        startDate: START + 86_400_000,
        endDate: START + 90_000_000,
        timeZone: 'Europe/Paris',
        location: {
          addressTitle: 'Pier 3',
          addressLine1: '1 Quay St',
          addressLine2: '',
          addressCountry: 'France',
          mapLat: 48.85,
          mapLng: 2.35,
          mapZoom: 14,
        },
      }),
    );
    expect(event.res.statusCode, event.res.body).toBe(201);
    expect(event.item).toMatchObject({ timeZone: 'Europe/Paris', url: '/events/harbor-fair' });
    expect(event.item!.location).toMatchObject({ mapLat: 48.85, mapZoom: 14 });

    const photo = await create('admin', 'gallery', post('Dawn', { assetIds: ['img-a'] }));
    expect(photo.res.statusCode).toBe(201);
    expect(photo.item!.assetIds).toEqual(['img-a']);
  });

  it('stores and shows a body without scripts or event handlers', async () => {
    const { item } = await create(
      'admin',
      'blog',
      post('Sneaky', {
        body: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror="alert(2)"> there</p>',
      }),
    );
    expect(item!.body).toBe('<p>Hi there</p>');
    const page = await visitor().get('/blog/sneaky');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('alert(');
    expect(page.body).not.toContain('onerror');
  });

  it('refuses a stale save (409) and a save while someone else holds the lock (423)', async () => {
    const { item } = await create('admin', 'blog', post('Contested'));
    const stale = await as.admin!.put(`/api/content/items/${item!.id}`, {
      ...post('Contested'),
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: { code: string } }>().error.code).toBe('CONTENT_CONFLICT');

    await takeLock(h.db, {
      siteId: 's1',
      kind: 'items',
      targetId: item!.id,
      owner: { ownerId: ownerIds.editor!, displayName: 'editor' },
    });
    const locked = await as.admin!.put(`/api/content/items/${item!.id}`, {
      ...post('Contested'),
      version: 1,
    });
    expect(locked.statusCode).toBe(423);
    expect(locked.json<{ error: { message: string } }>().error.message).toBe(
      'This page is locked.',
    );
    // The holder saves.
    const mine = await as.editor!.put(`/api/content/items/${item!.id}`, {
      ...post('Contested'),
      version: 1,
    });
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('limits by role: viewers read, draft editors draft, editors publish', async () => {
    expect((await as.viewer!.get('/api/content/collections/blog/items')).statusCode).toBe(200);
    expect((await create('viewer', 'blog', post('V', { status: 'draft' }))).res.statusCode).toBe(
      403,
    );
    expect((await create('drafter', 'blog', post('D1'))).res.statusCode).toBe(403);
    const draft = await create('drafter', 'blog', post('D2', { status: 'needs-review' }));
    expect(draft.res.statusCode).toBe(201);
    expect((await as.drafter!.delete(`/api/content/items/${draft.item!.id}`)).statusCode).toBe(403);
    const published = await as.editor!.put(`/api/content/items/${draft.item!.id}`, {
      ...post('D2'),
      version: 1,
    });
    expect(published.statusCode).toBe(200);
    // Another website's owner sees nothing here.
    expect((await as.stranger!.get(`/api/content/items/${draft.item!.id}`)).statusCode).toBe(403);
  });

  it('hides every status but published from visitors: page, list, search, summaries', async () => {
    const hidden = ['draft', 'needs-review', 'private', 'deprecated'] as const;
    for (const status of hidden) {
      await create('admin', 'blog', post(`Secret ${status}`, { status, body: '<p>zebra</p>' }));
    }
    await create('admin', 'blog', post('Open zebra', { body: '<p>zebra</p>' }));
    for (const status of hidden) {
      expect((await visitor().get(`/blog/secret-${status}`)).statusCode).toBe(404);
    }
    const list = await visitor().get('/blog?format=json');
    const titles = list.json<{ items: { title: string }[] }>().items.map((i) => i.title);
    expect(titles).toContain('Open zebra');
    expect(titles.some((t) => t.startsWith('Secret'))).toBe(false);
    const search = await visitor().get('/search?q=zebra&format=json');
    const found = search.json<{ items: { title: string }[] }>().items.map((i) => i.title);
    expect(found).toEqual(['Open zebra']);

    // The owner's list has them all, filterable by status, with a total.
    const all = await as.admin!.get('/api/content/collections/blog/items?q=secret');
    expect(all.json<ItemListResponse>().total).toBe(4);
    const drafts = await as.admin!.get('/api/content/collections/blog/items?status=draft&limit=1');
    const d = drafts.json<ItemListResponse>();
    expect(d.items.map((i) => i.status)).toEqual(['draft']);
    expect(d.total).toBeGreaterThanOrEqual(1);
  });

  it('opens an unpublished item by its preview link for 7 days, never cached', async () => {
    const { item } = await create('admin', 'blog', post('Preview me', { status: 'draft' }));
    expect((await visitor().get(item!.url)).statusCode).toBe(404);
    const ok = await visitor().get(item!.previewUrl);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Preview me');
    expect(ok.headers['cache-control']).toContain('no-store');
    // The visitor's view is still a 404 (nothing went into the page cache).
    expect((await visitor().get(item!.url)).statusCode).toBe(404);

    const token = new URL(item!.previewUrl, 'http://x').searchParams.get('preview')!;
    const forged = `${token.slice(0, -2)}xx`;
    expect((await visitor().get(`${item!.url}?preview=${forged}`)).statusCode).toBe(404);
    // A token for this item does not open another.
    const other = await create('admin', 'blog', post('Other draft', { status: 'draft' }));
    expect((await visitor().get(`${other.item!.url}?preview=${token}`)).statusCode).toBe(404);

    clock += PREVIEW_TTL_MS + 1000;
    try {
      expect((await visitor().get(item!.previewUrl)).statusCode).toBe(404);
    } finally {
      clock -= PREVIEW_TTL_MS + 1000;
    }
  });

  it('restores a version through the versions adapter, as a save labelled with its number', async () => {
    const { item } = await create('admin', 'blog', post('First words'));
    const edited = await as.editor!.put(`/api/content/items/${item!.id}`, {
      ...post('Second words'),
      slug: item!.slug,
      version: 1,
    });
    expect(edited.statusCode).toBe(200);
    const [latest, first] = await listVersions(h.db, 's1', 'items', item!.id);
    expect([latest?.n, first?.n]).toEqual([2, 1]);
    const stored = await h.db
      .selectFrom('content_versions')
      .select('doc')
      .where('target_id', '=', item!.id)
      .where('n', '=', 1)
      .executeTakeFirstOrThrow();
    // The adapter gets what the generic route gives it: the request, the id, the doc and n.
    const req = {
      site: { id: 's1' },
      owner: { ownerId: ownerIds.admin, displayName: 'admin', email: 'admin@demo.test' },
    } as unknown as Parameters<NonNullable<typeof versionedAdapters.items>['restore']>[0];
    const restored = (await versionedAdapters.items!.restore(
      req,
      item!.id,
      stored.doc,
      1,
    )) as ItemDoc;
    expect(restored).toMatchObject({ title: 'First words', version: 3 });
    const labels = (await listVersions(h.db, 's1', 'items', item!.id)).map((v) => v.label);
    expect(labels[0]).toBe('Restored from version 1');
    expect(await versionedAdapters.items!.exists(h.db, 's2', item!.id)).toBe(false);
  });

  it('publishes a scheduled post when its time comes, once, by the queue job', async () => {
    const at = new Date(clock + 60_000).toISOString();
    const { res, item } = await create(
      'admin',
      'blog',
      post('Soon', { status: 'scheduled', publishOn: at }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(item!.publishedOn).toBe(at);
    await deps.jobs.drain();
    expect((await visitor().get('/blog/soon')).statusCode).toBe(404);

    clock += 61_000;
    await deps.jobs.drain();
    const page = await visitor().get('/blog/soon');
    expect(page.statusCode).toBe(200);
    const list = await visitor().get('/blog?format=json');
    expect(list.json<{ items: { title: string }[] }>().items[0]?.title).toBe('Soon');
    const stored = await as.admin!.get(`/api/content/items/${item!.id}`);
    expect(stored.json<{ item: ItemDoc }>().item).toMatchObject({
      status: 'published',
      publishedOn: at,
      version: 2,
    });
  });
});
