import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { SiteResolver } from './sites/site-resolver.js';
import type { SessionService } from './owners/session-service.js';
import type { DomainEvents } from './events.js';
import type { CacheRegistry } from './platform/versioned-cache.js';
import type { ChangeBus } from './platform/change-bus.js';
import type { RateCounter } from './platform/rate-limits.js';
import type { Metrics } from './platform/metrics.js';
import type { JobQueue } from './platform/jobs/job-queue.js';
import type { TypedApp } from './http/typed-app.js';

/**
 * What every domain's routes receive. Dependencies come in as arguments (DESIGN 5) so tests
 * control time and I/O: `now` is the clock every timing rule reads.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  now: () => number;
  resolver: SiteResolver;
  sessions: SessionService;
  events: DomainEvents;
  /** Every in-memory cache of content; `content-changed` empties a website's (change-bus.ts). */
  caches: CacheRegistry;
  /** Carries `content-changed` to the other processes (PostgreSQL LISTEN/NOTIFY). */
  changes?: ChangeBus;
  /** Rate-limit counts shared by every process (Redis, PostgreSQL, or memory on PGlite). */
  rates: RateCounter;
  /** Prometheus registry (`/metrics`); add counters with `registers: [metrics.registry]`. */
  metrics: Metrics;
  /** The durable job queue (docs/jobs.md): background work that runs once across processes. */
  jobs: JobQueue;
}

/**
 * A domain's routes: a Fastify plugin taking the shared dependencies. The instance is typed by
 * the TypeBox type provider, so handlers read `req.body`/`query`/`params` typed by their schemas.
 */
export type DomainRoutes = (app: TypedApp, deps: AppDeps) => Promise<void>;
