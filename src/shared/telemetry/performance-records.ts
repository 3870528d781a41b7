import { rate, type RatedMetric, type Rating } from './ratings.js';
import { ELEMENT_PATH_MAX, MAX_TIMING_VALUE } from './constants.js';

/** SPEC 3.12: one record the collector queues and sends. */
export type PerformanceEventName = 'page_speed' | 'image' | 'user' | 'a11y';

export interface PerformanceRecord {
  appName: string;
  /** page_speed: the Performance event content (snake_case, unit suffixes); others: their own. */
  data: Record<string, unknown>;
  eventName: PerformanceEventName;
  /** 21 random characters, one per page load. */
  pageLoadId: string;
  /** Epoch milliseconds. */
  timestamp: number;
}

/** The Performance event schema's name for each rated metric. */
export const METRIC_FIELDS = {
  fcp: 'first_contentful_paint_ms',
  lcp: 'largest_contentful_paint_ms',
  cls: 'cumulative_layout_shift',
  inp: 'interaction_to_next_paint_ms',
  ttfb: 'time_to_first_byte_ms',
  fid: 'first_input_delay_ms',
} as const satisfies Record<RatedMetric, string>;

export const METRICS = Object.keys(METRIC_FIELDS) as RatedMetric[];

/** One stored observation. */
export interface MetricObservation {
  metric: RatedMetric;
  value: number;
  rating: Rating;
  lcpElement: string | null;
}

/** The metric rows of a page_speed record; ratings are recomputed here, never trusted. */
export function observationsOf(data: Record<string, unknown>): MetricObservation[] {
  const out: MetricObservation[] = [];
  for (const metric of METRICS) {
    const v = data[METRIC_FIELDS[metric]];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) continue;
    const el = metric === 'lcp' ? data.largest_contentful_paint_element : null;
    out.push({
      metric,
      value: v,
      rating: rate(metric, v),
      lcpElement: typeof el === 'string' && el ? el.slice(0, ELEMENT_PATH_MAX) : null,
    });
  }
  return out;
}

/** Navigation timings above 2^31 - 1 are dropped (SPEC 9.3); negatives are nonsense too. */
export function keepTiming(v: number | undefined | null): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_TIMING_VALUE
    ? Math.round(v)
    : undefined;
}

/** Element paths are cut at 200 characters. */
export function cutElementPath(path: string | undefined | null): string | undefined {
  return path ? path.slice(0, ELEMENT_PATH_MAX) : undefined;
}

const ID_ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

/** 21 random URL-safe characters (the nanoid alphabet); `bytes` supplies the randomness. */
export function pageLoadId(bytes: Uint8Array): string {
  let id = '';
  for (let i = 0; i < 21; i++) id += ID_ALPHABET[(bytes[i] ?? 0) & 63];
  return id;
}
