import type { EventValidationError } from '../analytics/event-schemas.js';
import type { IngestTable } from './record-rows.js';
import type { SiteHostsInfo } from '../sites/site-hosts.js';

/**
 * The messages between the main thread (`PerformanceIngest`) and the ingest worker
 * (`ingest-worker.ts`). Plain data only: everything crosses by structured clone.
 */

/** Where the worker's batches go. */
export type IngestSink =
  /** Its own pool to PostgreSQL, so writes cost the main thread nothing. */
  | { kind: 'postgres'; databaseUrl: string; searchPath: string | undefined; poolSize: number }
  /**
   * Back to the main thread's database (PGlite is one in-process database: no other thread can
   * open it), which answers each `write` with `written`.
   */
  | { kind: 'main' };

export interface IngestWorkerConfig {
  sink: IngestSink;
  maxDelayMs: number;
  maxQueued: number;
  /** Lower the worker thread's CPU priority (Linux nice value; 0 keeps it). */
  nice: number;
}

/** What the worker made of one request body. */
export type AcceptOutcome =
  | { ok: true; accepted: number }
  | { ok: false; code: 'VALIDATION'; message: string }
  | { ok: false; code: 'EVENT_INVALID'; errors: EventValidationError[] }
  | { ok: false; code: 'RATE_LIMITED' }
  /** A record's `host_name` is not one of the website's hosts. */
  | { ok: false; code: 'FOREIGN_HOST' }
  /** A bug in the worker: logged on the main thread, answered 500. */
  | { ok: false; code: 'INTERNAL'; error: ErrorData };

export interface QueuedRows {
  metrics: number;
  details: number;
}

/** An error as it crosses threads (structured clone keeps only message and stack of an Error). */
export interface ErrorData {
  name: string;
  message: string;
  stack?: string | undefined;
  code?: string | undefined;
}

export type ToWorker =
  | {
      t: 'accept';
      id: number;
      siteId: string;
      userAgent: string | undefined;
      at: number;
      body: string;
      /** The website's hosts, when records must be for its pages (TELEMETRY_HOST_CHECK). */
      hosts?: SiteHostsInfo | undefined;
    }
  | { t: 'flush'; id: number }
  | { t: 'queued'; id: number }
  /** Flush, close the sink, then let the thread end. */
  | { t: 'close'; id: number }
  | { t: 'written'; id: number; error?: ErrorData };

export type FromWorker =
  | { t: 'accepted'; id: number; outcome: AcceptOutcome }
  | { t: 'flushed'; id: number }
  | { t: 'queued'; id: number; rows: QueuedRows }
  | { t: 'closed'; id: number }
  | { t: 'write'; id: number; table: IngestTable; columns: unknown[][] }
  | { t: 'write-failed'; error: ErrorData; dropped: number };

export function errorData(err: unknown): ErrorData {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return {
      name: err.name,
      message: err.message,
      stack: err.stack,
      code: typeof code === 'string' ? code : undefined,
    };
  }
  return { name: 'Error', message: String(err) };
}

/** Back into an Error for loggers (pino prints `err` with its stack). */
export function errorFromData(d: ErrorData): Error {
  const err = new Error(d.message);
  err.name = d.name;
  if (d.stack) err.stack = d.stack;
  if (d.code) (err as Error & { code?: string }).code = d.code;
  return err;
}
