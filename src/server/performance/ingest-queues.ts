import type { ValidateFunction } from 'ajv';
import { isBot } from '../../shared/telemetry/device.js';
import type { PerformanceRecord } from '../../shared/telemetry/performance-records.js';
import { ajvErrors, type EventSchemaRegistry } from '../analytics/event-schemas.js';
import { BatchQueue } from './batch-queue.js';
import { isSiteHost, type SiteHostsInfo } from '../sites/site-hosts.js';
import { parseJsonClean } from '../../shared/clean-text.js';
import { MAX_TIMING_VALUE } from '../../shared/telemetry/constants.js';
import type { AcceptOutcome, QueuedRows } from './ingest-protocol.js';
import {
  columnsOf,
  compileRecordsValidator,
  DETAIL_COLUMNS,
  METRIC_COLUMNS,
  rowsOfRecords,
  type DetailRow,
  type IngestTable,
  type MetricRow,
} from './record-rows.js';

export interface IngestQueuesOptions {
  /** Writes one batch: one array per column of `table`. */
  write: (table: IngestTable, columns: unknown[][]) => Promise<void>;
  maxDelayMs?: number;
  maxQueued?: number;
  onError?: (err: unknown, dropped: number) => void;
}

/**
 * The collector's ingest, thread-agnostic: parse a request body, validate every record with one
 * precompiled validator, turn page_speed records into one row per metric observation, and queue
 * the rows for batched multi-row INSERTs (written within `maxDelayMs`, and on `flush`). It runs
 * in the ingest worker, so none of this costs the event loop that serves pages.
 */
export class IngestQueues {
  readonly metrics: BatchQueue<MetricRow>;
  readonly details: BatchQueue<DetailRow>;
  private readonly validateRecords: ValidateFunction;

  constructor(registry: EventSchemaRegistry, opts: IngestQueuesOptions) {
    this.validateRecords = compileRecordsValidator(registry);
    const queueOpts = {
      maxDelayMs: opts.maxDelayMs ?? 1000,
      maxQueued: opts.maxQueued ?? 200_000,
      concurrency: 3,
      ...(opts.onError ? { onError: opts.onError } : {}),
    };
    this.metrics = new BatchQueue<MetricRow>({
      ...queueOpts,
      maxBatch: 5000,
      write: (rows) => opts.write('performance_metrics', columnsOf(rows, METRIC_COLUMNS.length)),
    });
    this.details = new BatchQueue<DetailRow>({
      ...queueOpts,
      maxBatch: 2000,
      write: (rows) => opts.write('performance_details', columnsOf(rows, DETAIL_COLUMNS.length)),
    });
  }

  /** One request body (the raw text): all its records queued, or none and why. */
  accept(
    siteId: string,
    userAgent: string | undefined,
    at: number,
    body: string,
    hosts?: SiteHostsInfo,
  ): AcceptOutcome {
    let records: unknown;
    try {
      // A beacon must not fail for a NUL or a lone surrogate: they are stripped (issue 11).
      records = parseJsonClean(body);
    } catch {
      return {
        ok: false,
        code: 'VALIDATION',
        message: 'The body must be a JSON array of records.',
      };
    }
    dropHugeValues(records);
    if (!this.validateRecords(records)) {
      return { ok: false, code: 'EVENT_INVALID', errors: ajvErrors(this.validateRecords.errors) };
    }
    const list = records as PerformanceRecord[];
    if (hosts && list.some((r) => !ownHost(r, hosts))) return { ok: false, code: 'FOREIGN_HOST' };
    // Crawlers and lab tools would skew real-user numbers: accepted, never stored.
    if (isBot(userAgent)) return { ok: true, accepted: list.length };
    const rows = rowsOfRecords(list, siteId, userAgent, at);
    // Both queues or neither: a request is stored whole or refused whole.
    if (!this.metrics.fits(rows.metrics.length) || !this.details.fits(rows.details.length)) {
      return { ok: false, code: 'RATE_LIMITED' };
    }
    this.metrics.push(rows.metrics);
    this.details.push(rows.details);
    return { ok: true, accepted: list.length };
  }

  queued(): QueuedRows {
    return { metrics: this.metrics.size, details: this.details.size };
  }

  async flush(): Promise<void> {
    await Promise.all([this.metrics.flush(), this.details.flush()]);
  }
}

/**
 * SPEC 9.3: timings above 2147483647 are dropped: from the record, not the whole request (the
 * schemas cap such fields there, so left in they would refuse every record beside them).
 */
function dropHugeValues(records: unknown): void {
  if (!Array.isArray(records)) return;
  for (const r of records) {
    const data = (r as { data?: unknown } | null)?.data;
    if (!data || typeof data !== 'object' || Array.isArray(data)) continue;
    const d = data as Record<string, unknown>;
    for (const k in d) {
      const v = d[k];
      if (typeof v === 'number' && v > MAX_TIMING_VALUE) delete d[k];
    }
  }
}

/** A record names its page's host in `host_name` (page_speed); records without one pass. */
function ownHost(r: PerformanceRecord, hosts: SiteHostsInfo): boolean {
  const host = (r.data as { host_name?: unknown }).host_name;
  return typeof host !== 'string' || isSiteHost(hosts, host);
}
