import { Counter } from 'prom-client';
import { sql } from 'kysely';
import type { AppDeps, DomainRoutes } from '../deps.js';
import { ownerGuard } from '../http/owner-guard.js';
import { COLLECTOR_ENDPOINT, RECORDS_MAX_BYTES } from '../../shared/telemetry/constants.js';
import { RangeQuery, parseRange, refuseCrossSite } from '../analytics/http-helpers.js';
import { PerformanceIngest } from './ingest.js';
import { rateLimitConfig } from '../http/rate-limit-config.js';
import { isDataError } from './batch-queue.js';
import { countTelemetryDrop, telemetryDrops } from './telemetry-drops.js';
import type { IngestSink } from './ingest-protocol.js';
import { performanceSummary } from './summary.js';

/** Connections of the ingest worker's own pool (PostgreSQL): up to 3 writes per table at once. */
const WORKER_POOL_SIZE = 4;
/** Ingest yields the CPU to page rendering when both want it (see ingest-worker.ts). */
const WORKER_NICE = 10;

/**
 * PostgreSQL with a known URL: the worker opens its own pool, on the main thread's search_path.
 * PGlite (one in-process database only this thread can reach): batches come back here.
 */
async function sinkOf(deps: AppDeps): Promise<IngestSink> {
  if (deps.dbKind !== 'postgres' || !deps.config.databaseUrl) return { kind: 'main' };
  const { rows } = await sql<{ search_path: string }>`SHOW search_path`.execute(deps.db);
  return {
    kind: 'postgres',
    databaseUrl: deps.config.databaseUrl,
    searchPath: rows[0]?.search_path,
    poolSize: WORKER_POOL_SIZE,
  };
}

const ingestByApp = new WeakMap<AppDeps, PerformanceIngest>();

/** The performance ingest of an app (tests flush it explicitly). */
export function performanceIngestOf(deps: AppDeps): PerformanceIngest {
  const i = ingestByApp.get(deps);
  if (!i) throw new Error('performance routes are not registered for these deps');
  return i;
}

/** The performance domain's HTTP routes: the collector's ingest and the owner's summary. */
export const performanceRoutes: DomainRoutes = async (app, deps) => {
  // The drop counters live with the ingest (telemetry-drops.ts); /metrics reads them when scraped.
  new Counter({
    name: 'telemetry_dropped_records_total',
    help: 'Telemetry refused or dropped after acceptance, by reason (refused-row, write-failed, foreign-host, rate-limited).',
    labelNames: ['reason'],
    registers: [deps.metrics.registry],
    collect() {
      this.reset();
      for (const [reason, n] of Object.entries(telemetryDrops())) this.inc({ reason }, n);
    },
  });
  const ingest = new PerformanceIngest(deps.db, deps.now, {
    sink: () => sinkOf(deps),
    nice: WORKER_NICE,
    onError: (err, dropped) => {
      countTelemetryDrop(isDataError(err) ? 'refused-row' : 'write-failed', dropped);
      app.log.error({ err, dropped }, 'performance batch write failed; rows dropped');
    },
    onWorkerError: (err) => app.log.error({ err }, 'performance ingest worker failed'),
  });
  ingestByApp.set(deps, ingest);
  // Shutdown writes what is queued before the database closes (main.ts closes the app first).
  app.addHook('onClose', async () => ingest.close());

  // JSON bodies stay text in this scope, like text/plain ones: the worker parses them, off the
  // thread that renders pages.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  // sendBeacon: text/plain JSON array, no headers, so no crumb. Answered before any write: the
  // worker validates and queues, then the route answers 202 (or 400 with the errors, or 429).
  app.post(
    COLLECTOR_ENDPOINT,
    {
      bodyLimit: RECORDS_MAX_BYTES,
      config: {
        crumb: false,
        ...rateLimitConfig({
          max: deps.config.telemetryRatePerAddress,
          perMs: 60_000,
          onExceeded: () => countTelemetryDrop('rate-limited'),
        }),
      },
      preHandler: refuseCrossSite,
    },
    async (req, reply) => {
      // Text from either parser of this scope; a request without a body has no records.
      const body = (req.body as string | undefined) ?? '';
      const hosts = deps.config.telemetryHostCheck
        ? { slug: req.site.slug, domain: req.site.domain, baseDomain: deps.config.baseDomain }
        : undefined;
      const accepted = await ingest.accept(req.site.id, req.headers['user-agent'], body, hosts);
      return reply.status(202).send({ accepted });
    },
  );

  app.get(
    '/api/performance/summary',
    { preValidation: ownerGuard(deps.db, 'analytics'), schema: { querystring: RangeQuery } },
    async (req) => {
      const { from, to } = parseRange(req.query, deps.now());
      return { from, to, pages: await performanceSummary(deps.db, req.site.id, from, to) };
    },
  );
};
