import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../config.js';
import { buildApp, type BuildOptions } from '../app.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { CRUMB_COOKIE } from '../http/crumb.js';

export const TEST_SECRET = 'test-secret-do-not-use-in-production';

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests stand in for many shoppers by sending X-Forwarded-For, as a proxy in front would.
  // No telemetry retention job unless a test asks for one (`telemetryRetentionDays`).
  return {
    ...loadConfig({}),
    secret: TEST_SECRET,
    trustProxy: true,
    telemetryRetentionDays: 0,
    ...overrides,
  };
}

export async function buildTestApp(
  database: DatabaseHandle,
  opts: {
    config?: Partial<Config>;
    now?: () => number;
    onRoute?: BuildOptions['onRoute'];
  } = {},
): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const built = await buildApp({
    config: testConfig(opts.config),
    database,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.onRoute ? { onRoute: opts.onRoute } : {}),
  });
  await built.app.ready();
  return built;
}

/**
 * A browser-like visitor for inject(): keeps cookies between requests and echoes the crumb on
 * mutating requests, as the islands do.
 */
export class Visitor {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly host = 'localhost',
  ) {}

  async request(opts: InjectOptions & { crumb?: boolean }): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {
      host: this.host,
      ...(opts.headers as Record<string, string>),
    };
    if (method !== 'GET' && opts.crumb !== false) {
      if (!this.cookies.has(CRUMB_COOKIE))
        await this.request({ method: 'GET', url: '/api/auth/me' });
      headers['x-csrf-token'] ??= this.cookies.get(CRUMB_COOKIE) ?? '';
    }
    if (this.cookies.size) {
      headers.cookie = [...this.cookies]
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('; ');
    }
    const res = await this.app.inject({
      ...opts,
      method: method as InjectOptions['method'],
      headers,
    });
    for (const c of res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({
      method: 'POST',
      url,
      payload: payload as InjectOptions['payload'],
      headers,
    });
  }
  put(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({
      method: 'PUT',
      url,
      payload: payload as InjectOptions['payload'],
      headers,
    });
  }
  delete(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'DELETE', url, headers });
  }
}
