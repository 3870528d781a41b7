import { Type } from '@sinclair/typebox';
import {
  THEME_LIMITS,
  themeFileKind,
  type ThemeFileEntryJson,
  type ThemeFileJson,
  type ThemeFilesJson,
  type ThemePreviewJson,
  type ThemeRenderErrorsJson,
  type ThemeSaveJson,
  type ThemeVersionsJson,
} from '../../shared/developer/api.js';
import { ErrorCode } from '../../shared/errors.js';
import type { DomainRoutes } from '../deps.js';
import { appError } from '../errors/app-error.js';
import { ownerGuard } from '../http/owner-guard.js';
import { parsePageUrl } from '../render/page-query.js';
import { pageRendererFor } from '../render/shared-page-renderer.js';
import {
  developerStatus,
  listThemeVersions,
  originalFiles,
  publishTheme,
  requireLiveFiles,
  setDeveloperMode,
  versionDiff,
  versionFiles,
  type DeveloperDeps,
} from './developer-service.js';
import { checkTheme, themeErrorJson } from './theme-check.js';
import { unzipTheme, zipTheme } from './theme-zip.js';

const Crumb = Type.Optional(Type.String({ maxLength: 200 }));
const FileParams = Type.Object({ '*': Type.String({ maxLength: THEME_LIMITS.pathChars * 2 }) });
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const ModeBody = Type.Object({ enabled: Type.Boolean(), crumb: Crumb });
const FileBody = Type.Object({
  content: Type.String({ maxLength: THEME_LIMITS.fileChars }),
  crumb: Crumb,
});
const PreviewBody = Type.Object({
  path: Type.String({ maxLength: 500, pattern: '^/' }),
  file: Type.String({ maxLength: THEME_LIMITS.pathChars }),
  content: Type.String({ maxLength: THEME_LIMITS.fileChars }),
  crumb: Crumb,
});
const CrumbBody = Type.Object({ crumb: Crumb });

/** A path from the URL: one developer mode takes, else THEME_FILE_INVALID. */
function themePath(raw: string): string {
  let p: string;
  try {
    p = decodeURIComponent(raw);
  } catch {
    throw appError(ErrorCode.THEME_FILE_INVALID);
  }
  if (!themeFileKind(p))
    throw appError(ErrorCode.THEME_FILE_INVALID, undefined, { file: p.slice(0, 200) });
  return p;
}

