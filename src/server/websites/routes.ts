import fs from 'node:fs';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../deps.js';
import { ownerGuard } from '../http/owner-guard.js';
import { appError, AppError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { storageFor } from '../media/storage/index.js';
import type {
  DomainsJson,
  HandoffJson,
  SlugCheckJson,
  ThemesJson,
  WebsiteCreatedJson,
  WebsitesListJson,
} from '../../shared/websites/api.js';
import { slugProblem, WebsiteTexts } from '../../shared/websites/api.js';
import { findTheme, listThemes, themeSummary } from './theme-catalog.js';
import {
  createWebsite,
  listWebsites,
  markForDeletion,
  restoreWebsite,
  slugTaken,
} from './website-service.js';
import { siteOrigin, type UrlContext } from './site-urls.js';
import { startSession } from '../owners/start-session.js';
import { consumeHandoff, issueHandoff, purgeHandoffs } from './handoff.js';
import { addDomain, listDomains, removeDomain } from './domains.js';
import { purgeDueWebsites } from './purge-websites.js';
import { exportWebsite } from './export-website.js';
import { IMPORT_LIMITS, importWebsite } from './import-website.js';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const DomainParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  host: Type.String({ minLength: 1, maxLength: 300 }),
});
const NewWebsiteBody = Type.Object(
  {
    title: Type.String({ maxLength: 1000 }),
    slug: Type.String({ maxLength: 200 }),
    theme: Type.String({ maxLength: 100 }),
    language: Type.Optional(Type.String({ maxLength: 20 })),
    currency: Type.Optional(Type.String({ maxLength: 10 })),
    timeZone: Type.Optional(Type.String({ maxLength: 100 })),
    crumb: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
const DomainBody = Type.Object(
  {
    host: Type.String({ maxLength: 1000 }),
    crumb: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
const SlugQuery = Type.Object({ slug: Type.String({ maxLength: 200 }) });
const HandoffQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
const ThemeParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });

/** Routes for any signed-in owner: the websites list is theirs, not one website's. */
async function signedIn(req: FastifyRequest): Promise<void> {
  if (!req.owner) throw appError(ErrorCode.UNAUTHENTICATED);
}

/**
 * Websites (issue 16; docs/websites.md): the owner's list, new websites from themes, switching
 * hosts with a hand-off link, custom domains, export and import, deletion with a grace period.
 * `/api/websites` and `/api/themes` are for any signed-in owner (no website permission: they
 * are the owner's, not a website's); the `{id}` routes check the owner's role on website `{id}`.
 */
export const websiteRoutes: DomainRoutes = async (app, deps) => {
  const storage = storageFor(deps.config);
  deps.jobs.define('website-purge', {
    everyMs: 60 * 60_000,
    leaseMs: 30 * 60_000,
    run: async () => {
      await purgeDueWebsites(deps.db, storage, deps.now());
      await purgeHandoffs(deps.db, deps.now());
    },
  });
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.zipBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });
  const onSite = (permission: 'view' | 'settings') =>
    ownerGuard(deps.db, permission, { siteOf: (req) => (req.params as { id: string }).id });
  const urls = (req: FastifyRequest): UrlContext => ({
    requestHost: req.headers.host ?? '',
    protocol: req.protocol,
    baseDomain: deps.config.baseDomain,
  });
  const summary = async (req: FastifyRequest, siteId: string) => {
    const [w] = await listWebsites(
      deps.db,
      req.owner!.ownerId,
      { ...urls(req), currentSiteId: req.site.id },
      siteId,
    );
    if (!w) throw appError(ErrorCode.NOT_FOUND);
    return w;
  };

  app.get('/api/themes', { preValidation: signedIn }, async (_req, reply): Promise<ThemesJson> => {
    reply.header('cache-control', 'no-store');
    return { themes: listThemes(deps.config.themesDir).map(themeSummary) };
  });

  app.get('/api/themes/:name/preview', { schema: { params: ThemeParams } }, async (req, reply) => {
    const theme = findTheme(deps.config.themesDir, req.params.name);
    if (!theme?.previewFile) throw appError(ErrorCode.NOT_FOUND);
    const ext = theme.previewFile.split('.').pop()!.toLowerCase();
    const type = ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg';
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=3600')
      .send(fs.createReadStream(theme.previewFile));
  });

  app.get(
    '/api/websites',
    { preValidation: signedIn },
    async (req, reply): Promise<WebsitesListJson> => {
      reply.header('cache-control', 'no-store');
      const websites = await listWebsites(deps.db, req.owner!.ownerId, {
        ...urls(req),
        currentSiteId: req.site.id,
      });
      return { websites };
    },
  );

  app.get(
    '/api/websites/slug-check',
    { schema: { querystring: SlugQuery }, preValidation: signedIn },
    async (req, reply): Promise<SlugCheckJson> => {
      reply.header('cache-control', 'no-store');
      const slug = req.query.slug.trim().toLowerCase();
      const problem =
        slugProblem(slug) ?? ((await slugTaken(deps.db, slug)) ? WebsiteTexts.SLUG_TAKEN : null);
      return {
        slug,
        available: !problem,
        message: problem,
        url: `${siteOrigin(urls(req), slug || 'your-site')}/`,
      };
    },
  );

  app.post(
    '/api/websites',
    {
      schema: { body: NewWebsiteBody },
      preValidation: signedIn,
      config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 } },
    },
    async (req, reply) => {
      const { crumb: _crumb, ...input } = req.body;
      const siteId = await createWebsite(deps, req.owner!.ownerId, input);
      const body: WebsiteCreatedJson = { website: await summary(req, siteId) };
      return reply.code(201).header('cache-control', 'no-store').send(body);
    },
  );

  app.post(
    '/api/websites/import',
    {
      preValidation: signedIn,
      bodyLimit: IMPORT_LIMITS.zipBytes,
      config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 } },
    },
    async (req, reply) => {
      if (!req.isMultipart())
        throw appError(
          ErrorCode.IMPORT_INVALID,
          'Send the export as multipart/form-data in a `file` field.',
        );
      let bytes: Buffer;
      try {
        const part = await req.file();
        if (!part) throw appError(ErrorCode.IMPORT_INVALID);
        bytes = await part.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw appError(ErrorCode.IMPORT_INVALID);
      }
      const siteId = await importWebsite(deps, req.owner!.ownerId, new Uint8Array(bytes));
      const body: WebsiteCreatedJson = { website: await summary(req, siteId) };
      return reply.code(201).header('cache-control', 'no-store').send(body);
    },
  );

  app.post(
    '/api/websites/:id/handoff',
    { schema: { params: IdParams }, preValidation: onSite('view') },
    async (req, reply): Promise<HandoffJson> => {
      reply.header('cache-control', 'no-store');
      const w = await summary(req, req.params.id);
      if (w.deletingOn) throw appError(ErrorCode.NOT_FOUND);
      const token = await issueHandoff(deps.db, req.owner!.ownerId, req.params.id, deps.now());
      return { url: `${siteOrigin(urls(req), w.slug)}/config/handoff?token=${token}` };
    },
  );

  // Opened on the target website's host: the token becomes a session cookie of that host. A
  // spent or foreign token just lands on /config (its sign-in page when not signed in here).
  app.get('/config/handoff', { schema: { querystring: HandoffQuery } }, async (req, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const ownerId = req.query.token
      ? await consumeHandoff(deps.db, req.query.token, req.site.id, deps.now())
      : undefined;
    if (ownerId) await startSession(deps, req, reply, ownerId);
    return reply.redirect('/config', 303);
  });

  app.delete(
    '/api/websites/:id',
    { schema: { params: IdParams }, preValidation: onSite('settings') },
    async (req, reply) => {
      await markForDeletion(deps, req.params.id);
      reply.header('cache-control', 'no-store');
      return { website: await summary(req, req.params.id) };
    },
  );

  app.post(
    '/api/websites/:id/restore',
    { schema: { params: IdParams }, preValidation: onSite('settings') },
    async (req, reply) => {
      await restoreWebsite(deps, req.params.id);
      reply.header('cache-control', 'no-store');
      return { website: await summary(req, req.params.id) };
    },
  );

  app.get(
    '/api/websites/:id/domains',
    { schema: { params: IdParams }, preValidation: onSite('settings') },
    async (req, reply): Promise<DomainsJson> => {
      reply.header('cache-control', 'no-store');
      return {
        domains: await listDomains(deps.db, req.params.id),
        cnameTarget: deps.config.baseDomain,
      };
    },
  );

  app.post(
    '/api/websites/:id/domains',
    { schema: { params: IdParams, body: DomainBody }, preValidation: onSite('settings') },
    async (req, reply) => {
      const domain = await addDomain(deps, req.params.id, req.body.host);
      return reply.code(201).header('cache-control', 'no-store').send({ domain });
    },
  );

  app.delete(
    '/api/websites/:id/domains/:host',
    { schema: { params: DomainParams }, preValidation: onSite('settings') },
    async (req, reply) => {
      await removeDomain(deps, req.params.id, req.params.host);
      reply.header('cache-control', 'no-store');
      return { ok: true };
    },
  );

  app.get(
    '/api/websites/:id/export',
    { schema: { params: IdParams }, preValidation: onSite('settings') },
    async (req, reply) => {
      const { bytes, filename } = await exportWebsite(deps.db, storage, req.params.id, deps.now());
      return reply
        .type('application/zip')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
        )
        .send(Buffer.from(bytes));
    },
  );
};
