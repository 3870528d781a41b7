import type { FastifyRequest } from 'fastify';
import { ErrorCode, Messages } from '../../../shared/errors.js';
import { PageApi } from '../../../shared/content/page-api.js';
import { allows } from '../../../shared/team/permissions.js';
import type { AppDeps } from '../../deps.js';
import { appError } from '../../errors/app-error.js';
import type { TypedApp } from '../../http/typed-app.js';
import { ownerGuard } from '../../http/owner-guard.js';
import { rolesOf } from '../../owners/owner-service.js';
import { bumpContentVersion } from '../../sites/site-queries.js';
import { versionedAdapters } from '../editing/adapters.js';
import { CRUMB_COOKIE } from '../../http/crumb.js';
import { rateLimitConfig } from '../../http/rate-limit-config.js';
import { verifyPassword } from '../../owners/passwords.js';
import { parsePageUrl } from '../../render/page-query.js';
import { pageRendererFor } from '../../render/shared-page-renderer.js';
import { setPagePass } from './page-access.js';
import { draftInput, pageDoc } from './page-rows.js';
import { previewInput, renderDraftPage, renderDraftSection } from './preview.js';
import {
  createPage,
  deletePage,
  discardDraft,
  findPageRow,
  listPages,
  publishPage,
  restorePageVersion,
  saveNavigation,
  savePage,
  setPagePassword,
  setPageMembersOnly,
  type PageActor,
} from './page-service.js';
import { deleteRedirect, listRedirects } from './redirects.js';
import {
  CreateBody,
  IdParams,
  NavigationBody,
  PasswordBody,
  MembersOnlyBody,
  PreviewBody,
  RedirectQuery,
  SaveBody,
  UnlockBody,
  VersionBody,
} from './schemas.js';

/** Password guesses per address and minute on the lock screen (argon2 checks are costly too). */
const UNLOCK_TRIES_PER_MINUTE = 10;

/**
 * The owner's pages API (issue 13; docs/editor.md "Pages, sections and blocks"). Reads for any
 * role on the website, drafts for 'draft', going live (publish, navigation, passwords, deletes,
 * redirects) for 'publish'. Crumb-checked like every write.
 */
