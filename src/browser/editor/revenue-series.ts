import type { CommerceSummaryJson, DayRowJson } from './api-types.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Every day of the period, each with its revenue, orders and visits (0 where the server listed
 * none: it sends only days that had orders, and only days that had visits). The range runs from
 * the period's first to its last day, widened to any day the server named (its days are in the
 * website's time zone, the period's edges in UTC).
 */
export function dailyRows(
  sales: CommerceSummaryJson['days'],
  visits: { day: string; visits: number }[],
  from: number,
  to: number,
): DayRowJson[] {
  const named = [...sales.map((d) => d.day), ...visits.map((d) => d.day)].sort();
  let first = isoDay(from);
  let last = isoDay(Math.max(from, to - 1));
  if (named.length) {
    if (named[0]! < first) first = named[0]!;
    if (named[named.length - 1]! > last) last = named[named.length - 1]!;
  }
  const bySales = new Map(sales.map((d) => [d.day, d]));
  const byVisits = new Map(visits.map((d) => [d.day, d.visits]));
  const rows: DayRowJson[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); rows.length < 400; t += DAY_MS) {
    const day = isoDay(t);
    if (day > last) break;
    const s = bySales.get(day);
    rows.push({
      day,
      revenue: s?.revenue ?? 0,
      orders: s?.orders ?? 0,
      visits: byVisits.get(day) ?? 0,
    });
  }
  return rows;
}

/** The chart's columns: x in seconds (uPlot's time scale) and one array per line. */
export function chartSeries(days: DayRowJson[]) {
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
  return {
    x: sorted.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
    revenue: sorted.map((d) => d.revenue),
    orders: sorted.map((d) => d.orders),
    visits: sorted.map((d) => d.visits),
  };
}

/** Average order value in minor units (0 with no orders), rounded half up. */
export function averageOrderValue(revenue: number, orders: number): number {
  return orders > 0 ? Math.round(revenue / orders) : 0;
}
