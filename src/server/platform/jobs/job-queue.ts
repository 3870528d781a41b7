import crypto from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JobsTable } from '../tables.js';

/** What a handler gets besides its payload. */
export interface JobContext {
  id: string;
  queue: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** Keeps the lease for another `leaseMs`: long jobs call it as they go (between batches). */
  extend(): Promise<void>;
  /** True once the queue is stopping: a long job should end its pass (it runs again later). */
  stopping(): boolean;
}

export interface QueueDefinition<P> {
  run: (payload: P, ctx: JobContext) => Promise<void>;
  /** How long a runner holds a job before others may take it over (a runner that died). */
  leaseMs?: number;
  /** Runs before a job is failed for good (default 5). */
  maxAttempts?: number;
  /** Wait before retry `attempt` (1, 2, …); default 1 s doubling, at most an hour. */
  backoffMs?: (attempt: number) => number;
  /** Recurring: the queue keeps one job that runs every `everyMs` (key 'every'). */
  everyMs?: number;
}

export interface EnqueueOptions {
  /** While a job with this key is queued or running, enqueueing another joins it. */
  key?: string;
  /** Epoch ms (the queue's clock) before which it does not run; default now. */
  runAt?: number;
  maxAttempts?: number;
}

export interface JobQueueOptions {
  db: Db;
  now: () => number;
  log: { error: (obj: unknown, msg: string) => void };
  /** How often due jobs are looked for (enqueue in this process also wakes it at once). */
  pollMs?: number;
  /** Jobs run at once by one process. */
  concurrency?: number;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_POLL_MS = 2_000;
const defaultBackoff = (attempt: number) => Math.min(3_600_000, 1_000 * 2 ** (attempt - 1));
/** Finished jobs are kept this long (for inspection), then deleted. */
const KEEP_FINISHED_MS = 24 * 3_600_000;

interface ClaimedJob {
  id: string;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/**
 * The durable job queue: one table (`jobs`), the same SQL on PostgreSQL and PGlite. Every
 * process runs a `JobQueue`; a due job is claimed by exactly one of them
 * (`FOR UPDATE SKIP LOCKED`) under a lease, so it runs once across processes; a runner that
 * dies leaves its lease to expire and another takes the job over. A failure is retried with
 * backoff up to `maxAttempts`. Jobs are rows, so they survive restarts. API: docs/jobs.md.
 */
export class JobQueue {
  readonly runnerId = crypto.randomUUID();
  private readonly defs = new Map<string, QueueDefinition<never>>();
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private started = false;

  constructor(private readonly opts: JobQueueOptions) {}

  /** Declares a queue and its handler (before `start`). */
  define<P>(queue: string, def: QueueDefinition<P>): void {
    this.defs.set(queue, def as QueueDefinition<never>);
    if (this.started && def.everyMs !== undefined) void this.ensureRecurring(queue, def.everyMs);
  }

  /**
   * The INSERT of a job as a statement to run inside another write (a data-modifying CTE), for
   * a job that must exist exactly when that write commits: it adds one row per row of `from`
   * (e.g. the CTE that holds the inserted record). Call `wake()` after the commit; until then
   * another process's poll finds it. A queued or running job with the same key wins.
   */
  insertStatement(
    queue: string,
    payload: unknown,
    from: RawBuilder<unknown>,
    opts: EnqueueOptions = {},
  ): RawBuilder<unknown> {
    const now = this.opts.now();
    const maxAttempts = opts.maxAttempts ?? this.defs.get(queue)?.maxAttempts ?? 5;
    return sql`
      INSERT INTO jobs (id, queue, key, payload, state, run_at, attempts, max_attempts, created)
      SELECT ${crypto.randomUUID()}, ${queue}, ${opts.key ?? null},
             ${JSON.stringify(payload ?? {})}::jsonb, 'queued', ${opts.runAt ?? now}, 0,
             ${maxAttempts}, ${now}
        FROM ${from}
      ON CONFLICT (queue, key) WHERE state IN ('queued', 'running') DO NOTHING
      RETURNING id`;
  }

  /**
   * Adds a job; `{ joined: true }` with the live job's id when one with the same key is queued
   * or running (a second 'send all' joins the first).
   */
  async enqueue(
    queue: string,
    payload: unknown,
    opts: EnqueueOptions = {},
  ): Promise<{ id: string; joined: boolean }> {
    const now = this.opts.now();
    const id = crypto.randomUUID();
    const maxAttempts = opts.maxAttempts ?? this.defs.get(queue)?.maxAttempts ?? 5;
    const key = opts.key ?? null;
    const inserted = await sql<{ id: string }>`
      INSERT INTO jobs (id, queue, key, payload, state, run_at, attempts, max_attempts, created)
      VALUES (${id}, ${queue}, ${key}, ${JSON.stringify(payload ?? {})}::jsonb, 'queued',
              ${opts.runAt ?? now}, 0, ${maxAttempts}, ${now})
      ON CONFLICT (queue, key) WHERE state IN ('queued', 'running') DO NOTHING
      RETURNING id`.execute(this.opts.db);
    if (inserted.rows[0]) {
      this.wake();
      return { id, joined: false };
    }
    const live = await this.opts.db
      .selectFrom('jobs')
      .select('id')
      .where('queue', '=', queue)
      .where('key', '=', key)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    // Finished between the two statements: enqueue afresh.
    if (!live) return this.enqueue(queue, payload, opts);
    return { id: live.id, joined: true };
  }

