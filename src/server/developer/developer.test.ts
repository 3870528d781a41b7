import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { buildTestApp, Visitor } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { seedRenderSite } from '../render/testing/seed-render-site.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';
import type {
  DeveloperStatusJson,
  ThemeErrorsBody,
  ThemeFileJson,
  ThemeFilesJson,
  ThemePreviewJson,
  ThemeRenderErrorsJson,
  ThemeSaveJson,
  ThemeVersionDiffJson,
  ThemeVersionsJson,
} from '../../shared/developer/api.js';
import { themeFileKind } from '../../shared/developer/api.js';

const HOOK_TIMEOUT = 120_000;
const SITE = 'site-r';
const PAGE = 'collections/page.page';
const ORIGINAL_PAGE = fs.readFileSync(
  path.join(import.meta.dirname, '../../../themes/default', PAGE),
  'utf8',
);

describe('themeFileKind', () => {
  it('takes templates, partials, CSS and the settings file, nothing else', () => {
    expect(themeFileKind('site.region')).toBe('template');
    expect(themeFileKind('collections/blog.item')).toBe('template');
    expect(themeFileKind('blocks/card.block')).toBe('partial');
    expect(themeFileKind('assets/site.css')).toBe('css');
    expect(themeFileKind('theme.json')).toBe('settings');
    for (const bad of [
      '../x.page',
      'a/../b.page',
      'x.js',
      'blocks/x.json',
      '/abs.page',
      'a//b.page',
      'a\\b.page',
      '',
      'a/b/c/d/e.page',
    ]) {
      expect(themeFileKind(bad), bad).toBeUndefined();
    }
  });
});

