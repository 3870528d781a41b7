import { Type } from '@sinclair/typebox';
import { SiteApi } from '../../../shared/content/site-api.js';
import type { DomainRoutes } from '../../deps.js';
import { guardedOwnerId, ownerGuard } from '../../http/owner-guard.js';
import { allFontsCss, fontFileByUrl } from './font-files.js';
import { SettingsBody, StylesBody } from './schemas.js';
import { readSettings, readStyles, saveSettings, saveStyles } from './site-design.js';

/**
 * Site styles and settings (issue 13; docs/editor.md): any role on the website reads them, the
 * 'settings' roles (SPEC 3.10: administrators and website managers) save them. Also the bundled
 * font files, served by the site itself (font-files.ts).
 */
export const siteDesignRoutes: DomainRoutes = async (app, deps) => {
  const read = ownerGuard(deps.db, 'view');
  const write = ownerGuard(deps.db, 'settings');
  const design = { db: deps.db, events: deps.events };

  app.get(SiteApi.styles, { preValidation: read }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return readStyles(deps.db, req.site.id);
  });

  app.put(
    SiteApi.styles,
    { schema: { body: StylesBody }, preValidation: write },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return saveStyles(
        design,
        req.site.id,
        guardedOwnerId(req),
        req.body.styles,
        req.body.version,
      );
    },
  );

  app.get(SiteApi.settings, { preValidation: read }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return readSettings(deps.db, req.site.id);
  });

  app.put(
    SiteApi.settings,
    { schema: { body: SettingsBody }, preValidation: write },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return saveSettings(
        design,
        req.site.id,
        guardedOwnerId(req),
        req.body.settings,
        req.body.version,
      );
    },
  );

  // Fonts need no crumb: a Set-Cookie would keep shared caches from storing them.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.url?.startsWith('/assets/fonts/') && reply.statusCode === 200)
      reply.removeHeader('set-cookie');
    return payload;
  });

  // Every face, for the Design screen's picker; its URLs are hashed, this list is not.
  app.get(SiteApi.fontsCss, async (_req, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(allFontsCss()),
  );

  app.get(
    '/assets/fonts/:file',
    { schema: { params: Type.Object({ file: Type.String({ maxLength: 120 }) }) } },
    async (req, reply) => {
      const font = fontFileByUrl(`/assets/fonts/${req.params.file}`);
      if (!font)
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .type('text/plain')
          .send('Not found');
      // The name carries the bytes' hash: cached for a year, never revalidated.
      return reply
        .type('font/woff2')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('access-control-allow-origin', '*')
        .send(font.bytes);
    },
  );
};