/** Developer mode (issue 16, docs/developer-mode.md): a website's own theme, admin-only. */
export const developerRoutes: DomainRoutes = async (app, deps) => {
  const guard = ownerGuard(deps.db, 'developer');
  const renderer = pageRendererFor(deps);
  const dev: DeveloperDeps = {
    db: deps.db,
    events: deps.events,
    compiler: renderer.compiler,
    themeFolder: (theme) => renderer.themes.folder(theme),
  };
  const noStore = { 'cache-control': 'private, no-store' };

  app.get('/api/developer', { preValidation: guard }, async (req, reply) => {
    reply.headers(noStore);
    return developerStatus(deps.db, req.site);
  });

  app.put(
    '/api/developer/mode',
    { schema: { body: ModeBody }, preValidation: guard },
    async (req, reply) => {
      await setDeveloperMode(dev, req.site, req.owner!.ownerId, req.body.enabled);
      const site = { ...req.site, developer_mode: req.body.enabled };
      return reply.headers(noStore).send(await developerStatus(deps.db, site));
    },
  );

  app.get('/api/developer/files', { preValidation: guard }, async (req, reply) => {
    const live = await requireLiveFiles(deps.db, req.site);
    const files: ThemeFileEntryJson[] = Object.keys(live.files)
      .sort()
      .map((path) => ({ path, kind: themeFileKind(path)!, size: live.files[path]!.length }));
    return reply.headers(noStore).send({ files } satisfies ThemeFilesJson);
  });

  app.get(
    '/api/developer/files/*',
    { schema: { params: FileParams }, preValidation: guard },
    async (req, reply) => {
      const path = themePath(req.params['*']);
      const live = await requireLiveFiles(deps.db, req.site);
      const content = live.files[path];
      if (content === undefined) throw appError(ErrorCode.NOT_FOUND);
      const body: ThemeFileJson = { path, kind: themeFileKind(path)!, content };
      return reply.headers(noStore).send(body);
    },
  );

  app.put(
    '/api/developer/files/*',
    {
      schema: { params: FileParams, body: FileBody },
      preValidation: guard,
      config: { errorEnvelope: 'theme' },
    },
    async (req, reply) => {
      const path = themePath(req.params['*']);
      const version = await publishTheme(dev, req.site, req.owner!.ownerId, {
        action: 'save',
        file: path,
        target: path,
        change: (files) => ({ ...files, [path]: req.body.content }),
      });
      renderer.errorLog.clear(req.site.id);
      return reply.headers(noStore).send({ version } satisfies ThemeSaveJson);
    },
  );

  app.post(
    '/api/developer/preview',
    { schema: { body: PreviewBody }, preValidation: guard },
    async (req, reply) => {
      const path = themePath(req.body.file);
      const live = await requireLiveFiles(deps.db, req.site);
      const files = { ...live.files, [path]: req.body.content };
      const { theme, errors } = checkTheme(renderer.compiler, `preview:${req.site.id}`, files);
      const url = parsePageUrl(req.body.path);
      const page = await renderer.render(req.site, url, `${req.protocol}://${req.host}`, {
        preview: true,
        theme,
      });
      const seen = new Set(errors.map((e) => `${e.file}|${e.message}`));
      const runtime = page.errors
        .map(themeErrorJson)
        .filter((e) => !seen.has(`${e.file}|${e.message}`));
      const body: ThemePreviewJson = {
        status: page.status,
        html: page.html,
        errors: [...errors, ...runtime],
      };
      return reply.headers(noStore).send(body);
    },
  );

  app.get('/api/developer/errors', { preValidation: guard }, async (req, reply) => {
    const pages = renderer.errorLog.pagesOf(req.site.id).map((p) => ({
      path: p.path,
      renderedAt: new Date(p.renderedAt).toISOString(),
      errors: p.errors.map(themeErrorJson),
    }));
    return reply.headers(noStore).send({ pages } satisfies ThemeRenderErrorsJson);
  });

  app.get('/api/developer/versions', { preValidation: guard }, async (req, reply) => {
    const versions = await listThemeVersions(deps.db, req.site);
    return reply.headers(noStore).send({ versions } satisfies ThemeVersionsJson);
  });

  app.get(
    '/api/developer/versions/:id',
    { schema: { params: IdParams }, preValidation: guard },
    async (req, reply) =>
      reply.headers(noStore).send(await versionDiff(deps.db, req.site, req.params.id)),
  );

  app.post(
    '/api/developer/versions/:id/restore',
    {
      schema: { params: IdParams, body: CrumbBody },
      preValidation: guard,
      config: { errorEnvelope: 'theme' },
    },
    async (req, reply) => {
      const source = await versionFiles(deps.db, req.site, req.params.id);
      const version = await publishTheme(dev, req.site, req.owner!.ownerId, {
        action: 'restore',
        file: null,
        target: `version ${source.seq}`,
        change: () => ({ ...source.files }),
      });
      renderer.errorLog.clear(req.site.id);
      return reply.headers(noStore).send({ version } satisfies ThemeSaveJson);
    },
  );

  app.post(
    '/api/developer/reset',
    { schema: { body: CrumbBody }, preValidation: guard, config: { errorEnvelope: 'theme' } },
    async (req, reply) => {
      const version = await publishTheme(dev, req.site, req.owner!.ownerId, {
        action: 'reset',
        file: null,
        target: 'theme',
        change: (_files, theme) => originalFiles(dev, theme),
      });
      renderer.errorLog.clear(req.site.id);
      return reply.headers(noStore).send({ version } satisfies ThemeSaveJson);
    },
  );

  app.get('/api/developer/zip', { preValidation: guard }, async (req, reply) => {
    const live = await requireLiveFiles(deps.db, req.site);
    const folder = `${req.site.slug}-theme`;
    return reply
      .headers(noStore)
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${folder}.zip"`)
      .send(Buffer.from(zipTheme(folder, live.files)));
  });

  // The zip arrives as the raw request body (`application/zip`), in a scope of its own.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/zip', 'application/octet-stream', 'application/x-zip-compressed'],
      { parseAs: 'buffer', bodyLimit: THEME_LIMITS.zipBytes },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      '/api/developer/zip',
      {
        preValidation: guard,
        bodyLimit: THEME_LIMITS.zipBytes,
        config: { errorEnvelope: 'theme' },
      },
      async (req, reply) => {
        if (!Buffer.isBuffer(req.body)) {
          throw appError(ErrorCode.THEME_FILE_INVALID, 'Send the zip as application/zip.');
        }
        const files = unzipTheme(new Uint8Array(req.body));
        const version = await publishTheme(dev, req.site, req.owner!.ownerId, {
          action: 'upload',
          file: null,
          target: 'zip',
          change: () => files,
        });
        renderer.errorLog.clear(req.site.id);
        return reply.headers(noStore).send({ version } satisfies ThemeSaveJson);
      },
    );
  });
};
