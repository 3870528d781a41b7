import { sql } from 'kysely';
import type { Db } from '../db/database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The append-only telemetry tables of both domains (analytics and performance). Each has an
 * `occurred_at` column (receive time, epoch ms) with an index of its own.
 */
export const TELEMETRY_TABLES = [
  'analytics_hits',
  'analytics_events',
  'script_errors',
  'performance_metrics',
  'performance_details',
] as const;
export type TelemetryTable = (typeof TELEMETRY_TABLES)[number];

/**
 * Rows one DELETE removes. Each batch is its own statement and transaction, so a backlog never
 * holds locks or a snapshot for long. PGlite runs the DELETE on the event loop that serves pages:
 * 500 rows are about 10 ms there (index scan, then a TID scan of just those rows).
 */
export const BATCH_ROWS = { pglite: 500, postgres: 5_000 } as const;
/** Not during the start-up burst: the first run waits a minute, then one runs every hour. */
export const FIRST_RUN_MS = 60_000;
export const RUN_EVERY_MS = 60 * 60_000;

/** Rows received before this instant are past retention. */
export function retentionCutoff(now: number, days: number): number {
  return now - days * DAY_MS;
}

/**
 * Deletes up to `limit` rows of `table` received before `cutoff`, oldest first; returns how many.
 * The tables have no primary key, so rows are addressed by ctid: `= ANY(ARRAY(…))` makes a TID
 * scan of exactly the rows the index scan found (an `IN (subquery)` may plan a join instead).
 */
export async function deleteOldBatch(
  db: Db,
  table: TelemetryTable,
  cutoff: number,
  limit: number,
): Promise<number> {
  const t = sql.table(table);
  const result = await sql`
    DELETE FROM ${t} WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM ${t} WHERE occurred_at < ${cutoff} ORDER BY occurred_at LIMIT ${limit}))`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0n);
}

export interface PruneOptions {
  cutoff: number;
  batchRows: number;
  /** Checked between batches: shutdown stops a long run after the batch in flight. */
  stopped?: () => boolean;
}

export interface PruneResult {
  deleted: Record<TelemetryTable, number>;
  /** DELETE statements run. */
  batches: number;
}

/** Deletes every telemetry row received before `cutoff`, one bounded batch at a time. */
export async function pruneTelemetry(db: Db, opts: PruneOptions): Promise<PruneResult> {
  const deleted = Object.fromEntries(TELEMETRY_TABLES.map((t) => [t, 0])) as PruneResult['deleted'];
  let batches = 0;
  for (const table of TELEMETRY_TABLES) {
    for (;;) {
      if (opts.stopped?.()) return { deleted, batches };
      const n = await deleteOldBatch(db, table, opts.cutoff, opts.batchRows);
      batches++;
      deleted[table] += n;
      if (n < opts.batchRows) break;
      // Let requests that arrived during the batch run before the next one.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { deleted, batches };
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RetentionOptions {
  db: Db;
  now: () => number;
  /** Kept this many days; more than 0 (0 means no job at all: see `analyticsRoutes`). */
  days: number;
  batchRows: number;
  log: Log;
  firstRunMs?: number;
  everyMs?: number;
}

/**
 * The periodic retention job: prunes `FIRST_RUN_MS` after `start()`, then every `RUN_EVERY_MS`
 * (a turn that comes while the previous run still goes is skipped: runs never overlap). `stop()` waits for the batch in flight, so
 * the database can close after it.
 */
export class TelemetryRetention {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopping = false;

  constructor(private readonly opts: RetentionOptions) {
    if (!(opts.days > 0)) throw new Error('TelemetryRetention needs a retention of 1 day or more');
  }

  start(): void {
    this.schedule(this.opts.firstRunMs ?? FIRST_RUN_MS);
  }

  /** One pass over every table now (also what the timer runs). */
  async runOnce(): Promise<PruneResult> {
    const cutoff = retentionCutoff(this.opts.now(), this.opts.days);
    const result = await pruneTelemetry(this.opts.db, {
      cutoff,
      batchRows: this.opts.batchRows,
      stopped: () => this.stopping,
    });
    const total = Object.values(result.deleted).reduce((a, b) => a + b, 0);
    if (total > 0) {
      this.opts.log.info(
        { deleted: result.deleted, cutoff: new Date(cutoff).toISOString() },
        'telemetry retention: old rows deleted',
      );
    }
    return result;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.schedule(this.opts.everyMs ?? RUN_EVERY_MS);
      // A run still going (a large backlog) simply goes on; this turn is skipped.
      if (this.running) return;
      this.running = this.runOnce()
        .catch((err: unknown) => this.opts.log.error({ err }, 'telemetry retention failed'))
        .finally(() => (this.running = undefined));
    }, ms);
    this.timer.unref();
  }
}
