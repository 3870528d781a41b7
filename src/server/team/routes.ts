import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/errors.js';
import { roleName } from '../../shared/role-names.js';
import type { AcceptInviteJson } from '../../shared/team/members.js';
import type { DomainRoutes } from '../deps.js';
import { appError } from '../errors/app-error.js';
import { wireError } from '../errors/error-handler.js';
import { guardedOwnerId, ownerGuard } from '../http/owner-guard.js';
import { rateLimitConfig } from '../http/rate-limit-config.js';
import { mailerFor } from '../mail/mailer-registry.js';
import { siteBaseUrl } from '../mail/site-url.js';
import { peekToken } from '../owners/auth-tokens.js';
import { acceptInvite } from './accept-invite.js';
import { AUDIT_PAGE_MAX, auditLogPage } from './audit-log-page.js';
import { renderInvitePage, type InvitePageState } from './invite-page.js';
import {
  changeRole,
  inviteMember,
  listMembers,
  removeMember,
  resendInvite,
  type TeamContext,
} from './members-service.js';

const Id = Type.String({ minLength: 1, maxLength: 200 });
const Crumb = Type.Optional(Type.String({ maxLength: 200 }));
const Role = Type.Integer({ minimum: 0, maximum: 1000 });
const SiteParams = Type.Object({ id: Id });
const MemberParams = Type.Object({ id: Id, memberId: Id });
const InviteBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 256 }), role: Role, crumb: Crumb },
  { additionalProperties: false },
);
const RoleBody = Type.Object({ role: Role, crumb: Crumb }, { additionalProperties: false });
const AcceptBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    crumb: Crumb,
  },
  { additionalProperties: false },
);
const InviteQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
const AuditQuery = Type.Object({
  before: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX })),
});

/**
 * The team (issue 16, docs/team.md): members and invites of the current website, accepting an
 * invite (API and page), and the audit log. `{id}` must be the website the host names; any
 * other id answers 404 whether or not it exists, so ids of other websites leak nothing.
 */
