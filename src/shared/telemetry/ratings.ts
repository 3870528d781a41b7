/** SPEC 9.3 thresholds: good up to the first, poor above the second. */
export type Rating = 'good' | 'needs-improvement' | 'poor';

export const THRESHOLDS = {
  fcp: [1800, 3000],
  lcp: [2500, 4000],
  cls: [0.1, 0.25],
  fid: [100, 300],
  inp: [200, 500],
  // Not in the SPEC: web-vitals' own TTFB thresholds, so every stored metric has a rating.
  ttfb: [800, 1800],
} as const satisfies Record<string, readonly [number, number]>;

export type RatedMetric = keyof typeof THRESHOLDS;

export function rate(metric: RatedMetric, value: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}
