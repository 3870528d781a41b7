import { Type, type Static } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../deps.js';
import { authenticate, rolesOf } from './owner-service.js';
import { AUTH_HINT_COOKIE, SESSION_COOKIE, SESSION_TTL_MS } from './session-service.js';
import { mintCrumb } from '../http/crumb.js';
import { setCrumbCookie } from '../http/request-context.js';
import { cookieSecure } from '../http/cookie-secure.js';
import { renderLoginPage } from './login-page.js';
import { renderConfigHome } from './config-home.js';
import { purgeExpiredSessions } from './purge-sessions.js';
import { safeNext } from './safe-next.js';
import { wireError } from '../errors/error-handler.js';

const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 256 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    crumb: Type.Optional(Type.String({ maxLength: 200 })),
    next: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const ownerRoutes: DomainRoutes = async (app, deps) => {
  // Hourly, one process at a time (a recurring job of the durable queue): sessions past expiry.
  deps.jobs.define('session-purge', {
    everyMs: 60 * 60 * 1000,
    run: async () => void (await purgeExpiredSessions(deps.db, deps.now())),
  });
  const cookieOpts = (req: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: cookieSecure(req, deps.config.secureCookies),
  });

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
    let ownerId: string;
    try {
      ownerId = await authenticate(deps.db, body.email, body.password);
    } catch (err) {
      if (!wantsHtml) throw err;
      return loginPage(reply, 401, req, (err as Error).message);
    }
    const roles = await rolesOf(deps.db, ownerId, req.site.id);
    const session = await deps.sessions.create(ownerId);
    reply.setCookie(SESSION_COOKIE, session.token, {
      ...cookieOpts(req),
      maxAge: SESSION_TTL_MS / 1000,
    });
    // The session cookie is HttpOnly; this readable hint tells scripts "signed in, with these
    // roles here", so the cart store loads the cart (SPEC 4.2) and analytics applies SPEC 6's
    // member rule without any viewer data in the cached page. It grants nothing by itself.
    reply.setCookie(AUTH_HINT_COOKIE, roles.join('.') || '0', {
      ...cookieOpts(req),
      httpOnly: false,
      maxAge: SESSION_TTL_MS / 1000,
    });
    // A new session needs a crumb bound to it.
    setCrumbCookie(
      reply,
      mintCrumb(deps.config.secret, session.sessionId),
      cookieSecure(req, deps.config.secureCookies),
    );
    if (wantsHtml) return reply.redirect(safeNext(body.next), 303);
    return { ok: true, ownerId, roles };
  };

  /** The sign-in page with a message: a refused attempt, a stale crumb, too many tries. */
  function loginPage(reply: FastifyReply, status: number, req: FastifyRequest, error: string) {
    const body = (req.body ?? {}) as { email?: unknown; next?: unknown };
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        renderLoginPage({
          error,
          email: typeof body.email === 'string' ? body.email : '',
          next: safeNext(typeof body.next === 'string' ? body.next : undefined),
          crumb: req.crumb,
        }),
      );
  }

  // Slows password guessing: 10 attempts a minute per client address at each door (the rate
  // store counts per route), so at most 20 a minute for an address using both.
  const guessLimit = { rateLimit: { max: 10, timeWindow: 60_000 } };
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
      errorHandler: (err: FastifyError, req, reply) => {
        const wire = wireError(err, req.log);
        return loginPage(reply, wire.status, req, wire.message);
      },
    },
    (req, reply) => signIn(req, req.body, reply, true),
  );

  app.post('/api/auth/logout', async (req, reply) => {
    await deps.sessions.destroy(req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(AUTH_HINT_COOKIE, { path: '/' });
    setCrumbCookie(
      reply,
      mintCrumb(deps.config.secret, ''),
      cookieSecure(req, deps.config.secureCookies),
    );
    return { ok: true };
  });

  app.get('/api/auth/me', async (req) => {
    if (!req.owner) return { signedIn: false };
    const roles = await rolesOf(deps.db, req.owner.ownerId, req.site.id);
    return { signedIn: true, email: req.owner.email, displayName: req.owner.displayName, roles };
  });

  app.get('/config/login', async (req, reply) => {
    const next = safeNext((req.query as { next?: string }).next);
    reply.header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(renderLoginPage({ next, crumb: req.crumb }));
  });

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