export const teamRoutes: DomainRoutes = async (app, deps) => {
  const settings = ownerGuard(deps.db, 'settings');
  const mailer = mailerFor(deps, app.log);

  const team = (req: FastifyRequest, siteId: string): TeamContext => {
    if (siteId !== req.site.id) throw appError(ErrorCode.NOT_FOUND);
    return {
      db: deps.db,
      mailer,
      now: deps.now,
      site: { id: req.site.id, title: req.site.title },
      actorId: guardedOwnerId(req),
      origin: siteBaseUrl(req.site, deps.config),
    };
  };

  /** Every team answer is the whole list as it now stands, never cached. */
  const answerList = (reply: FastifyReply, ctx: TeamContext) => {
    reply.header('cache-control', 'no-store');
    return listMembers(deps.db, ctx.site.id, ctx.actorId, deps.now());
  };

  app.get(
    '/api/websites/:id/members',
    { schema: { params: SiteParams }, preValidation: settings },
    async (req, reply) => {
      const ctx = team(req, req.params.id);
      return answerList(reply, ctx);
    },
  );

  app.post(
    '/api/websites/:id/members',
    { schema: { params: SiteParams, body: InviteBody }, preValidation: settings },
    async (req, reply) => {
      const ctx = team(req, req.params.id);
      await inviteMember(ctx, { email: req.body.email, role: req.body.role });
      return reply.code(201).send(await answerList(reply, ctx));
    },
  );

  app.put(
    '/api/websites/:id/members/:memberId',
    { schema: { params: MemberParams, body: RoleBody }, preValidation: settings },
    async (req, reply) => {
      const ctx = team(req, req.params.id);
      await changeRole(ctx, req.params.memberId, req.body.role);
      return answerList(reply, ctx);
    },
  );

  app.delete(
    '/api/websites/:id/members/:memberId',
    { schema: { params: MemberParams }, preValidation: settings },
    async (req, reply) => {
      const ctx = team(req, req.params.id);
      await removeMember(ctx, req.params.memberId);
      return answerList(reply, ctx);
    },
  );

  app.post(
    '/api/websites/:id/members/:memberId/resend',
    { schema: { params: MemberParams }, preValidation: settings },
    async (req, reply) => {
      const ctx = team(req, req.params.id);
      await resendInvite(ctx, req.params.memberId);
      return answerList(reply, ctx);
    },
  );

  app.get(
    '/api/audit-log',
    { schema: { querystring: AuditQuery }, preValidation: settings },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return auditLogPage(deps.db, req.site.id, req.query);
    },
  );

  // --- accepting an invite (public: the token is the credential) -------------------------------

  // A wrong password for an existing account is a password guess: limited like sign-in.
  const guessLimit = rateLimitConfig({ max: 10, perMs: 60_000 });

  app.post(
    '/api/auth/accept-invite',
    { schema: { body: AcceptBody }, config: guessLimit },
    async (req, reply): Promise<AcceptInviteJson> => {
      reply.header('cache-control', 'no-store');
      return acceptInvite(deps, {
        siteId: req.site.id,
        token: req.body.token,
        password: req.body.password,
        ownerId: req.owner?.ownerId,
      });
    },
  );

  /** The page's state for a token: who it is for and whether they need a password. */
  async function pageState(req: FastifyRequest, token: string | undefined) {
    const invite = token
      ? await peekToken(deps.db, token, 'invite', new Date(deps.now()))
      : undefined;
    if (!token || !invite || invite.siteId !== req.site.id)
      return { state: { kind: 'invalid' } as InvitePageState };
    const account = await deps.db
      .selectFrom('owners')
      .select('id')
      .where('email', '=', invite.email)
      .executeTakeFirst();
    const kind = !account ? 'new' : account.id === req.owner?.ownerId ? 'signed-in' : 'password';
    return {
      state: { kind, token, email: invite.email } as InvitePageState,
      roleLabel: roleName(invite.role ?? 0),
    };
  }

  function sendPage(
    reply: FastifyReply,
    req: FastifyRequest,
    status: number,
    page: { state: InvitePageState; roleLabel?: string },
    error?: string,
  ) {
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        renderInvitePage({
          ...page,
          siteTitle: req.site.title,
          crumb: req.crumb,
          error,
        }),
      );
  }

  app.get('/config/invite', { schema: { querystring: InviteQuery } }, async (req, reply) => {
    const page = await pageState(req, req.query.token);
    return sendPage(reply, req, page.state.kind === 'invalid' ? 404 : 200, page);
  });

  const FormBody = Type.Object({
    token: Type.String({ maxLength: 200 }),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    crumb: Crumb,
  });
  app.post(
    '/config/invite',
    {
      schema: { body: FormBody },
      config: guessLimit,
      // A refusal (stale crumb, too many tries, a short password) is said on the page.
      errorHandler: async (err: FastifyError, req, reply) => {
        const wire = wireError(err, req.log);
        // A request stopped before the request context (the input boundary) has no website
        // yet: it gets the page without the invite, never a 500.
        const site = req.site as typeof req.site | undefined;
        const token = (req.body as { token?: unknown } | undefined)?.token;
        const page = site
          ? await pageState(req, typeof token === 'string' ? token : undefined).catch(() => ({
              state: { kind: 'invalid' } as InvitePageState,
            }))
          : { state: { kind: 'invalid' } as InvitePageState };
        return reply
          .status(wire.status)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            renderInvitePage({
              ...page,
              siteTitle: site?.title ?? '',
              crumb: (req.crumb as string | undefined) ?? '',
              error: wire.message,
            }),
          );
      },
    },
    async (req, reply) => {
      const joined = await acceptInvite(deps, {
        siteId: req.site.id,
        token: req.body.token,
        password: req.body.password || undefined,
        ownerId: req.owner?.ownerId,
      });
      if (req.owner && !joined.newAccount && req.owner.email === joined.email)
        return reply.redirect('/config', 303);
      return sendPage(reply, req, 200, {
        state: { kind: 'joined', email: joined.email },
        roleLabel: roleName(joined.role),
      });
    },
  );
};
