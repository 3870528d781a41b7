import type { Worker } from 'node:worker_threads';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { insertColumns } from './bulk-insert.js';
import {
  errorData,
  errorFromData,
  type FromWorker,
  type IngestSink,
  type IngestWorkerConfig,
  type QueuedRows,
  type ToWorker,
} from './ingest-protocol.js';
import { startModuleWorker } from './module-worker.js';
import { countTelemetryDrop } from './telemetry-drops.js';
import type { SiteHostsInfo } from '../sites/site-hosts.js';
import { INGEST_TABLES, type IngestTable } from './record-rows.js';

export interface IngestOptions {
  /** Where the worker writes; asked once, when the worker first starts. */
  sink: () => Promise<IngestSink>;
  maxDelayMs?: number;
  maxQueued?: number;
  /** Requests handed to the worker and not yet answered; beyond it 429 (memory stays bounded). */
  maxPending?: number;
  /** The worker thread's nice value (Linux), so ingest yields the CPU to page rendering. */
  nice?: number;
  /** The worker module next to this file (tests substitute one that fails). */
  workerModule?: string;
  /** After a crash, requests are refused this long before a new worker is tried (no crash loop). */
  restartPauseMs?: number;
  /** A batch write failed; its rows are dropped (telemetry is best-effort). */
  onError?: (err: unknown, dropped: number) => void;
  /** The worker failed (crash or bug); the next request starts a new one. */
  onWorkerError?: (err: unknown) => void;
}

/** A worker's answer, or `gone` when it ended before answering. */
type Reply = Extract<FromWorker, { id: number }> | { t: 'gone' };

/** How long shutdown waits for the worker's last writes. */
const CLOSE_TIMEOUT_MS = 8000;

/**
 * The main thread's side of the collector's ingest. A request body goes to the ingest worker as
 * raw text; the worker parses, validates (one precompiled Ajv validator), maps and queues its
 * rows and answers with the outcome, so the route still answers 400 with the validation errors,
 * 429 when full, and 202 before any write, while the event loop that renders pages only passes
 * text along. The worker starts with the first request (apps that never ingest never start one).
 */
