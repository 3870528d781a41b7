import type { ValidateFunction } from 'ajv';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { deviceClassOf, isBot } from '../../shared/telemetry/device.js';
import {
  observationsOf,
  type PerformanceRecord,
} from '../../shared/telemetry/performance-records.js';
import { RECORDS_MAX_PER_REQUEST } from '../../shared/telemetry/constants.js';
import { ajvErrors, type EventSchemaRegistry } from '../analytics/event-schemas.js';
import { BatchQueue } from './batch-queue.js';
import { insertColumns, type ColumnType } from './bulk-insert.js';

/** Which registry schema validates each collector record's `data`. */
const DATA_SCHEMAS = {
  page_speed: 'Performance',
  image: 'PerformanceImage',
  user: 'PerformanceUserTiming',
  a11y: 'PerformanceA11y',
} as const;

const METRIC_COLUMNS = [
  ['site_id', 'text'],
  ['page_path', 'text'],
  ['device_class', 'text'],
  ['metric', 'text'],
  ['value', 'float8'],
  ['rating', 'text'],
  ['lcp_element', 'text'],
  ['page_load_id', 'text'],
  ['occurred_at', 'int8'],
] as const satisfies readonly (readonly [string, ColumnType])[];

const DETAIL_COLUMNS = [
  ['site_id', 'text'],
  ['page_path', 'text'],
  ['event_name', 'text'],
  ['page_load_id', 'text'],
  ['data', 'jsonb'],
  ['occurred_at', 'int8'],
] as const satisfies readonly (readonly [string, ColumnType])[];

type Row<C extends readonly unknown[]> = unknown[] & { length: C['length'] };
type MetricRow = Row<typeof METRIC_COLUMNS>;
type DetailRow = Row<typeof DETAIL_COLUMNS>;

/** Rows → one array per column, the shape `insertColumns` binds. */
function columnsOf(rows: readonly unknown[][], width: number): unknown[][] {
  const cols: unknown[][] = Array.from({ length: width }, () => new Array<unknown>(rows.length));
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    for (let c = 0; c < width; c++) cols[c]![r] = row[c];
  }
  return cols;
}

export interface IngestOptions {
  maxDelayMs?: number;
  maxQueued?: number;
  onError?: (err: unknown, dropped: number) => void;
}

/**
 * The collector's ingest: validate every record with one precompiled validator, turn page_speed
 * records into one row per metric observation, and queue the rows for batched multi-row INSERTs
 * (written within `maxDelayMs`, and on shutdown). Nothing on the request path waits for the
 * database.
 */
export class PerformanceIngest {
  readonly metrics: BatchQueue<MetricRow>;
  readonly details: BatchQueue<DetailRow>;
  private readonly validateRecords: ValidateFunction;

  constructor(
    db: Db,
    registry: EventSchemaRegistry,
    private readonly now: () => number,
    opts: IngestOptions = {},
  ) {
    this.validateRecords = registry.ajv.compile({
      type: 'array',
      minItems: 1,
      maxItems: RECORDS_MAX_PER_REQUEST,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['appName', 'data', 'eventName', 'pageLoadId', 'timestamp'],
        properties: {
          appName: { type: 'string', minLength: 1, maxLength: 100 },
          eventName: { enum: Object.keys(DATA_SCHEMAS) },
          pageLoadId: { type: 'string', pattern: '^[A-Za-z0-9_-]{21}$' },
          timestamp: { type: 'integer', minimum: 0 },
          data: { type: 'object' },
        },
        allOf: Object.entries(DATA_SCHEMAS).map(([eventName, schema]) => ({
          if: { properties: { eventName: { const: eventName } } },
          then: { properties: { data: { $ref: schema } } },
        })),
      },
    });
    const queueOpts = {
      maxDelayMs: opts.maxDelayMs ?? 1000,
      maxQueued: opts.maxQueued ?? 200_000,
      concurrency: 3,
      ...(opts.onError ? { onError: opts.onError } : {}),
    };
    this.metrics = new BatchQueue<MetricRow>({
      ...queueOpts,
      maxBatch: 5000,
      write: (rows) => insertColumns(db, 'performance_metrics', METRIC_COLUMNS, columnsOf(rows, 9)),
    });
    this.details = new BatchQueue<DetailRow>({
      ...queueOpts,
      maxBatch: 2000,
      write: (rows) => insertColumns(db, 'performance_details', DETAIL_COLUMNS, columnsOf(rows, 6)),
    });
  }

  /** Validates a request body (text or parsed JSON) and queues its rows; throws 400 / 429. */
  accept(siteId: string, userAgent: string | undefined, body: unknown): number {
    let records: unknown = body;
    if (typeof body === 'string') {
      try {
        records = JSON.parse(body);
      } catch {
        throw appError(ErrorCode.VALIDATION, 'The body must be a JSON array of records.');
      }
    }
    if (!this.validateRecords(records)) {
      throw appError(ErrorCode.EVENT_INVALID, undefined, {
        errors: ajvErrors(this.validateRecords.errors),
      });
    }
    const list = records as PerformanceRecord[];
    // Crawlers and lab tools would skew real-user numbers: accepted, never stored.
    if (isBot(userAgent)) return list.length;
    const at = this.now();
    const metricRows: MetricRow[] = [];
    const detailRows: DetailRow[] = [];
    for (const r of list) {
      const data = r.data;
      const pagePath = typeof data.path === 'string' ? data.path : '';
      if (r.eventName === 'page_speed') {
        const vw = typeof data.viewport_width === 'number' ? data.viewport_width : null;
        const device = deviceClassOf(userAgent, vw);
        for (const o of observationsOf(data)) {
          metricRows.push([
            siteId,
            pagePath,
            device,
            o.metric,
            o.value,
            o.rating,
            o.lcpElement,
            r.pageLoadId,
            at,
          ]);
        }
      } else {
        detailRows.push([siteId, pagePath, r.eventName, r.pageLoadId, JSON.stringify(data), at]);
      }
    }
    if (!this.metrics.push(metricRows) || !this.details.push(detailRows)) {
      throw appError(ErrorCode.RATE_LIMITED, undefined, {}, { 'retry-after': '1' });
    }
    return list.length;
  }

  async flush(): Promise<void> {
    await Promise.all([this.metrics.flush(), this.details.flush()]);
  }
}
