import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { renderImage } from '../seed/render-image.js';
import { LocalStorage } from '../media/storage/local-storage.js';
import { insertTestSite } from '../testing/site-fixtures.js';

const SVG = (color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="${color}"/></svg>`;

describeEachBackend('image serving', (kind) => {
  let h: DatabaseHandle;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'img-route-'));
    for (const [id, slug] of [
      ['s1', 'demo'],
      ['s2', 'other'],
    ] as const) {
      await insertTestSite(h.db, { id, slug });
    }
    for (const [assetId, siteId, color] of [
      ['img-a', 's1', '#b5653f'],
      ['img-b', 's2', '#4f7f86'],
    ] as const) {
      const r = await renderImage({
        storage: new LocalStorage(dataDir),
        assetId,
        svg: SVG(color),
        width: 320,
        height: 200,
      });
      await h.db
        .insertInto('assets')
        .values({
          id: assetId,
          site_id: siteId,
          filename: `${assetId}.jpg`,
          content_type: 'image/jpeg',
          width: r.width,
          height: r.height,
          color_data: JSON.stringify(r.colorData),
          widths: JSON.stringify(r.widths),
        })
        .execute();
    }
    ({ app } = await buildTestApp(h, { config: { dataDir } }));
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the SPEC widths up to the original and their colour averages', () => {
    expect(fs.readdirSync(path.join(dataDir, 'assets', 'img-a')).sort()).toEqual([
      '100w.jpg',
      '100w.webp',
      '300w.jpg',
      '300w.webp',
    ]);
  });

  it('serves a stored width with an immutable cache header and no cookie', async () => {
    const v = new Visitor(app);
    const webp = await v.get('/static/images/img-a/300w.webp');
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(webp.headers['set-cookie']).toBeUndefined();
    expect(webp.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const jpg = await v.get('/static/images/img-a/100w.jpg');
    expect(jpg.statusCode).toBe(200);
    expect(jpg.headers['content-type']).toBe('image/jpeg');
    expect(jpg.rawPayload[0]).toBe(0xff);
    expect(jpg.rawPayload[1]).toBe(0xd8);
  });

  it('answers the engine helpers’ {assetUrl}?format={w}w and a bare assetUrl', async () => {
    const v = new Visitor(app);
    const webp = { accept: 'image/avif,image/webp,image/apng,*/*;q=0.8' };
    const cases: [string, Record<string, string>, string][] = [
      ['/static/images/img-a?format=300w', webp, '/static/images/img-a/300w.webp'],
      [
        '/static/images/img-a?format=100w',
        { accept: 'image/jpeg' },
        '/static/images/img-a/100w.jpg',
      ],
      // Wider than the 320 px original: its widest stored copy.
      ['/static/images/img-a?format=1500w', webp, '/static/images/img-a/300w.webp'],
      ['/static/images/img-a?format=original', webp, '/static/images/img-a/300w.webp'],
      ['/static/images/img-a', webp, '/static/images/img-a/300w.webp'],
    ];
    for (const [url, headers, location] of cases) {
      const res = await v.get(url, headers);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
      expect(res.headers.vary, url).toContain('Accept');
      expect(res.headers['set-cookie'], url).toBeUndefined();
      const image = await v.get(res.headers.location as string);
      expect(image.statusCode, url).toBe(200);
    }
    for (const url of [
      '/static/images/img-a?format=400w',
      '/static/images/img-a?format=big',
      '/static/images/nope?format=100w',
      '/static/images/img-b?format=100w',
    ]) {
      expect((await v.get(url)).statusCode, url).toBe(404);
    }
  });

  it("refuses other websites' assets, widths not stored and odd names", async () => {
    const v = new Visitor(app);
    expect((await v.get('/static/images/img-b/100w.webp')).statusCode).toBe(404);
    expect(
      (await new Visitor(app, 'other.localhost').get('/static/images/img-b/100w.webp')).statusCode,
    ).toBe(200);
    expect(
      (await new Visitor(app, 'other.localhost').get('/static/images/img-a/100w.webp')).statusCode,
    ).toBe(404);
    for (const url of [
      '/static/images/img-a/500w.webp',
      '/static/images/img-a/300w.png',
      '/static/images/img-a/..%2F..%2Fsecret',
      '/static/images/nope/100w.webp',
      '/static/images/img%2Fa/100w.webp',
    ]) {
      const res = await v.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).not.toContain('immutable');
    }
  });

  it('a process whose DATA_DIR lacks the files renders them from the database record', async () => {
    await h.db
      .insertInto('asset_sources')
      .values({ asset_id: 'img-a', svg: SVG('#b5653f') })
      .execute();
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'img-route-other-'));
    const other = (await buildTestApp(h, { config: { dataDir: otherDir } })).app;
    try {
      const v = new Visitor(other);
      const res = await v.get('/static/images/img-a/300w.webp');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      // The same picture as the seeding process's file (same source, same settings).
      expect(
        res.rawPayload.equals(fs.readFileSync(path.join(dataDir, 'assets', 'img-a', '300w.webp'))),
      ).toBe(true);
      expect(fs.readdirSync(path.join(otherDir, 'assets'))).toEqual(['img-a']);
      expect((await v.get('/static/images/img-a/100w.jpg')).statusCode).toBe(200);
      // No source recorded: still 404 (and nothing half-written is left behind).
      const b = await new Visitor(other, 'other.localhost').get('/static/images/img-b/100w.webp');
      expect(b.statusCode).toBe(404);
      expect(fs.readdirSync(path.join(otherDir, 'assets'))).toEqual(['img-a']);
    } finally {
      await other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
