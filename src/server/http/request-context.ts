import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';
import type { Site } from '../sites/site-queries.js';
import type { SiteResolver } from '../sites/site-resolver.js';
import {
  SESSION_COOKIE,
  type OwnerSession,
  type SessionService,
} from '../owners/session-service.js';
import type { Db } from '../db/database.js';
import { cookieSecure } from './cookie-secure.js';
import { CRUMB_COOKIE, CRUMB_HEADER, crumbIsValid, mintCrumb } from './crumb.js';
import { renderNoSuchWebsite } from './no-such-website.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The website chosen by the Host header (every route but /assets and /healthz has one). */
    site: Site;
    /** The signed-in owner, if any. */
    owner: OwnerSession | undefined;
    /**
     * This request's valid crumb (the cookie's, or the one just minted into a Set-Cookie), '' when
     * it has none. Only for no-store responses such as the sign-in form: cached pages stay
     * visitor-free and get theirs from the cookie.
     */
    crumb: string;
  }
  interface FastifyContextConfig {
    /** false: no site lookup (static assets, health). */
    site?: boolean;
    /** false: the route accepts mutating requests without the crumb (beacons that cannot set headers). */
    crumb?: boolean;
  }
}

export interface RequestContextOptions {
  db: Db;
  secret: string;
  /** SECURE_COOKIES: Secure on every cookie (HTTPS requests get it regardless). */
  secureCookies: boolean;
  resolver: SiteResolver;
  sessions: SessionService;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Per request: the website by host, the owner's session, and the crumb. Pages get a crumb cookie
 * when they lack a valid one (a header only, so the cached HTML stays visitor-free); mutating
 * requests must echo it back.
 */
async function requestContext(app: FastifyInstance, opts: RequestContextOptions): Promise<void> {
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('owner', undefined);
  app.decorateRequest('crumb', '');

  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config?.site === false) return;
    const site = await opts.resolver.resolve(req.headers.host);
    if (!site) {
      if (req.url.startsWith('/api/')) throw appError(ErrorCode.NO_SUCH_WEBSITE);
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(renderNoSuchWebsite(req.headers.host ?? ''));
    }
    req.site = site;
    const token = req.cookies[SESSION_COOKIE];
    if (token) req.owner = await opts.sessions.find(token);

    const cookie = req.cookies[CRUMB_COOKIE];
    const binding = req.owner?.sessionId ?? '';
    if (cookie !== undefined && crumbIsValid(opts.secret, cookie, binding)) {
      req.crumb = cookie;
    } else if (!MUTATING.has(req.method)) {
      issueCrumb(req, reply, opts, binding);
    }
  });

  // After body parsing, so a `crumb` form field counts too; before validation, so a forged
  // request learns nothing about the payload rules.
  app.addHook('preValidation', async (req) => {
    if (!MUTATING.has(req.method)) return;
    const config = req.routeOptions.config;
    if (config?.site === false || config?.crumb === false) return;
    checkCrossSite(req);
    const cookie = req.cookies[CRUMB_COOKIE];
    if (!cookie && !req.headers.cookie) throw appError(ErrorCode.COOKIES_DISABLED);
    const binding = req.owner?.sessionId ?? '';
    const echoed = headerValue(req.headers[CRUMB_HEADER]) ?? crumbField(req);
    if (!cookie || echoed !== cookie || !crumbIsValid(opts.secret, cookie, binding)) {
      throw appError(ErrorCode.CRUMB_INVALID);
    }
  });
}

/**
 * Gives this request a new crumb bound to `binding` (the owner's session id, '' for a visitor)
 * and sets its cookie on the reply: pages that lack one, a session that starts or ends, and a
 * no-JS form shown again after a stale crumb. The one place a crumb is issued.
 */
export function issueCrumb(
  req: FastifyRequest,
  reply: FastifyReply,
  config: { secret: string; secureCookies: boolean },
  binding: string = req.owner?.sessionId ?? '',
): string {
  req.crumb = mintCrumb(config.secret, binding);
  setCrumbCookie(reply, req.crumb, cookieSecure(req, config.secureCookies));
  return req.crumb;
}

function setCrumbCookie(reply: FastifyReply, value: string, secure: boolean): void {
  // Readable by scripts on purpose: the double-submit pattern needs the page to echo it.
  reply.setCookie(CRUMB_COOKIE, value, { path: '/', sameSite: 'lax', secure, httpOnly: false });
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The crumb may also come as a body field named `crumb` (SPEC 7's RecordEvent, the sign-in
 * form). Never from the query string: URLs end up in logs, history and Referer headers.
 */
function crumbField(req: FastifyRequest): string | undefined {
  const b = req.body as Record<string, unknown> | undefined;
  if (b && typeof b === 'object' && typeof b.crumb === 'string') return b.crumb;
  return undefined;
}

/** Browsers say where a request came from; refuse other sites' pages outright. */
function checkCrossSite(req: FastifyRequest): void {
  const fetchSite = headerValue(req.headers['sec-fetch-site']);
  if (fetchSite === 'cross-site') throw appError(ErrorCode.CRUMB_INVALID);
  const origin = headerValue(req.headers.origin);
  if (origin && origin !== 'null') {
    if (originHostOf(origin) !== req.headers.host) throw appError(ErrorCode.CRUMB_INVALID);
  }
}

function originHostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

export default fp(requestContext, { name: 'request-context' });