describeEachBackend('developer mode', (kind) => {
  let h: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let admin: Visitor;
  let manager: Visitor;
  const visitor = () => new Visitor(app!);

  async function signIn(email: string, role: number) {
    const id = await createOwner(h!.db, { email, password: 'pw-123456', displayName: email });
    await grantRole(h!.db, SITE, id, role);
    const v = new Visitor(app!);
    const r = await v.post('/api/auth/login', { email, password: 'pw-123456' });
    expect(r.statusCode, r.body).toBe(200);
    return v;
  }
  const home = async () => {
    const r = await visitor().get('/');
    expect(r.statusCode).toBe(200);
    return r.body;
  };
  const save = (file: string, content: string) =>
    admin.put(`/api/developer/files/${file}`, { content });
  const liveFile = async (file: string) =>
    (await admin.get(`/api/developer/files/${file}`)).json<ThemeFileJson>().content;
  const auditCount = async (action: string) =>
    (
      await h!.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('site_id', '=', SITE)
        .where('action', '=', action as never)
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await seedRenderSite(h.db);
    ({ app } = await buildTestApp(h, { config: { pageCache: true } }));
    admin = await signIn('admin@dev.test', Role.ADMIN);
    manager = await signIn('manager@dev.test', Role.WEBSITE_MANAGER);
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  }, HOOK_TIMEOUT);

  it('is for admins only, and its files need the mode on', async () => {
    expect((await visitor().get('/api/developer')).statusCode).toBe(401);
    expect((await manager.get('/api/developer')).statusCode).toBe(403);
    expect((await manager.put('/api/developer/mode', { enabled: true })).statusCode).toBe(403);
    const status = await admin.get('/api/developer');
    expect(status.json<DeveloperStatusJson>()).toMatchObject({ enabled: false, liveVersion: null });
    const off = await admin.get('/api/developer/files');
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ error: { code: 'DEVELOPER_MODE_OFF' } });
  });

  it('turns on with a copy of the theme as version 1', async () => {
    const r = await admin.put('/api/developer/mode', { enabled: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<DeveloperStatusJson>()).toMatchObject({
      enabled: true,
      theme: 'default',
      liveVersion: { number: 1, action: 'start', live: true, actorEmail: 'admin@dev.test' },
    });
    const files = (await admin.get('/api/developer/files')).json<ThemeFilesJson>().files;
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['site.region', PAGE, 'blocks/product-card.block', 'assets/site.css']),
    );
    expect(files.find((f) => f.path === PAGE)).toMatchObject({ kind: 'template' });
    expect(await liveFile(PAGE)).toBe(ORIGINAL_PAGE);
    expect(await auditCount('developer.mode')).toBe(1);
  });

  it('publishes a save at once, past the page cache', async () => {
    expect(await home()).not.toContain('DEV-MARK-1');
    const r = await save(PAGE, `<p class="dev">DEV-MARK-1</p>\n${ORIGINAL_PAGE}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<ThemeSaveJson>().version).toMatchObject({
      number: 2,
      action: 'save',
      file: PAGE,
    });
    expect(await home()).toContain('DEV-MARK-1');
    expect(await auditCount('developer.save')).toBe(1);
  });

  it('refuses a template that does not compile with file and line, and the live page stays', async () => {
    const broken = `<h1>{collection.title}</h1>\n<p>{collection.title|no-such-formatter}</p>\n{.section collection}\n<p>{title}</p>\n`;
    const r = await save(PAGE, broken);
    expect(r.statusCode).toBe(422);
    const body = r.json<ThemeErrorsBody>();
    expect(body.error.code).toBe('TEMPLATE_ERRORS');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        {
          file: PAGE,
          line: 2,
          message: expect.stringMatching(/Formatter 'no-such-formatter' is unknown/),
        },
        { file: PAGE, line: 3, message: expect.stringMatching(/EOF in the middle of SECTION/) },
      ]),
    );
    for (const [content, line, re] of [
      ['a\n\n{@|apply nope.block}', 3, /partial 'nope\.block' which could not be found/],
      ['{.eval 1 + (2}', 1, /Error parsing expression/],
      [
        '{.if no-such-predicate? a}x{.end}\n{.unknown? x}y{.end}',
        2,
        /Predicate 'unknown\?' is unknown/,
      ],
    ] as const) {
      const res = await save(PAGE, content);
      expect(res.statusCode, content).toBe(422);
      expect(res.json<ThemeErrorsBody>().errors, content).toContainEqual({
        file: PAGE,
        line,
        message: expect.stringMatching(re),
      });
    }
    const badJson = await save('theme.json', '{\n  "name": "x",\n}');
    expect(badJson.statusCode).toBe(422);
    expect(badJson.json<ThemeErrorsBody>().errors[0]).toMatchObject({ file: 'theme.json' });

    const page = await home();
    expect(page).toContain('DEV-MARK-1');
    expect(page).not.toMatch(/no-such-formatter|SyntaxError|RuntimeError/);
    expect(await liveFile(PAGE)).toContain('DEV-MARK-1');
    expect(await auditCount('developer.save')).toBe(1);
    const versions = (await admin.get('/api/developer/versions')).json<ThemeVersionsJson>();
    expect(versions.versions).toHaveLength(2);
  });

  it('refuses paths and sizes it does not take, with a 4xx', async () => {
    for (const p of ['x.js', '..%2Fsecret.page', 'blocks/x.json', 'a%5Cb.page']) {
      const r = await save(p, 'x');
      expect(r.statusCode, p).toBe(400);
      expect(r.json(), p).toMatchObject({ error: { code: 'THEME_FILE_INVALID' } });
    }
    expect((await save('%E0%A4%A.page', 'x')).statusCode).toBe(400);
    const big = await save('assets/big.css', 'a'.repeat(300 * 1024));
    expect(big.statusCode).toBeGreaterThanOrEqual(400);
    expect(big.statusCode).toBeLessThan(500);
    expect((await admin.get('/api/developer/files/nope.page')).statusCode).toBe(404);
  });

  it('previews an unsaved change without publishing it', async () => {
    const r = await admin.post('/api/developer/preview', {
      path: '/',
      file: PAGE,
      content: `<p>DRAFT-MARK</p>\n${ORIGINAL_PAGE}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    const preview = r.json<ThemePreviewJson>();
    expect(preview).toMatchObject({ status: 200, errors: [] });
    expect(preview.html).toContain('DRAFT-MARK');
    const broken = await admin.post('/api/developer/preview', {
      path: '/',
      file: PAGE,
      content: '<p>{collection.title|oops}</p>',
    });
    const errors = broken.json<ThemePreviewJson>().errors;
    expect(errors).toContainEqual({
      file: PAGE,
      line: 1,
      message: expect.stringMatching(/'oops'/),
    });
    expect(broken.json<ThemePreviewJson>().html).not.toContain('oops');
    expect(await home()).not.toContain('DRAFT-MARK');
  });

  it('collects errors only content shows on every render, for the editor, never for visitors', async () => {
    // Always recursing is known when compiling: refused with its line.
    const endless = await save('blocks/loop.block', 'a\n<i>{@|apply loop.block}</i>');
    expect(endless.statusCode).toBe(422);
    expect(endless.json<ThemeErrorsBody>().errors).toContainEqual({
      file: 'blocks/loop.block',
      line: 2,
      message: expect.stringMatching(/'loop\.block' exceeded maximum recursion depth of 16/),
    });
    // Recursing through data only shows when it renders.
    const r = await save('blocks/loop.block', '<i>{.section @}{@|apply loop.block}{.end}</i>');
    expect(r.statusCode, r.body).toBe(200);
    expect((await save(PAGE, `${ORIGINAL_PAGE}\n{@|apply loop.block}`)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const page = await home();
      expect(page).not.toMatch(/recursion|RuntimeError/);
      const log = (await admin.get('/api/developer/errors')).json<ThemeRenderErrorsJson>();
      const entry = log.pages.find((p) => p.path === '/');
      expect(entry?.errors).toContainEqual({
        file: PAGE,
        line: expect.any(Number),
        message: expect.stringMatching(/exceeded maximum recursion depth of 16/),
      });
      // A second process-local render (page cache off for JSON) records them again.
      await admin.get('/?format=json');
    }
  });

  it('lists versions with diffs, restores one and resets to the theme', async () => {
    const { versions } = (await admin.get('/api/developer/versions')).json<ThemeVersionsJson>();
    expect(versions.map((v) => v.number)).toEqual([4, 3, 2, 1]);
    expect(versions[0]).toMatchObject({ live: true, file: PAGE, actorEmail: 'admin@dev.test' });
    const v2 = versions.find((v) => v.number === 2)!;
    const diff = (await admin.get(`/api/developer/versions/${v2.id}`)).json<ThemeVersionDiffJson>();
    expect(diff.changes).toEqual([
      {
        file: PAGE,
        before: ORIGINAL_PAGE,
        after: `<p class="dev">DEV-MARK-1</p>\n${ORIGINAL_PAGE}`,
      },
    ]);
    const added = versions.find((v) => v.number === 3)!;
    const d3 = (
      await admin.get(`/api/developer/versions/${added.id}`)
    ).json<ThemeVersionDiffJson>();
    expect(d3.changes).toEqual([
      { file: 'blocks/loop.block', before: null, after: expect.any(String) },
    ]);

    const restored = await admin.post(`/api/developer/versions/${v2.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<ThemeSaveJson>().version).toMatchObject({ number: 5, action: 'restore' });
    expect(await home()).toContain('DEV-MARK-1');
    expect(await liveFile(PAGE)).toBe(`<p class="dev">DEV-MARK-1</p>\n${ORIGINAL_PAGE}`);

    const reset = await admin.post('/api/developer/reset', {});
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<ThemeSaveJson>().version).toMatchObject({ number: 6, action: 'reset' });
    expect(await liveFile(PAGE)).toBe(ORIGINAL_PAGE);
    expect(await home()).not.toContain('DEV-MARK-1');
    expect((await admin.get('/api/developer/files/blocks/loop.block')).statusCode).toBe(404);
    expect(await auditCount('developer.restore')).toBe(1);
    expect(await auditCount('developer.reset')).toBe(1);
    expect((await admin.get('/api/developer/versions/nope')).statusCode).toBe(404);
  });

  it('round-trips the theme as a zip, compiled before it goes live', async () => {
    const r = await admin.get('/api/developer/zip');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(r.rawPayload));
    expect(strFromU8(entries[`demo-theme/${PAGE}`]!)).toBe(ORIGINAL_PAGE);

    const upload = (files: Record<string, Uint8Array>) =>
      admin.request({
        method: 'POST',
        url: '/api/developer/zip',
        payload: Buffer.from(zipSync(files)),
        headers: { 'content-type': 'application/zip' },
      });
    entries[`demo-theme/${PAGE}`] = strToU8(`<p>ZIP-MARK</p>\n${ORIGINAL_PAGE}`);
    entries['__MACOSX/demo-theme/._site.region'] = strToU8('junk');
    const ok = await upload(entries);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<ThemeSaveJson>().version).toMatchObject({ action: 'upload' });
    expect(await home()).toContain('ZIP-MARK');

    entries[`demo-theme/${PAGE}`] = strToU8('{.section x}never closed');
    const broken = await upload(entries);
    expect(broken.statusCode).toBe(422);
    expect(broken.json<ThemeErrorsBody>().errors[0]).toMatchObject({ file: PAGE, line: 1 });
    const binary = await upload({
      ...entries,
      'demo-theme/assets/x.css': new Uint8Array([97, 0, 98]),
    });
    expect(binary.statusCode).toBe(400);
    const stray = await upload({ ...entries, 'demo-theme/server.js': strToU8('x') });
    expect(stray.statusCode).toBe(400);
    const garbage = await admin.request({
      method: 'POST',
      url: '/api/developer/zip',
      payload: Buffer.from('not a zip'),
      headers: { 'content-type': 'application/zip' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(await home()).toContain('ZIP-MARK');
    expect(await auditCount('developer.upload')).toBe(1);
  });

  it('turns off back to the theme folder, and on again resumes the copy', async () => {
    expect((await admin.put('/api/developer/mode', { enabled: false })).statusCode).toBe(200);
    expect(await home()).not.toContain('ZIP-MARK');
    expect((await admin.get('/api/developer/files')).statusCode).toBe(403);
    expect((await save(PAGE, 'x')).statusCode).toBe(403);
    expect((await admin.put('/api/developer/mode', { enabled: true })).statusCode).toBe(200);
    expect(await home()).toContain('ZIP-MARK');
  });
});
