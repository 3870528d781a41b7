import type { ValidateFunction } from 'ajv';
import { deviceClassOf } from '../../shared/telemetry/device.js';
import {
  observationsOf,
  type PerformanceRecord,
} from '../../shared/telemetry/performance-records.js';
import { RECORDS_MAX_PER_REQUEST } from '../../shared/telemetry/constants.js';
import type { EventSchemaRegistry } from '../analytics/event-schemas.js';
import type { ColumnType } from './bulk-insert.js';

/** Which registry schema validates each collector record's `data`. */
const DATA_SCHEMAS = {
  page_speed: 'Performance',
  image: 'PerformanceImage',
  user: 'PerformanceUserTiming',
  a11y: 'PerformanceA11y',
} as const;

export const METRIC_COLUMNS = [
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

export const DETAIL_COLUMNS = [
  ['site_id', 'text'],
  ['page_path', 'text'],
  ['event_name', 'text'],
  ['page_load_id', 'text'],
  ['data', 'jsonb'],
  ['occurred_at', 'int8'],
] as const satisfies readonly (readonly [string, ColumnType])[];

/** The tables ingest writes, with their columns in row order. */
export const INGEST_TABLES = {
  performance_metrics: METRIC_COLUMNS,
  performance_details: DETAIL_COLUMNS,
} as const;
export type IngestTable = keyof typeof INGEST_TABLES;

type Row<C extends readonly unknown[]> = unknown[] & { length: C['length'] };
export type MetricRow = Row<typeof METRIC_COLUMNS>;
export type DetailRow = Row<typeof DETAIL_COLUMNS>;

/**
 * One validator for a whole request body: the envelope and each record's data against its
 * registry schema, compiled once so a request costs one function call.
 */
export function compileRecordsValidator(registry: EventSchemaRegistry): ValidateFunction {
  return registry.ajv.compile({
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
}

/**
 * Valid records → rows: one metric row per page_speed observation (ratings recomputed, never
 * trusted), other records kept whole as one detail row.
 */
export function rowsOfRecords(
  records: readonly PerformanceRecord[],
  siteId: string,
  userAgent: string | undefined,
  at: number,
): { metrics: MetricRow[]; details: DetailRow[] } {
  const metrics: MetricRow[] = [];
  const details: DetailRow[] = [];
  for (const r of records) {
    const data = r.data;
    const pagePath = typeof data.path === 'string' ? data.path : '';
    if (r.eventName === 'page_speed') {
      const vw = typeof data.viewport_width === 'number' ? data.viewport_width : null;
      const device = deviceClassOf(userAgent, vw);
      for (const o of observationsOf(data)) {
        metrics.push([
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
      details.push([siteId, pagePath, r.eventName, r.pageLoadId, JSON.stringify(data), at]);
    }
  }
  return { metrics, details };
}

/** Rows → one array per column, the shape `insertColumns` binds. */
export function columnsOf(rows: readonly unknown[][], width: number): unknown[][] {
  const cols: unknown[][] = Array.from({ length: width }, () => new Array<unknown>(rows.length));
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    for (let c = 0; c < width; c++) cols[c]![r] = row[c];
  }
  return cols;
}
