import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { insertTestSite } from '../testing/site-fixtures.js';
import { RecordType, Role } from '../../shared/enums.js';
import type { MediaAsset, MediaListResponse } from '../../shared/media/api.js';
import { signedFileUrl } from './signed-links.js';
import { startFakeS3, type FakeS3 } from '../testing/fake-s3.js';
import { S3Storage } from './storage/s3-storage.js';
import { filesUnder, multipartFile, TEST_PDF, testJpeg, testPng } from './media-test-helpers.js';

describeEachBackend('media library API', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let dataDir: string;
  let admin: Visitor;
  let viewer: Visitor;
  let jpeg: Buffer;

  const upload = (v: Visitor, name: string, bytes: Buffer, type?: string) => {
    const m = multipartFile(name, bytes, type);
    return v.post('/api/media', m.payload, m.headers);
  };
  const replace = (v: Visitor, id: string, name: string, bytes: Buffer) => {
    const m = multipartFile(name, bytes);
    return v.put(`/api/media/${id}/file`, m.payload, m.headers);
  };
  const patch = (v: Visitor, id: string, body: unknown) =>
    v.request({ method: 'PATCH', url: `/api/media/${id}`, payload: body as object });
  const assetCount = async () =>
    Number(
      (
        await h.db
          .selectFrom('assets')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const contentVersion = async () =>
    (
      await h.db
        .selectFrom('sites')
        .select('content_version')
        .where('id', '=', 's1')
        .executeTakeFirstOrThrow()
    ).content_version;

  async function signIn(email: string, role: number): Promise<Visitor> {
    const id = await createOwner(h.db, { email, password: 'pw-123456', displayName: email });
    await grantRole(h.db, 's1', id, role);
    const v = new Visitor(app);
    const res = await v.post('/api/auth/login', { email, password: 'pw-123456' });
    expect(res.statusCode, res.body).toBe(200);
    return v;
  }

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-api-'));
    await insertTestSite(h.db, { id: 's1', slug: 'demo', shop: true });
    await insertTestSite(h.db, { id: 's2', slug: 'other' });
    ({ app } = await buildTestApp(h, { config: { dataDir } }));
    admin = await signIn('admin@media.test', Role.ADMIN);
    viewer = await signIn('viewer@media.test', Role.VIEWER);
    jpeg = await testJpeg(1200, 800);
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let photo: MediaAsset;

  it('uploads an image: checked by its bytes, stored in the SPEC widths as WebP and JPEG', async () => {
    // The name says PNG; the bytes are a JPEG, and the bytes decide.
    const res = await upload(admin, 'Summer sale.png', jpeg, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    photo = res.json<{ asset: MediaAsset }>().asset;
    expect(photo).toMatchObject({
      kind: 'image',
      filename: 'Summer sale.png',
      contentType: 'image/jpeg',
      size: jpeg.length,
      originalSize: '1200x800',
      widths: [100, 300, 500, 750, 1000],
      revision: 1,
      focalPoint: { x: 0.5, y: 0.5 },
      assetUrl: `/static/images/${photo.id}`,
    });
    expect(filesUnder(path.join(dataDir, 'assets', photo.id))).toHaveLength(10);
    expect(fs.existsSync(path.join(dataDir, 'files', photo.id, 'r1'))).toBe(true);
    const row = await h.db
      .selectFrom('assets')
      .select('color_data')
      .where('id', '=', photo.id)
      .executeTakeFirstOrThrow();
    expect(Object.keys(row.color_data)).toContain('centerAverage');

    const served = await new Visitor(app).get(`${photo.assetUrl}/750w.webp`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await (await import('sharp')).default(served.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 750]);
  });

  it('keeps transparency in WebP and stores a small image at the smallest width', async () => {
    const res = await upload(admin, 'badge.png', await testPng(80, 40));
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<{ asset: MediaAsset }>().asset;
    expect([a.contentType, a.widths, a.originalSize]).toEqual(['image/png', [100], '80x40']);
    const webp = await new Visitor(app).get(`${a.assetUrl}/100w.webp`);
    const meta = await (await import('sharp')).default(webp.rawPayload).metadata();
    expect(meta.hasAlpha).toBe(true);
  });

  it('refuses what is not what it claims, too large or SVG, storing nothing', async () => {
    const before = await assetCount();
    const filesBefore = filesUnder(dataDir);

    const text = await upload(admin, 'photo.jpg', Buffer.from('just some text, not a picture'));
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({
      code: 'FILE_TYPE_UNSUPPORTED',
      message: 'The file photo.jpg does not appear to be a supported image file.',
    });

    const other = await upload(admin, 'notes.txt', Buffer.from('plain text has no signature'));
    expect(other.statusCode).toBe(415);
    expect(other.json().message).toBe('The file notes.txt does not appear to be a supported file.');

    // A JPEG signature, then garbage: it passes the sniffer but sharp cannot read it.
    const broken = await upload(
      admin,
      'broken.jpg',
      Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(500, 1)]),
    );
    expect(broken.statusCode).toBe(415);

    const svg = await upload(
      admin,
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe(
      'The file logo.svg does not appear to be a supported image file.',
    );

    const huge = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(20 * 1024 * 1024 + 10, 0)]);
    const tooLarge = await upload(admin, 'huge.jpg', huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The file huge.jpg is too large. The maximum allowed file size is 20 MB.',
    });

    // A small file that claims 20000 × 20000 pixels is refused before decoding.
    const bomb = await (
      await import('sharp')
    )
      .default({
        create: { width: 12000, height: 9000, channels: 3, background: '#fff' },
      })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const refusedBomb = await upload(admin, 'bomb.png', bomb);
    expect(refusedBomb.statusCode).toBe(413);
    expect(refusedBomb.json().message).toBe(
      'The file bomb.png is too large. The maximum allowed file size is 100 megapixels.',
    );

    const json = await admin.post('/api/media', { file: 'x' });
    expect(json.statusCode).toBe(400);
    // Broken multipart bodies are the client's fault, never a 500.
    for (const [type, body] of [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=abc', 'garbage without parts'],
      [
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="f"\r\n\r\nx',
      ],
    ] as const) {
      const res = await admin.post('/api/media', body, { 'content-type': type });
      expect(res.statusCode, `${type}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${type}: ${res.body}`).toBeLessThan(500);
    }

    expect(await assetCount()).toBe(before);
    expect(filesUnder(dataDir)).toEqual(filesBefore);
  }, 60_000);

  it('takes files to sell by their signature; they are never public, only by signed link', async () => {
    const res = await upload(admin, 'Guide (v2).pdf', TEST_PDF, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(201);
    const pdf = res.json<{ asset: MediaAsset }>().asset;
    expect(pdf).toMatchObject({
      kind: 'file',
      contentType: 'application/pdf',
      assetUrl: null,
      widths: [],
    });
    expect(pdf.downloadUrl).toMatch(/^\/api\/media\/.+\/download\?expires=\d+&signature=/);

    const anyone = new Visitor(app);
    const url = signedFileUrl({ id: 's1' }, pdf.id, 60);
    const dl = await anyone.get(url);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="Guide (v2).pdf"; filename*=UTF-8''Guide%20(v2).pdf`,
    );
    expect(dl.rawPayload.equals(TEST_PDF)).toBe(true);

    expect(dl.headers['accept-ranges']).toBe('bytes');
    // A resumed download: one range, 206.
    const part = await anyone.get(url, { range: 'bytes=5-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-9/${TEST_PDF.length}`);
    expect(part.rawPayload.equals(TEST_PDF.subarray(5, 10))).toBe(true);
    const tail = await anyone.get(url, { range: 'bytes=-4' });
    expect(tail.rawPayload.equals(TEST_PDF.subarray(-4))).toBe(true);
    // One it cannot meet: the whole file.
    expect((await anyone.get(url, { range: 'bytes=99999-' })).statusCode).toBe(200);

    // A changed signature (its first character, to one it is not) is refused.
    const forged = url.replace(
      /signature=(.)/,
      (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await anyone.get(forged)).statusCode).toBe(403);
    const expired = signedFileUrl({ id: 's1' }, pdf.id, 60, Date.now() - 3_600_000);
    expect((await anyone.get(expired)).statusCode).toBe(403);
    // Signed for another website: not valid on this one.
    expect((await anyone.get(signedFileUrl({ id: 's2' }, pdf.id, 60))).statusCode).toBe(403);
    expect((await anyone.get(`/static/images/${pdf.id}/100w.webp`)).statusCode).toBe(404);
  });

  it('lists newest first with search, kind filter and cursor paging; owners only', async () => {
    const all = (await admin.get('/api/media')).json<MediaListResponse>();
    expect(all.assets.map((a) => a.filename)).toEqual([
      'Guide (v2).pdf',
      'badge.png',
      'Summer sale.png',
    ]);
    expect(all.nextCursor).toBeNull();

    const images = (await admin.get('/api/media?kind=image')).json<MediaListResponse>();
    expect(images.assets.map((a) => a.kind)).toEqual(['image', 'image']);
    const found = (await admin.get('/api/media?q=summer')).json<MediaListResponse>();
    expect(found.assets.map((a) => a.id)).toEqual([photo.id]);
    expect((await admin.get('/api/media?q=100%25')).json<MediaListResponse>().assets).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: MediaListResponse = (
        await admin.get(`/api/media?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.assets.length).toBeLessThanOrEqual(1);
      seen.push(...page.assets.map((a) => a.filename));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.assets.map((a) => a.filename));
    expect((await admin.get('/api/media?cursor=bogus')).statusCode).toBe(400);

    // A viewer reads; signed-out visitors do not.
    expect((await viewer.get('/api/media')).statusCode).toBe(200);
    expect((await new Visitor(app).get('/api/media')).statusCode).toBe(401);
    // On another website the same owner sees none of them.
    const adminId = (
      await h.db
        .selectFrom('owners')
        .select('id')
        .where('email', '=', 'admin@media.test')
        .executeTakeFirstOrThrow()
    ).id;
    await grantRole(h.db, 's2', adminId, Role.ADMIN);
    const other = new Visitor(app, 'other.localhost');
    for (const [k, v] of admin.cookies) other.cookies.set(k, v);
    expect((await other.get(`/api/media/${photo.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/media')).json<MediaListResponse>().assets).toEqual([]);
  });

  it('renames (blank refused), sets title, alt text and focal point; pages drop their caches', async () => {
    const v0 = await contentVersion();
    const blank = await patch(admin, photo.id, { filename: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({
      code: 'FILE_NAME_REQUIRED',
      message: 'Please enter a file name',
    });
    expect(await contentVersion()).toBe(v0);
    const bad = await patch(admin, photo.id, { focalPoint: { x: 1.5, y: 0.2 } });
    expect(bad.statusCode).toBe(400);
    // An empty patch changes nothing: the asset as it is (a missing one is 404), nothing bumped.
    const empty = await patch(admin, photo.id, {});
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().asset.id).toBe(photo.id);
    expect((await patch(admin, 'no-such-asset', {})).statusCode).toBe(404);
    expect(await contentVersion()).toBe(v0);

    const res = await patch(admin, photo.id, {
      filename: ' beach.jpg ',
      title: 'Beach',
      altText: 'A sandy beach at sunset',
      focalPoint: { x: 0.25, y: 0.75 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().asset).toMatchObject({
      filename: 'beach.jpg',
      title: 'Beach',
      altText: 'A sandy beach at sunset',
      focalPoint: { x: 0.25, y: 0.75 },
    });
    expect(await contentVersion()).toBe(v0 + 1);
    expect((await patch(viewer, photo.id, { title: 'no' })).statusCode).toBe(403);
    expect((await admin.get(`/api/media/${photo.id}`)).json().asset.title).toBe('Beach');
  });

  it('replaces the bytes under a new revision and URL; the old URL redirects', async () => {
    const oldUrl = `${photo.assetUrl}/300w.webp`;
    const v0 = await contentVersion();
    const res = await replace(admin, photo.id, 'beach-2.jpg', await testJpeg(600, 900, 200));
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ asset: MediaAsset }>().asset;
    expect(after).toMatchObject({
      id: photo.id,
      revision: 2,
      assetUrl: `/static/images/${photo.id}.r2`,
      originalSize: '600x900',
      widths: [100, 300, 500],
      filename: 'beach.jpg',
      altText: 'A sandy beach at sunset',
    });
    expect(await contentVersion()).toBe(v0 + 1);
    const fresh = await new Visitor(app).get(`${after.assetUrl}/300w.webp`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toContain('immutable');
    const stale = await new Visitor(app).get(oldUrl);
    expect(stale.statusCode).toBe(302);
    expect(stale.headers.location).toBe(`${after.assetUrl}/300w.webp`);
    // Only the new revision's objects are left.
    expect(filesUnder(path.join(dataDir, 'assets', photo.id))).toEqual(
      ['100w.jpg', '100w.webp', '300w.jpg', '300w.webp', '500w.jpg', '500w.webp'].map((f) =>
        path.join('r2', f),
      ),
    );
    expect(filesUnder(path.join(dataDir, 'files', photo.id))).toEqual(['r2']);

    // An image stays an image.
    const pdfInstead = await replace(admin, photo.id, 'guide.pdf', TEST_PDF);
    expect(pdfInstead.statusCode).toBe(415);
    expect(pdfInstead.json().message).toBe(
      'The file guide.pdf does not appear to be a supported image file.',
    );
    expect((await admin.get(`/api/media/${photo.id}`)).json().asset.revision).toBe(2);
    photo = after;
  });

  it('refuses to delete what a product uses, then deletes rows and objects', async () => {
    await h.db
      .insertInto('items')
      .values({
        id: 'item-beach',
        site_id: 's1',
        collection_id: 's1-shop',
        url_id: 'beach-print',
        title: 'Beach print',
        record_type: RecordType.STORE_ITEM,
        main_image_id: photo.id,
      })
      .execute();
    const used = await admin.delete(`/api/media/${photo.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toMatchObject({
      code: 'MEDIA_IN_USE',
      usedBy: [{ itemId: 'item-beach', title: 'Beach print', role: 'main image' }],
    });
    expect(fs.existsSync(path.join(dataDir, 'assets', photo.id))).toBe(true);

    await h.db
      .updateTable('items')
      .set({ main_image_id: null })
      .where('id', '=', 'item-beach')
      .execute();
    expect((await viewer.delete(`/api/media/${photo.id}`)).statusCode).toBe(403);
    const v0 = await contentVersion();
    const gone = await admin.delete(`/api/media/${photo.id}`);
    expect(gone.statusCode).toBe(204);
    expect(await contentVersion()).toBe(v0 + 1);
    expect((await admin.get(`/api/media/${photo.id}`)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(dataDir, 'assets', photo.id))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'files', photo.id))).toBe(false);
    expect((await new Visitor(app).get(`${photo.assetUrl}/300w.webp`)).statusCode).toBe(404);
  });
});

describeEachBackend('media library on S3', (kind) => {
  let h: DatabaseHandle;
  let s3: FakeS3;
  let bucket: S3Storage;
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    s3 = await startFakeS3();
    bucket = new S3Storage(s3.settings);
    await insertTestSite(h.db, { id: 's1', slug: 'demo' });
    const id = await createOwner(h.db, {
      email: 'a@s3.test',
      password: 'pw-123456',
      displayName: 'A',
    });
    await grantRole(h.db, 's1', id, Role.EDITOR);
    // Two servers on one database and one bucket, each with a DATA_DIR of its own: another
    // machine's process serves what this one stored.
    for (let i = 0; i < 2; i++) {
      dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'media-s3-')));
      apps.push((await buildTestApp(h, { config: { dataDir: dirs[i], s3: s3.settings } })).app);
    }
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await h?.close();
    bucket?.destroy();
    await s3?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('stores in the bucket; any process serves, replaces and deletes', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const editorA = new Visitor(a);
    const editorB = new Visitor(b);
    for (const v of [editorA, editorB]) {
      expect(
        (await v.post('/api/auth/login', { email: 'a@s3.test', password: 'pw-123456' })).statusCode,
      ).toBe(200);
    }
    const m = multipartFile('shop.jpg', await testJpeg(640, 480));
    const res = await editorA.post('/api/media', m.payload, m.headers);
    expect(res.statusCode, res.body).toBe(201);
    const asset = res.json<{ asset: MediaAsset }>().asset;
    expect(await bucket.exists(`assets/${asset.id}/500w.webp`)).toBe(true);
    expect(await bucket.exists(`files/${asset.id}/r1`)).toBe(true);
    for (const d of dirs) expect(filesUnder(d)).toEqual([]);

    const served = await new Visitor(b).get(`${asset.assetUrl}/500w.jpg`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect([served.rawPayload[0], served.rawPayload[1]]).toEqual([0xff, 0xd8]);

    const r = multipartFile('shop-2.jpg', await testJpeg(320, 240, 120));
    const replaced = await editorB.put(`/api/media/${asset.id}/file`, r.payload, r.headers);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await bucket.exists(`assets/${asset.id}/500w.webp`)).toBe(false);
    expect(await bucket.exists(`assets/${asset.id}/r2/300w.webp`)).toBe(true);
    expect((await new Visitor(a).get(`/static/images/${asset.id}.r2/300w.webp`)).statusCode).toBe(
      200,
    );

    const p = multipartFile('book.pdf', TEST_PDF);
    const pdf = await editorA.post('/api/media', p.payload, p.headers);
    const file = pdf.json<{ asset: MediaAsset }>().asset;
    const dl = await new Visitor(b).get(signedFileUrl({ id: 's1' }, file.id, 60));
    expect(dl.rawPayload.equals(TEST_PDF)).toBe(true);

    expect((await editorA.delete(`/api/media/${asset.id}`)).statusCode).toBe(204);
    expect(await bucket.exists(`assets/${asset.id}/r2/300w.webp`)).toBe(false);
    expect(await bucket.exists(`files/${asset.id}/r2`)).toBe(false);
  });
});
