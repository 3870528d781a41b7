import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { issueCrumb } from '../http/request-context.js';
import { cookieSecure } from '../http/cookie-secure.js';
import { rolesOf } from './owner-service.js';
import { AUTH_HINT_COOKIE, SESSION_COOKIE, SESSION_TTL_MS } from './session-service.js';

/**
 * Signs an owner in on this reply: a new session (HttpOnly cookie), the readable roles hint and
 * a crumb bound to the session. The one way to start a session: sign-in and a verified sign-up.
 */
export async function startSession(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  ownerId: string,
): Promise<number[]> {
  const roles = await rolesOf(deps.db, ownerId, req.site.id);
  const session = await deps.sessions.create(ownerId);
  const secure = cookieSecure(req, deps.config.secureCookies);
  const opts = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  reply.setCookie(SESSION_COOKIE, session.token, { ...opts, maxAge: SESSION_TTL_MS / 1000 });
  // The session cookie is HttpOnly; this readable hint tells scripts "signed in, with these
  // roles here", so the cart store loads the cart (SPEC 4.2) and analytics applies SPEC 6's
  // member rule without any viewer data in the cached page. It grants nothing by itself.
  reply.setCookie(AUTH_HINT_COOKIE, roles.join('.') || '0', {
    ...opts,
    httpOnly: false,
    maxAge: SESSION_TTL_MS / 1000,
  });
  // A new session needs a crumb bound to it.
  issueCrumb(req, reply, deps.config, session.sessionId);
  return roles;
}
