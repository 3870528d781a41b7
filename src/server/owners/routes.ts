import { Type, type Static } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../deps.js';
import { rolesOf } from './owner-service.js';
import { AUTH_HINT_COOKIE, SESSION_COOKIE } from './session-service.js';
import { issueCrumb } from '../http/request-context.js';
import { rateLimitConfig } from '../http/rate-limit-config.js';
import { appError } from '../errors/app-error.js';
import type { WireError } from '../errors/envelopes.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { signInOwner } from './sign-in-service.js';
import { startSession } from './start-session.js';
import { requestSiteTitle } from './request-site-title.js';
import { accountRoutes, twoStepAttempts } from './account-routes.js';
import { renderLoginPage } from './login-page.js';
import { renderConfigHome } from './config-home.js';
import { purgeExpiredSessions } from './purge-sessions.js';
import { safeNext } from './safe-next.js';
import { wireError } from '../errors/error-handler.js';

const LoginBody = Type.Object(
  {
    // Email and password, or (the code step of a two-step sign-in) the sealed first step.
    email: Type.Optional(Type.String({ minLength: 3, maxLength: 256 })),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    code: Type.Optional(Type.String({ maxLength: 20 })),
    challenge: Type.Optional(Type.String({ maxLength: 1000 })),
    crumb: Type.Optional(Type.String({ maxLength: 200 })),
    next: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

/** Notices the sign-in page shows after a redirect (`?notice=`), by name: no text in URLs. */
const LOGIN_NOTICES: Record<string, string> = {
  verified: 'Your email address is confirmed. Sign in to continue.',
  reset: 'Your password was changed. Sign in with the new one.',
};

/** The notice a `?notice=` names, if it is one of ours ('toString' is not: own keys only). */
function loginNotice(name: string | undefined): string | undefined {
  return name && Object.hasOwn(LOGIN_NOTICES, name) ? LOGIN_NOTICES[name] : undefined;
}

export const ownerRoutes: DomainRoutes = async (app, deps) => {
  // Hourly, one process at a time (a recurring job of the durable queue): sessions past expiry.
  deps.jobs.define('session-purge', {
    everyMs: 60 * 60 * 1000,
    run: async () => void (await purgeExpiredSessions(deps.db, deps.now())),
  });
  const signInDeps = {
    db: deps.db,
    secret: deps.config.secret,
    now: deps.now,
    codeAttempts: twoStepAttempts(deps),
  };

  /**
   * Signs in. The JSON API answers JSON; the sign-in page's form posts to /config/login (below),
   * so a refused attempt re-renders the page at its own address instead of leaving the browser
   * on an API URL.
   */
  const signIn = async (
    req: FastifyRequest,
    body: Static<typeof LoginBody>,
    reply: FastifyReply,
    wantsHtml: boolean,
  ) => {
    if (body.challenge === undefined && (body.email === undefined || body.password === undefined))
      throw appError(
        ErrorCode.VALIDATION,
        `${Messages.INVALID_REQUEST} Enter your email and password.`,
      );
    let ownerId: string;
    try {
      ownerId = await signInOwner(signInDeps, body);
    } catch (err) {
      if (!wantsHtml) throw err;
      return loginPageFor(reply, req, wireError(err as FastifyError, req.log));
    }
    const roles = await startSession(deps, req, reply, ownerId);
    if (wantsHtml) return reply.redirect(safeNext(body.next), 303);
    return { ok: true, ownerId, roles };
  };

  /**
   * The sign-in page for a refused or unfinished attempt: the code step when a code is needed,
   * the send-the-link-again button for an unverified address, the message otherwise.
   */
  function loginPageFor(reply: FastifyReply, req: FastifyRequest, wire: WireError) {
    const body = (req.body ?? {}) as { email?: unknown; next?: unknown };
    const next = safeNext(typeof body.next === 'string' ? body.next : undefined);
    const typed = typeof body.email === 'string' ? body.email : wire.details.email;
    const email = typeof typed === 'string' ? typed : '';
    const base = {
      next,
      crumb: req.crumb,
      siteTitle: requestSiteTitle(req),
      signupOpen: deps.config.allowSignup,
    };
    const page = (status: number, html: string) =>
      reply
        .status(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    if (wire.code === ErrorCode.TOTP_REQUIRED && typeof wire.details.challenge === 'string')
      return page(
        200,
        renderLoginPage({ ...base, step: 'code', challenge: wire.details.challenge }),
      );
    return page(
      wire.status,
      renderLoginPage({
        ...base,
        error: wire.message,
        email,
        unverified: wire.code === ErrorCode.EMAIL_NOT_VERIFIED,
      }),
    );
  }

  // Slows password guessing: 10 attempts a minute per client address at each door (the rate
  // store counts per route), so at most 20 a minute for an address using both.
  const guessLimit = rateLimitConfig({ max: 10, perMs: 60_000 });
  app.post('/api/auth/login', { schema: { body: LoginBody }, config: guessLimit }, (req, reply) =>
    signIn(
      req,
      req.body,
      reply,
      Boolean(req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')),
    ),
  );
  app.post(
    '/config/login',
    {
      schema: { body: LoginBody },
      config: guessLimit,
      // Whatever stops the attempt before it is checked (a stale crumb, too many tries, a
      // missing field) is said on the page too, never as a JSON body in the browser.
      errorHandler: (err: FastifyError, req, reply) =>
        loginPageFor(reply, req, wireError(err, req.log)),
    },
    (req, reply) => signIn(req, req.body, reply, true),
  );

  app.post('/api/auth/logout', async (req, reply) => {
    await deps.sessions.destroy(req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(AUTH_HINT_COOKIE, { path: '/' });
    issueCrumb(req, reply, deps.config, '');
    return { ok: true };
  });

  app.get('/api/auth/me', async (req) => {
    if (!req.owner) return { signedIn: false };
    const roles = await rolesOf(deps.db, req.owner.ownerId, req.site.id);
    return { signedIn: true, email: req.owner.email, displayName: req.owner.displayName, roles };
  });

  app.get(
    '/config/login',
    {
      schema: {
        querystring: Type.Object({
          next: Type.Optional(Type.String({ maxLength: 500 })),
          notice: Type.Optional(Type.String({ maxLength: 40 })),
        }),
      },
    },
    async (req, reply) => {
      const next = safeNext(req.query.next);
      reply.header('cache-control', 'no-store');
      return reply.type('text/html; charset=utf-8').send(
        renderLoginPage({
          next,
          crumb: req.crumb,
          siteTitle: requestSiteTitle(req),
          signupOpen: deps.config.allowSignup,
          notice: loginNotice(req.query.notice),
        }),
      );
    },
  );

  await accountRoutes(app, deps);

  app.get('/config', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!req.owner) return reply.redirect('/config/login', 303);
    const roles = await rolesOf(deps.db, req.owner.ownerId, req.site.id);
    return reply.type('text/html; charset=utf-8').send(
      renderConfigHome({
        site: req.site,
        owner: req.owner,
        roles,
        publicDir: deps.config.publicDir,
      }),
    );
  });
};