export class PerformanceIngest {
  private worker: Worker | undefined;
  private starting: Promise<Worker> | undefined;
  private readonly waiting = new Map<number, (r: Reply) => void>();
  private nextId = 0;
  private pendingAccepts = 0;
  /** performance.now() of the last crash: real time, since tests may freeze the app's clock. */
  private crashedAt = -Infinity;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly opts: IngestOptions,
  ) {}

  /** Hands a request body to the worker; resolves with the records accepted, throws 400/429. */
  async accept(
    siteId: string,
    userAgent: string | undefined,
    body: string,
    hosts?: SiteHostsInfo,
  ): Promise<number> {
    if (this.pendingAccepts >= (this.opts.maxPending ?? 10_000)) throw rateLimited();
    const at = this.now(); // receive time, from the app's clock (tests fake it)
    this.pendingAccepts++;
    let reply: Reply;
    try {
      const worker = this.worker ?? (await this.start());
      reply = await this.ask(worker, (id) => ({
        t: 'accept',
        id,
        siteId,
        userAgent,
        at,
        body,
        hosts,
      }));
    } finally {
      this.pendingAccepts--;
    }
    // Its rows died with the worker (already logged by the worker's 'error' event).
    if (reply.t !== 'accepted') throw appError(ErrorCode.INTERNAL);
    const o = reply.outcome;
    if (o.ok) return o.accepted;
    switch (o.code) {
      case 'VALIDATION':
        throw appError(ErrorCode.VALIDATION, o.message);
      case 'EVENT_INVALID':
        throw appError(ErrorCode.EVENT_INVALID, undefined, { errors: o.errors });
      case 'RATE_LIMITED':
        throw rateLimited();
      case 'FOREIGN_HOST':
        countTelemetryDrop('foreign-host');
        throw appError(ErrorCode.VALIDATION, 'The page is not on this website.');
      case 'INTERNAL':
        this.opts.onWorkerError?.(errorFromData(o.error));
        throw appError(ErrorCode.INTERNAL);
    }
  }

  /** Rows queued in the worker and not yet handed to a write. */
  async queued(): Promise<QueuedRows> {
    const w = await this.running();
    if (!w) return { metrics: 0, details: 0 };
    const r = await this.ask(w, (id) => ({ t: 'queued', id }));
    return r.t === 'queued' ? r.rows : { metrics: 0, details: 0 };
  }

  /** Writes everything queued and waits for it. */
  async flush(): Promise<void> {
    const w = await this.running();
    if (w) await this.ask(w, (id) => ({ t: 'flush', id }));
  }

  /** Shutdown (Fastify `onClose`, before the database closes): write everything, stop the thread. */
  async close(): Promise<void> {
    this.closed = true;
    const w = await this.running();
    if (!w) return;
    // An idle worker is unref'd; while its last writes run it must keep the process alive.
    w.ref();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.opts.onWorkerError?.(new Error('ingest worker did not finish its writes in time'));
        resolve();
      }, CLOSE_TIMEOUT_MS);
    });
    await Promise.race([this.ask(w, (id) => ({ t: 'close', id })), timeout]);
    clearTimeout(timer);
    await w.terminate();
  }

  /** The worker if one runs or is starting, without starting one. */
  private async running(): Promise<Worker | undefined> {
    return this.worker ?? (await this.starting?.catch(() => undefined));
  }

  private start(): Promise<Worker> {
    if (this.closed) return Promise.reject(appError(ErrorCode.INTERNAL));
    if (performance.now() - this.crashedAt < (this.opts.restartPauseMs ?? 1000)) {
      return Promise.reject(appError(ErrorCode.INTERNAL));
    }
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async spawn(): Promise<Worker> {
    const config: IngestWorkerConfig = {
      sink: await this.opts.sink(),
      maxDelayMs: this.opts.maxDelayMs ?? 1000,
      maxQueued: this.opts.maxQueued ?? 200_000,
      nice: this.opts.nice ?? 0,
    };
    const worker = startModuleWorker(import.meta.url, this.opts.workerModule ?? 'ingest-worker', {
      workerData: config,
    });
    // Idle, the worker must not keep the process (or a test run) alive; close() refs it.
    worker.unref();
    worker.on('message', (m: FromWorker) => this.onMessage(worker, m));
    worker.on('error', (err) => this.opts.onWorkerError?.(err));
    worker.on('exit', () => this.onExit(worker));
    this.worker = worker;
    return worker;
  }

  private onMessage(worker: Worker, m: FromWorker): void {
    switch (m.t) {
      case 'write':
        void this.write(worker, m.id, m.table, m.columns);
        return;
      case 'write-failed':
        this.opts.onError?.(errorFromData(m.error), m.dropped);
        return;
      default: {
        const resolve = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        resolve?.(m);
      }
    }
  }

  /** A batch from a worker without a database of its own (PGlite lives on this thread). */
  private async write(worker: Worker, id: number, table: IngestTable, columns: unknown[][]) {
    let answer: ToWorker;
    try {
      await insertColumns(this.db, table, INGEST_TABLES[table], columns);
      answer = { t: 'written', id };
    } catch (err) {
      answer = { t: 'written', id, error: errorData(err) };
    }
    worker.postMessage(answer);
  }

  /** A worker that ends while requests wait: they are answered 500, their rows never queued. */
  private onExit(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    if (!this.closed) this.crashedAt = performance.now();
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const resolve of waiting) resolve({ t: 'gone' });
  }

  private ask(worker: Worker, message: (id: number) => ToWorker): Promise<Reply> {
    const id = ++this.nextId;
    return new Promise<Reply>((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage(message(id));
    });
  }
}

const rateLimited = () => appError(ErrorCode.RATE_LIMITED, undefined, {}, { 'retry-after': '1' });
