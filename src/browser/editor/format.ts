/**
 * Number, date and metric formatting for the dashboard. Pure (the locale is a parameter) so the
 * tests pin the output; screens pass the browser's locale.
 */

export function formatCount(n: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** A 0..1 share as a whole percentage ('83%'); below 1% but above 0 shows '<1%' so it is not lost. */
export function formatShare(share: number, locale?: string): string {
  if (share > 0 && share < 0.01) return '<1%';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  );
}

/** A conversion ratio with one decimal ('42.9%'); ratios above 1 stay as they are ('150%'). */
export function formatPercent(ratio: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    ratio,
  );
}

const METRIC_LABELS: Record<string, string> = {
  lcp: 'LCP',
  inp: 'INP',
  cls: 'CLS',
  fcp: 'FCP',
  ttfb: 'TTFB',
  fid: 'FID',
};

const METRIC_TITLES: Record<string, string> = {
  lcp: 'Largest contentful paint',
  inp: 'Interaction to next paint',
  cls: 'Cumulative layout shift',
  fcp: 'First contentful paint',
  ttfb: 'Time to first byte',
  fid: 'First input delay',
};

export function metricLabel(metric: string): string {
  return METRIC_LABELS[metric] ?? metric.toUpperCase();
}

export function metricTitle(metric: string): string {
  return METRIC_TITLES[metric] ?? metric;
}

/**
 * A metric's value as people read it: CLS is unitless (3 decimals), the timings are in ms below
 * a second and in seconds (2 decimals) from there, as Lighthouse and CrUX show them.
 */
export function formatMetric(metric: string, value: number, locale?: string): string {
  if (metric === 'cls') {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(value);
  }
  if (value >= 1000) {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value / 1000)} s`;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value)} ms`;
}

/** Epoch ms as a short date and time in the owner's locale and zone. */
export function formatDateTime(ms: number, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(ms);
}

/** 'mobile' → 'Mobile'. */
export function deviceLabel(deviceClass: string): string {
  return deviceClass ? deviceClass[0]!.toUpperCase() + deviceClass.slice(1) : 'Unknown';
}
