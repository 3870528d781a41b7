import type { FastifyRequest } from 'fastify';

export interface RateLimitSpec {
  /** Requests allowed per window; 0 turns the limit off. */
  max: number;
  /** The window, in milliseconds. */
  perMs: number;
  /** What is counted: the client address unless given (e.g. a cart id). */
  key?: (req: FastifyRequest) => string;
  /** Called for each refused request (e.g. to count refusals for /metrics). */
  onExceeded?: (req: FastifyRequest) => void;
}

/**
 * The one way a route asks for a rate limit: `config: { ...rateLimitConfig({ max, perMs }) }`.
 * @fastify/rate-limit (registered once in app.ts, `global: false`) counts and answers 429 with
 * `Retry-After`; the error handler gives the body. Where the counts live (memory, Redis,
 * PostgreSQL) is the plugin's store, chosen in app.ts, never here.
 */
export function rateLimitConfig(spec: RateLimitSpec): {
  rateLimit:
    | false
    | {
        max: number;
        timeWindow: number;
        keyGenerator?: (req: FastifyRequest) => string;
        onExceeded?: (req: FastifyRequest, key: string) => void;
      };
} {
  if (spec.max <= 0) return { rateLimit: false };
  return {
    rateLimit: {
      max: spec.max,
      timeWindow: spec.perMs,
      ...(spec.key ? { keyGenerator: spec.key } : {}),
      ...(spec.onExceeded ? { onExceeded: (req: FastifyRequest) => spec.onExceeded!(req) } : {}),
    },
  };
}
