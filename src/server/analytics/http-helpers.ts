import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';

/**
 * Beacon routes run with `crumb: false` (sendBeacon cannot set headers), so request-context skips
 * its cross-site check for them: refuse other sites' pages here, so no third party can feed a
 * website's telemetry from a visitor's browser.
 */
export async function refuseCrossSite(req: FastifyRequest): Promise<void> {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') throw appError(ErrorCode.CRUMB_INVALID);
  // A browser names the page's origin on every POST; another site's (or `evil`) is refused.
  // 'null' (sandboxed frames, some privacy modes) says nothing and is let through.
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null' && originHost(origin) !== req.headers.host) {
    throw appError(ErrorCode.CRUMB_INVALID);
  }
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

export const RangeQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ maxLength: 40 })),
    to: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);

const DAY = 24 * 60 * 60 * 1000;
/** Year 9999's last millisecond: the latest instant both JavaScript and PostgreSQL hold. */
const MAX_EPOCH_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function instant(v: string | undefined, name: string): number | undefined {
  if (v === undefined || v === '') return undefined;
  const t = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
  // Beyond ±8.64e15 ms there is no Date (and PostgreSQL's timestamps end sooner): a 400, not a 500.
  if (!Number.isFinite(t) || Math.abs(t) > MAX_EPOCH_MS)
    throw appError(ErrorCode.VALIDATION, `'${name}' must be a date or epoch milliseconds.`);
  return t;
}

/** `?from=&to=` as epoch ms or ISO dates; the last 30 days by default. `to` is exclusive. */
export function parseRange(
  q: { from?: string; to?: string },
  now: number,
): { from: number; to: number } {
  const to = instant(q.to, 'to') ?? now + 1;
  const from = instant(q.from, 'from') ?? to - 30 * DAY;
  if (from > to) throw appError(ErrorCode.VALIDATION, "'from' must not be after 'to'.");
  return { from, to };
}
