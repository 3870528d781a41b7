import cluster from 'node:cluster';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { reportToPrimary } from './cluster-metrics.js';
import type { CacheRegistry } from './versioned-cache.js';

/** Latency buckets (seconds): cached pages answer in well under a millisecond, renders in tens. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The process's Prometheus registry (prom-client), served on `/metrics` behind `METRICS_TOKEN`.
 * Any part of the server can add its own: `new Counter({ name, help, registers:
 * [deps.metrics.registry] })`, or use the shared ones below. Each worker of `WORKERS=N` keeps
 * its own registry; samples carry a `worker` label, and a scrape of any worker shows them all
 * (cluster-metrics.ts).
 */
export class Metrics {
  readonly registry = new Registry();
  /** One observation per response: counts by route and status come with the histogram. */
  readonly requests: Histogram<'route' | 'method' | 'status'>;
  /** Jobs waiting in the durable queue, by kind (platform/jobs sets it when scraped). */
  readonly queueDepth: Gauge<'queue'>;
  private readonly depthReaders: (() => Promise<Record<string, number>>)[] = [];

  constructor(caches: CacheRegistry, opts: { defaults?: boolean } = {}) {
    const r = this.registry;
    r.setDefaultLabels({ worker: String(cluster.worker?.id ?? 0) });
    // Event-loop delay is sampled every 10 ms (bench/lib/ingest.mjs subtracts the interval).
    if (opts.defaults) collectDefaultMetrics({ register: r, eventLoopMonitoringPrecision: 10 });
    if (cluster.isWorker) reportToPrimary(r);
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route (its pattern), method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: BUCKETS,
      registers: [r],
    });
    // Caches count their own hits in plain fields (the page cache's hit is the hot path);
    // they are read only when scraped.
    new Counter({
      name: 'cache_hits_total',
      help: 'In-memory cache hits, by cache.',
      labelNames: ['cache'],
      registers: [r],
      collect() {
        this.reset();
        for (const c of caches.list()) this.inc({ cache: c.opts.name }, c.hits);
      },
    });
    new Counter({
      name: 'cache_misses_total',
      help: 'In-memory cache misses, by cache.',
      labelNames: ['cache'],
      registers: [r],
      collect() {
        this.reset();
        for (const c of caches.list()) this.inc({ cache: c.opts.name }, c.misses);
      },
    });
    new Gauge({
      name: 'cache_entries',
      help: 'Entries held, by cache.',
      labelNames: ['cache'],
      registers: [r],
      collect() {
        for (const c of caches.list()) this.set({ cache: c.opts.name }, c.size);
      },
    });
    new Counter({
      name: 'cache_remote_invalidations_total',
      help: 'Website invalidations received from other processes (LISTEN/NOTIFY).',
      registers: [r],
      collect() {
        this.reset();
        this.inc(caches.remoteDrops);
      },
    });
    const readers = this.depthReaders;
    this.queueDepth = new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting or running in the durable queue, by queue.',
      labelNames: ['queue'],
      registers: [r],
      async collect() {
        this.reset();
        for (const read of readers) {
          for (const [queue, n] of Object.entries(await read().catch(() => ({})))) {
            this.set({ queue }, n);
          }
        }
      },
    });
  }

  /** Adds a source of queue depths, read at each scrape. */
  addQueueDepths(read: () => Promise<Record<string, number>>): void {
    this.depthReaders.push(read);
  }

  /** Times every response: one histogram observation in onResponse. */
  install(app: FastifyInstance): void {
    const requests = this.requests;
    app.addHook('onResponse', (req, reply, done) => {
      requests.observe(
        {
          route: req.routeOptions.url ?? 'unmatched',
          method: req.method,
          status: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
}
