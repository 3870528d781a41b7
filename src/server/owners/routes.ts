import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
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

  app.post(
    '/api/auth/login',
    {
      schema: { body: LoginBody },
      // Slows password guessing: 10 attempts a minute per client address.
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const body = req.body;
      const wantsHtml = req.headers['content-type']?.startsWith(
        'application/x-www-form-urlencoded',
      );
      let ownerId: string;
      try {
        ownerId = await authenticate(deps.db, body.email, body.password);
      } catch (err) {
        if (!wantsHtml) throw err;
        return reply
          .status(401)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            renderLoginPage({
              error: (err as Error).message,
              email: body.email,
              next: safeNext(body.next),
              crumb: req.crumb,
            }),
          );
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
    },
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
