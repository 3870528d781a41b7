import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { DomainRoutes } from '../deps.js';
import { ownerGuard } from '../http/owner-guard.js';
import { rateLimitConfig } from '../http/rate-limit-config.js';
import { cookieSecure } from '../http/cookie-secure.js';
import { ErrorCode } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';
import { findLiveItem } from '../content/item-social.js';
import { COMMENT_HONEYPOT } from '../../shared/comments/api.js';
import { CommentLimits } from '../../shared/comments/rules.js';
import { listApproved, postComment } from './comment-service.js';
import {
  banEmail,
  deleteComment,
  listBans,
  listQueue,
  setStatus,
  unbanEmail,
} from './moderation.js';
import { LIKE_COOKIE, LIKE_COOKIE_MAX_AGE_S, setLike } from './likes.js';
import { registerCommentsRendering } from './render-comments.js';

/** Roles that moderate comments (SPEC 3.10: admin, website manager, editor, moderator). */

/** Likes (and unlikes) a minute per client address. */
const LIKES_PER_MINUTE = 30;

const ItemParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 }));

const PostBody = Type.Object({
  name: Type.String({ maxLength: CommentLimits.nameMax * 4 }),
  email: Type.String({ maxLength: 1024 }),
  body: Type.String({ maxLength: CommentLimits.bodyMax * 4 }),
  parentId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  captchaToken: Type.Optional(Type.String({ maxLength: 8192 })),
  [COMMENT_HONEYPOT]: Type.Optional(Type.String({ maxLength: 2000 })),
  crumb: Type.Optional(Type.String({ maxLength: 400 })),
});

const QueueQuery = Type.Object({
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('spam')]),
  ),
  page: Page,
});

const BanBody = Type.Object({ email: Type.String({ minLength: 3, maxLength: 256 }) });

/** The comments domain's routes (docs/comments.md). */
export const commentsRoutes: DomainRoutes = async (app, deps) => {
  registerCommentsRendering(deps);

  app.get(
    '/api/content/items/:id/comments',
    { schema: { params: ItemParams, querystring: Type.Object({ page: Page }) } },
    async (req, reply) => {
      if (!(await findLiveItem(deps.db, req.site.id, req.params.id)))
        throw appError(ErrorCode.NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return listApproved(deps.db, req.site.id, req.params.id, req.query.page ?? 1);
    },
  );

  app.post(
    '/api/content/items/:id/comments',
    {
      schema: { params: ItemParams, body: PostBody },
      config: rateLimitConfig({ max: deps.config.commentRatePerAddress, perMs: 60_000 }),
    },
    async (req, reply) => {
      const b = req.body;
      // Issue 14: a signed-in customer comments as themselves (no name or email to type).
      const c = req.customer;
      const result = await postComment(deps, req.site, req.params.id, {
        name: c ? b.name.trim() || c.name || c.email.split('@')[0]! : b.name,
        email: c ? c.email : b.email,
        siteUserId: c?.id,
        body: b.body,
        parentId: b.parentId,
        captchaToken: b.captchaToken,
        honeypot: b[COMMENT_HONEYPOT],
        remoteIp: req.ip,
      });
      reply.code(201).header('cache-control', 'no-store');
      return result;
    },
  );

  // Likes: the visitor is the like cookie (set on the first like).
  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/content/items/:id/like',
      schema: { params: ItemParams },
      config: rateLimitConfig({ max: LIKES_PER_MINUTE, perMs: 60_000 }),
      handler: async (req, reply) => {
        let visitor = req.cookies[LIKE_COOKIE];
        if (!visitor || !/^[\w-]{16,64}$/.test(visitor)) {
          visitor = crypto.randomUUID();
          reply.setCookie(LIKE_COOKIE, visitor, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: cookieSecure(req, deps.config.secureCookies),
            maxAge: LIKE_COOKIE_MAX_AGE_S,
          });
        }
        reply.header('cache-control', 'no-store');
        return setLike(deps, req.site, req.params.id, visitor, method === 'POST');
      },
    });
  }

  // The owner's queue.
  const owner = { preValidation: ownerGuard(deps.db, 'moderate') };
  app.get('/api/comments', { ...owner, schema: { querystring: QueueQuery } }, async (req) =>
    listQueue(deps.db, req.site.id, req.query.status ?? 'pending', req.query.page ?? 1),
  );
  app.post('/api/comments/:id/approve', { ...owner, schema: { params: IdParams } }, async (req) => {
    await setStatus(deps, req.site.id, req.params.id, 'approved');
    return { ok: true };
  });
  app.post('/api/comments/:id/spam', { ...owner, schema: { params: IdParams } }, async (req) => {
    await setStatus(deps, req.site.id, req.params.id, 'spam');
    return { ok: true };
  });
  app.delete('/api/comments/:id', { ...owner, schema: { params: IdParams } }, async (req) => {
    await deleteComment(deps, req.site.id, req.params.id);
    return { ok: true };
  });
  app.get('/api/comments/bans', owner, async (req) => ({
    bans: await listBans(deps.db, req.site.id),
  }));
  app.post('/api/comments/bans', { ...owner, schema: { body: BanBody } }, async (req) => {
    await banEmail(deps, req.site.id, req.body.email);
    return { ok: true };
  });
  app.delete(
    '/api/comments/bans/:email',
    { ...owner, schema: { params: Type.Object({ email: Type.String({ maxLength: 256 }) }) } },
    async (req) => {
      await unbanEmail(deps.db, req.site.id, req.params.email);
      return { ok: true };
    },
  );
};
