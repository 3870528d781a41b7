import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { BatchQueue, isDataError } from '../performance/batch-queue.js';
import { countTelemetryDrop } from '../performance/telemetry-drops.js';
import { insertColumns, type ColumnType } from '../performance/bulk-insert.js';

export interface HitRow {
  siteId: string;
  visitorId: string | null;
  visitNumber: number;
  path: string;
  referrer: string | null;
  deviceClass: string;
  isBot: boolean;
  event: string;
  pageType: number | null;
  at: number;
}

export interface EventRow {
  siteId: string;
  source: 'clanker' | 'record-event' | 'census';
  name: string;
  environment: string;
  sessionId: string | null;
  content: unknown;
  at: number;
}

export interface ErrorRow {
  siteId: string;
  message: string;
  stack: string | null;
  pageUrl: string | null;
  kind: string;
  userAgent: string | null;
  at: number;
}

function columnar<T>(rows: readonly T[], pick: readonly ((r: T) => unknown)[]): unknown[][] {
  return pick.map((f) => rows.map(f));
}

const HIT_COLUMNS: [string, ColumnType][] = [
  ['site_id', 'text'],
  ['visitor_id', 'text'],
  ['visit_number', 'int4'],
  ['path', 'text'],
  ['referrer', 'text'],
  ['device_class', 'text'],
  ['is_bot', 'bool'],
  ['event', 'text'],
  ['page_type', 'int4'],
  ['occurred_at', 'int8'],
];
const EVENT_COLUMNS: [string, ColumnType][] = [
  ['site_id', 'text'],
  ['source', 'text'],
  ['name', 'text'],
  ['environment', 'text'],
  ['session_id', 'text'],
  ['content', 'jsonb'],
  ['occurred_at', 'int8'],
];
const ERROR_COLUMNS: [string, ColumnType][] = [
  ['site_id', 'text'],
  ['message', 'text'],
  ['stack', 'text'],
  ['page_url', 'text'],
  ['kind', 'text'],
  ['user_agent', 'text'],
  ['occurred_at', 'int8'],
];

/** The analytics domain's write-behind queues: hits, events and script errors, each batched. */
export class AnalyticsWriters {
  readonly hits: BatchQueue<HitRow>;
  readonly events: BatchQueue<EventRow>;
  readonly errors: BatchQueue<ErrorRow>;

  constructor(db: Db, log?: FastifyBaseLogger, maxDelayMs = 1000) {
    const onError = (err: unknown, dropped: number) => {
      countTelemetryDrop(isDataError(err) ? 'refused-row' : 'write-failed', dropped);
      log?.error({ err, dropped }, 'telemetry batch write failed; rows dropped');
    };
    const base = { maxDelayMs, maxBatch: 2000, maxQueued: 100_000, onError };
    this.hits = new BatchQueue<HitRow>({
      ...base,
      write: (rows) =>
        insertColumns(
          db,
          'analytics_hits',
          HIT_COLUMNS,
          columnar(rows, [
            (r) => r.siteId,
            (r) => r.visitorId,
            (r) => r.visitNumber,
            (r) => r.path,
            (r) => r.referrer,
            (r) => r.deviceClass,
            (r) => r.isBot,
            (r) => r.event,
            (r) => r.pageType,
            (r) => r.at,
          ]),
        ),
    });
    this.events = new BatchQueue<EventRow>({
      ...base,
      write: (rows) =>
        insertColumns(
          db,
          'analytics_events',
          EVENT_COLUMNS,
          columnar(rows, [
            (r) => r.siteId,
            (r) => r.source,
            (r) => r.name,
            (r) => r.environment,
            (r) => r.sessionId,
            (r) => JSON.stringify(r.content),
            (r) => r.at,
          ]),
        ),
    });
    this.errors = new BatchQueue<ErrorRow>({
      ...base,
      write: (rows) =>
        insertColumns(
          db,
          'script_errors',
          ERROR_COLUMNS,
          columnar(rows, [
            (r) => r.siteId,
            (r) => r.message,
            (r) => r.stack,
            (r) => r.pageUrl,
            (r) => r.kind,
            (r) => r.userAgent,
            (r) => r.at,
          ]),
        ),
    });
  }

  async flush(): Promise<void> {
    await Promise.all([this.hits.flush(), this.events.flush(), this.errors.flush()]);
  }
}
