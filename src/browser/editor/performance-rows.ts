import { rate, THRESHOLDS, type RatedMetric, type Rating } from '../../shared/telemetry/ratings.js';
import type { MetricSummaryJson, PageDeviceSummaryJson } from './api-types.js';

/** The columns of the performance table, in the order people read a page load. */
export const CORE_METRICS = ['lcp', 'inp', 'cls', 'fcp', 'ttfb'] as const;
export type CoreMetric = (typeof CORE_METRICS)[number];

export interface RatedMetricSummary extends MetricSummaryJson {
  /** The rating of the p75 itself: what the page "is" for that metric (as CrUX reports it). */
  rating: Rating;
}

export interface PerformanceRow {
  key: string;
  pagePath: string;
  deviceClass: string;
  metrics: Partial<Record<CoreMetric, RatedMetricSummary>>;
  /** Page loads measured: the most samples of any metric (every load reports TTFB/FCP/LCP). */
  samples: number;
  lcpElements: { element: string; count: number }[];
  /** How many metrics' p75 is poor, then needs improvement: the sort keys. */
  poor: number;
  needsImprovement: number;
}

const isRated = (m: string): m is RatedMetric => Object.hasOwn(THRESHOLDS, m);

/**
 * Rows for "which pages are slow and why": each page and device with its metrics' p75 rated,
 * slowest first — most poor metrics, then most needing improvement, then the highest LCP p75 —
 * so the owner's eye lands on the worst page.
 */
export function performanceRows(pages: readonly PageDeviceSummaryJson[]): PerformanceRow[] {
  const rows = pages.map((p): PerformanceRow => {
    const metrics: PerformanceRow['metrics'] = {};
    let samples = 0;
    let poor = 0;
    let needsImprovement = 0;
    for (const m of p.metrics) {
      samples = Math.max(samples, m.count);
      if (!(CORE_METRICS as readonly string[]).includes(m.metric) || !isRated(m.metric)) continue;
      const rating = rate(m.metric, m.p75);
      if (rating === 'poor') poor++;
      if (rating === 'needs-improvement') needsImprovement++;
      metrics[m.metric as CoreMetric] = { ...m, rating };
    }
    return {
      key: `${p.pagePath}\u0000${p.deviceClass}`,
      pagePath: p.pagePath,
      deviceClass: p.deviceClass,
      metrics,
      samples,
      lcpElements: p.lcpElements,
      poor,
      needsImprovement,
    };
  });
  return rows.sort(
    (a, b) =>
      b.poor - a.poor ||
      b.needsImprovement - a.needsImprovement ||
      (b.metrics.lcp?.p75 ?? 0) - (a.metrics.lcp?.p75 ?? 0) ||
      a.pagePath.localeCompare(b.pagePath) ||
      a.deviceClass.localeCompare(b.deviceClass),
  );
}

export const RATING_LABELS: Record<Rating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};
