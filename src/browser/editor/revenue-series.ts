import type { CommerceSummaryJson } from './api-types.js';

/** The chart's columns: x in seconds (uPlot's time scale) and one array per line. */
export function chartSeries(days: CommerceSummaryJson['days']) {
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
