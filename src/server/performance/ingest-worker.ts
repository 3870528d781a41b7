// The ingest worker thread (started by `PerformanceIngest`): parses, validates and maps request
// bodies, batches the rows and writes them, so none of that runs on the event loop that renders
// pages. With PostgreSQL it writes over its own pool; with PGlite it hands each batch back to the
// main thread, the only one that can reach that database.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.js';
import { EventSchemaRegistry } from '../analytics/event-schemas.js';
import { insertColumns } from './bulk-insert.js';
import { IngestQueues } from './ingest-queues.js';
import {
  errorData,
  errorFromData,
  type FromWorker,
  type IngestSink,
  type IngestWorkerConfig,
  type ToWorker,
} from './ingest-protocol.js';
import { INGEST_TABLES, type IngestTable } from './record-rows.js';

if (!parentPort) throw new Error('ingest-worker.ts runs as a worker thread');
const port = parentPort;
const config = workerData as IngestWorkerConfig;
const post = (m: FromWorker) => port.postMessage(m);

/**
 * Linux lets a thread have its own nice value: ingest yields the CPU to the page-serving thread
 * when both want it (2xx for a beacon can wait; a page cannot). Elsewhere this is a no-op.
 */
function lowerOwnPriority(nice: number): void {
  if (nice <= 0) return;
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid)) os.setPriority(tid, nice);
  } catch {
    // no /proc or not allowed: run at the process's priority
  }
}

/** PostgreSQL's `options` startup parameter splits on spaces; a backslash escapes one. */
const startupOption = (v: string) => v.replace(/[\\\s]/g, (c) => `\\${c}`);

interface Sink {
  write(table: IngestTable, columns: unknown[][]): Promise<void>;
  close(): Promise<void>;
}

function postgresSink(s: Extract<IngestSink, { kind: 'postgres' }>): Sink {
  const pool = new pg.Pool({
    connectionString: s.databaseUrl,
    max: s.poolSize,
    // So its connections can be told apart in pg_stat_activity.
    application_name: 'performance-ingest',
    // The main thread's search_path (tests isolate themselves in a schema of their own).
    ...(s.searchPath ? { options: `-c search_path=${startupOption(s.searchPath)}` } : {}),
  });
  // An idle connection the server drops must not end the thread; the next write reconnects.
  pool.on('error', (err) => post({ t: 'write-failed', error: errorData(err), dropped: 0 }));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    write: (table, columns) => insertColumns(db, table, INGEST_TABLES[table], columns),
    close: () => db.destroy(),
  };
}

function mainThreadSink(): Sink & { written(id: number, error?: Error): void } {
  let next = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  return {
    write: (table, columns) =>
      new Promise<void>((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve, reject });
        post({ t: 'write', id, table, columns });
      }),
    written(id, error) {
      const w = waiting.get(id);
      waiting.delete(id);
      if (error) w?.reject(error);
      else w?.resolve();
    },
    close: async () => {},
  };
}

lowerOwnPriority(config.nice);
const mainSink = config.sink.kind === 'main' ? mainThreadSink() : undefined;
const sink: Sink = config.sink.kind === 'postgres' ? postgresSink(config.sink) : mainSink!;
const queues = new IngestQueues(new EventSchemaRegistry(), {
  write: (table, columns) => sink.write(table, columns),
  maxDelayMs: config.maxDelayMs,
  maxQueued: config.maxQueued,
  // Telemetry is best-effort: a failed batch is dropped, and the main thread logs it.
  onError: (err, dropped) => post({ t: 'write-failed', error: errorData(err), dropped }),
});

port.on('message', (m: ToWorker) => {
  switch (m.t) {
    case 'accept': {
      let outcome;
      try {
        outcome = queues.accept(m.siteId, m.userAgent, m.at, m.body, m.hosts);
      } catch (err) {
        // A bug here answers this request 500 and leaves the thread serving the next.
        outcome = { ok: false as const, code: 'INTERNAL' as const, error: errorData(err) };
      }
      post({ t: 'accepted', id: m.id, outcome });
      return;
    }
    case 'queued':
      post({ t: 'queued', id: m.id, rows: queues.queued() });
      return;
    case 'flush':
      void queues.flush().then(() => post({ t: 'flushed', id: m.id }));
      return;
    case 'close':
      void queues
        .flush()
        .then(() => sink.close())
        .catch((err: unknown) => post({ t: 'write-failed', error: errorData(err), dropped: 0 }))
        .then(() => post({ t: 'closed', id: m.id }));
      return;
    case 'written':
      mainSink?.written(m.id, m.error ? errorFromData(m.error) : undefined);
      return;
  }
});
