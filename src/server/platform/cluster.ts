import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from './cluster-metrics.js';

/** A worker that dies sooner than this after it started counts as a crash at start-up. */
const EARLY_DEATH_MS = 5_000;
/** Start-up crashes in a row after which the primary stops replacing workers and exits. */
const MAX_EARLY_DEATHS = 5;
/** How long SIGTERM waits for workers to drain before they are killed. */
export const DRAIN_TIMEOUT_MS = 15_000;

export interface PrimaryOptions {
  workers: number;
  say: (msg: string) => void;
  /** Runs once, before any worker starts: migrations and the first-start seed. */
  prepare: () => Promise<void>;
  /** Called once, when every first worker listens. */
  onReady: (port: number) => void;
}

/**
 * The primary process of `WORKERS=N`: prepares the database once, then runs N workers that
 * share the listening port (node:cluster hands connections round-robin). A worker that dies is
 * replaced; SIGTERM/SIGINT drains every worker (each finishes its in-flight requests and
 * flushes its queues) before the primary exits.
 */
export async function runPrimary(opts: PrimaryOptions): Promise<void> {
  await opts.prepare();
  serveClusterMetrics();
  let stopping = false;
  let earlyDeaths = 0;
  const started = new Map<number, number>();
  const fork = (): Worker => {
    const w = cluster.fork({ SITE_WORKER: '1' });
    started.set(w.id, Date.now());
    return w;
  };

  let pending = opts.workers;
  cluster.on('listening', (w, address) => {
    opts.say(`Worker ${w.id} (pid ${w.process.pid}) listening.`);
    if (pending > 0 && --pending === 0) opts.onReady(address.port);
  });
  cluster.on('exit', (w, code, signal) => {
    const lived = Date.now() - (started.get(w.id) ?? 0);
    started.delete(w.id);
    if (stopping) return;
    opts.say(`Worker ${w.id} (pid ${w.process.pid}) exited (${signal ?? code}); starting another.`);
    earlyDeaths = lived < EARLY_DEATH_MS ? earlyDeaths + 1 : 0;
    if (earlyDeaths >= MAX_EARLY_DEATHS) {
      opts.say(`Workers keep failing at start-up (${earlyDeaths} in a row); stopping.`);
      void stop('failure', 1);
      return;
    }
    fork();
  });

  const stop = async (why: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    opts.say(`\n${why}: stopping ${Object.keys(cluster.workers ?? {}).length} workers…`);
    const force = setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    force.unref();
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      alive.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            // Each worker drains on SIGTERM (server.ts's shutdown).
            w.process.kill('SIGTERM');
          }),
      ),
    );
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));

  for (let i = 0; i < opts.workers; i++) fork();
}

/** True in a worker started by `runPrimary` (it skips migrations and seeding). */
export function isClusterWorker(): boolean {
  return cluster.isWorker && process.env.SITE_WORKER === '1';
}
