import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';
import { cleanDeep, hasBadText, holdsBadText } from '../../shared/clean-text.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'strip': NUL characters and lone surrogates are taken out of this route's input instead of
     * refusing it (telemetry beacons, which must not fail). Routes with `crumb: false` strip too.
     */
    inputs?: 'strip';
  }
}

function refuse(where: string): never {
  throw appError(
    ErrorCode.VALIDATION,
    `The request is not valid: ${where} holds a NUL character, an unpaired surrogate, or nesting deeper than 64 levels.`,
  );
}

/** True when `v` holds a number that is not finite (Infinity from `1e400`). */
function holdsNonFinite(v: unknown, depth = 0): boolean {
  if (typeof v === 'number') return !Number.isFinite(v);
  if (v === null || typeof v !== 'object' || depth > 64) return false;
  if (Array.isArray(v)) return v.some((x) => holdsNonFinite(x, depth + 1));
  for (const k in v) if (holdsNonFinite((v as Record<string, unknown>)[k], depth + 1)) return true;
  return false;
}

const strips = (req: FastifyRequest) => {
  const c = req.routeOptions.config;
  return c?.inputs === 'strip' || c?.crumb === false;
};

/**
 * The server's one input boundary (issue 11), in front of every route: PostgreSQL cannot store
 * NUL in text or jsonb, nor an unpaired UTF-16 surrogate in jsonb, so such strings never get
 * past here: the URL (path and query), cookies, and the parsed body are checked once, and the
 * request is refused with a 400 (beacon routes have them stripped instead). A query key given
 * twice is refused too: every route reads one value per key, and an array where a string was
 * expected is how the issue's `/config/login?next=a&next=b` reached a 500.
 */
async function inputBoundary(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (req) => {
    // The raw URL: `%00` decodes to NUL in path parameters and query values alike.
    const url = req.url;
    if (url.includes('%00') || url.includes('\0')) {
      if (!strips(req)) refuse('the address');
    }
    // A cookie with bad text is treated as absent (it can only be forged; ours never hold any).
    const cookies = req.cookies as Record<string, string | undefined> | undefined;
    if (cookies) {
      for (const [name, value] of Object.entries(cookies)) {
        if (value !== undefined && hasBadText(value)) delete cookies[name];
      }
    }
  });

  app.addHook('preValidation', async (req) => {
    const query = req.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') {
      for (const [k, v] of Object.entries(query)) {
        if (Array.isArray(v)) {
          throw appError(ErrorCode.VALIDATION, `The query key '${k}' must be given once.`);
        }
      }
    }
    if (strips(req)) {
      if (req.body !== undefined && holdsBadText(req.body)) req.body = cleanDeep(req.body);
      if (holdsBadText(query)) req.query = cleanDeep(query);
      if (holdsBadText(req.params)) req.params = cleanDeep(req.params);
      return;
    }
    if (holdsBadText(req.params)) refuse('the address');
    if (holdsBadText(query)) refuse('the query');
    if (req.body !== undefined && holdsBadText(req.body)) refuse('the body');
  });

  // After validation: `?limit=1e400` is coerced to Infinity, which passes Ajv's bounds, and
  // `JSON.parse('1e400')` is Infinity too; no route means either (the fuzz suite found it).
  app.addHook('preHandler', async (req) => {
    if (holdsNonFinite(req.query) || holdsNonFinite(req.params) || holdsNonFinite(req.body)) {
      throw appError(ErrorCode.VALIDATION, 'The request is not valid: a number is out of range.');
    }
  });
}

export default fp(inputBoundary, { name: 'input-boundary', dependencies: ['@fastify/cookie'] });