export async function pageApiRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const view = ownerGuard(deps.db, 'view');
  const draft = ownerGuard(deps.db, 'content');
  const publish = ownerGuard(deps.db, 'publish');

  const actor = async (req: FastifyRequest): Promise<PageActor> => {
    const owner = req.owner;
    if (!owner) throw appError(ErrorCode.UNAUTHENTICATED);
    const roles = await rolesOf(deps.db, owner.ownerId, req.site.id);
    return {
      db: deps.db,
      events: deps.events,
      siteId: req.site.id,
      author: { ownerId: owner.ownerId, displayName: owner.displayName || owner.email },
      canPublish: allows(roles, 'publish'),
    };
  };

  versionedAdapters.pages = {
    exists: async (db, siteId, id) =>
      (await db
        .selectFrom('collections')
        .select('id')
        .where('site_id', '=', siteId)
        .where('id', '=', id)
        .executeTakeFirst()) !== undefined,
    restore: async (req, id, doc, n) => restorePageVersion(await actor(req), id, doc, n),
  };

  app.get(PageApi.list, { preValidation: view }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return listPages(deps.db, req.site.id);
  });

  app.post(
    PageApi.list,
    { schema: { body: CreateBody }, preValidation: publish },
    async (req, reply) => {
      const { crumb: _crumb, ...input } = req.body;
      const page = await createPage(await actor(req), input);
      return reply.code(201).header('cache-control', 'no-store').send({ page });
    },
  );

  app.get(
    '/api/content/pages/:id',
    { schema: { params: IdParams }, preValidation: view },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { page: pageDoc(await findPageRow(deps.db, req.site.id, req.params.id)) };
    },
  );

  app.put(
    '/api/content/pages/:id',
    { schema: { params: IdParams, body: SaveBody }, preValidation: draft },
    async (req, reply) => {
      const { crumb: _crumb, ...body } = req.body;
      reply.header('cache-control', 'no-store');
      return { page: await savePage(await actor(req), req.params.id, body) };
    },
  );

  app.delete(
    '/api/content/pages/:id',
    { schema: { params: IdParams }, preValidation: publish },
    async (req, reply) => {
      await deletePage(await actor(req), req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/content/pages/:id/publish',
    { schema: { params: IdParams, body: VersionBody }, preValidation: publish },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { page: await publishPage(await actor(req), req.params.id, req.body.version) };
    },
  );

  app.post(
    '/api/content/pages/:id/discard',
    { schema: { params: IdParams, body: VersionBody }, preValidation: draft },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { page: await discardDraft(await actor(req), req.params.id, req.body.version) };
    },
  );

  app.put(
    '/api/content/pages/:id/password',
    { schema: { params: IdParams, body: PasswordBody }, preValidation: publish },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { page: await setPagePassword(await actor(req), req.params.id, req.body.password) };
    },
  );

  app.put(
    '/api/content/pages/:id/members-only',
    { schema: { params: IdParams, body: MembersOnlyBody }, preValidation: publish },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        page: await setPageMembersOnly(await actor(req), req.params.id, req.body.membersOnly),
      };
    },
  );

  app.put(
    PageApi.navigation,
    { schema: { body: NavigationBody }, preValidation: publish },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return saveNavigation(await actor(req), { entries: req.body.entries });
    },
  );

  app.get(PageApi.redirects, { preValidation: view }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { redirects: await listRedirects(deps.db, req.site.id) };
  });

  app.delete(
    PageApi.redirects,
    { schema: { querystring: RedirectQuery }, preValidation: publish },
    async (req, reply) => {
      if (!(await deleteRedirect(deps.db, req.site.id, req.query.from))) {
        throw appError(ErrorCode.NOT_FOUND);
      }
      await bumpContentVersion(deps.db, req.site.id);
      deps.events.emit('content-changed', { siteId: req.site.id });
      return reply.code(204).send();
    },
  );

  const renderer = pageRendererFor(deps);
  const baseUrlOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

  app.post(
    PageApi.preview,
    { schema: { body: PreviewBody }, preValidation: view },
    async (req, reply) => {
      const row = await findPageRow(deps.db, req.site.id, req.body.pageId);
      const input = previewInput(row, req.body.page);
      const { sectionId } = req.body;
      const html = sectionId
        ? await renderDraftSection(renderer, req.site, baseUrlOf(req), row, input, sectionId)
        : await renderDraftPage(renderer, req.site, baseUrlOf(req), row, input);
      reply.header('cache-control', 'no-store');
      return { html };
    },
  );

  // The builder's preview frame: the page with its draft, for the site's owners only.
  app.get(
    '/config/preview/:id',
    { schema: { params: IdParams }, preValidation: view },
    async (req, reply) => {
      const row = await findPageRow(deps.db, req.site.id, req.params.id);
      const html = await renderDraftPage(renderer, req.site, baseUrlOf(req), row, draftInput(row));
      return reply
        .header('cache-control', 'private, no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  /**
   * The lock screen's form (pages/lock.page): the right password sets the page's pass cookie and
   * goes back to the page (303); a wrong one shows the lock screen again with the SPEC text
   * (403). JSON clients get `{ ok: true }` or the PAGE_PASSWORD_WRONG error.
   */
  app.post(
    '/api/content/unlock',
    {
      schema: { body: UnlockBody },
      config: rateLimitConfig({ max: UNLOCK_TRIES_PER_MINUTE, perMs: 60_000 }),
    },
    async (req, reply) => {
      const form = !String(req.headers['content-type'] ?? '').includes('json');
      // Only a path on this site: the form's field must never send a visitor elsewhere.
      const asked = parsePageUrl(req.body.path).path;
      const path = /^\/(?![/\\])/.test(asked) ? asked : '/';
      const page = await renderer.protectedFor(req.site, path);
      if (!page?.password_hash) {
        return form ? reply.code(303).redirect(path) : { ok: true };
      }
      if (await verifyPassword(page.password_hash, req.body.password)) {
        setPagePass(req, reply, deps.config, { ...page, password_hash: page.password_hash });
        reply.header('cache-control', 'no-store');
        return form ? reply.code(303).redirect(path) : { ok: true };
      }
      if (!form) throw appError(ErrorCode.PAGE_PASSWORD_WRONG);
      const { html } = await renderer.render(req.site, parsePageUrl(path), baseUrlOf(req), {
        unlocked: new Set(),
        lock: {
          crumb: req.crumb || (req.cookies[CRUMB_COOKIE] ?? ''),
          error: Messages.PAGE_PASSWORD_WRONG,
        },
      });
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
}