  /** Starts polling (and makes sure every recurring queue has its job). */
  async start(): Promise<void> {
    this.started = true;
    for (const [queue, def] of this.defs) {
      if (def.everyMs !== undefined) await this.ensureRecurring(queue, def.everyMs);
    }
    this.wake();
    // An interval (a tick while a poll still runs only marks it to go again).
    this.timer = setInterval(() => this.wake(), this.opts.pollMs ?? DEFAULT_POLL_MS);
    this.timer.unref();
  }

  /** Stops claiming, and waits for the jobs this process runs (they see `stopping()`). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.polling;
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  /** Runs every due job now and waits for them (tests drive the queue with this). */
  async drain(): Promise<void> {
    for (;;) {
      const n = await this.claimAndRun();
      while (this.running.size) await Promise.allSettled([...this.running]);
      if (n === 0) return;
    }
  }

  /** Jobs queued or running, by queue (metrics). */
  async depths(): Promise<Record<string, number>> {
    const rows = await this.opts.db
      .selectFrom('jobs')
      .select(['queue', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', 'in', ['queued', 'running'])
      .groupBy('queue')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.queue, Number(r.n)]));
  }

  /** Looks for due jobs soon (coalesces: one poll at a time). */
  wake(): void {
    if (this.stopped || !this.started) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    this.polling = (async () => {
      do {
        this.again = false;
        await this.claimAndRun().catch((err: unknown) =>
          this.opts.log.error({ err }, 'jobs: claiming failed'),
        );
      } while (this.again && !this.stopped);
    })().finally(() => (this.polling = undefined));
  }

  private async ensureRecurring(queue: string, everyMs: number): Promise<void> {
    await this.enqueue(queue, {}, { key: 'every', runAt: this.opts.now() + everyMs });
  }

  /** Claims due jobs (and expired leases) of the queues this process knows; starts them. */
  private async claimAndRun(): Promise<number> {
    const free = (this.opts.concurrency ?? 4) - this.running.size;
    if (free <= 0 || this.defs.size === 0 || this.stopped) return 0;
    const now = this.opts.now();
    const queues = sql.join([...this.defs.keys()]);
    const lease = this.maxLease();
    const { rows } = await sql<ClaimedJob>`
      UPDATE jobs SET state = 'running', locked_by = ${this.runnerId},
        locked_until = ${now + lease}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs
        WHERE queue IN (${queues})
          AND ((state = 'queued' AND run_at <= ${now})
               OR (state = 'running' AND locked_until < ${now}))
        ORDER BY run_at
        LIMIT ${free}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, queue, payload, attempts, max_attempts`.execute(this.opts.db);
    for (const job of rows) {
      const p = this.run(job).finally(() => this.running.delete(p));
      this.running.add(p);
    }
    return rows.length;
  }

  private maxLease(): number {
    let max = 0;
    for (const d of this.defs.values()) max = Math.max(max, d.leaseMs ?? DEFAULT_LEASE_MS);
    return max;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const def = this.defs.get(job.queue)!;
    const { db } = this.opts;
    const leaseMs = def.leaseMs ?? DEFAULT_LEASE_MS;
    /** Updates the job while this runner still holds it (a taken-over job is not ours). */
    const mine = (values: Updateable<JobsTable>) =>
      db
        .updateTable('jobs')
        .set(values)
        .where('id', '=', job.id)
        .where('locked_by', '=', this.runnerId)
        .where('state', '=', 'running')
        .execute();
    const ctx: JobContext = {
      id: job.id,
      queue: job.queue,
      attempt: job.attempts,
      extend: async () => {
        await mine({ locked_until: this.opts.now() + leaseMs });
      },
      stopping: () => this.stopped,
    };
    try {
      await def.run(job.payload as never, ctx);
      const now = this.opts.now();
      await mine({ state: 'done', finished: now, locked_until: null });
      if (def.everyMs !== undefined && !this.stopped) {
        await this.enqueue(job.queue, {}, { key: 'every', runAt: now + def.everyMs });
      }
      await db
        .deleteFrom('jobs')
        .where('state', 'in', ['done', 'failed'])
        .where('finished', '<', now - KEEP_FINISHED_MS)
        .execute();
    } catch (err) {
      const now = this.opts.now();
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const final = job.attempts >= job.max_attempts && def.everyMs === undefined;
      this.opts.log.error({ err, job: job.id, queue: job.queue }, 'jobs: a job failed');
      await mine(
        final
          ? { state: 'failed', finished: now, last_error: error, locked_until: null }
          : {
              state: 'queued',
              run_at: now + (def.backoffMs ?? defaultBackoff)(job.attempts),
              last_error: error,
              locked_by: null,
              locked_until: null,
            },
      ).catch((e: unknown) => this.opts.log.error({ err: e }, 'jobs: recording a failure failed'));
    }
  }
}
