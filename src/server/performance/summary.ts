import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface MetricSummary {
  metric: string;
  p75: number;
  count: number;
  good: number;
  needsImprovement: number;
  poor: number;
}

export interface PageDeviceSummary {
  pagePath: string;
  deviceClass: string;
  metrics: MetricSummary[];
  /** Most frequent LCP elements first (at most 5). */
  lcpElements: { element: string; count: number }[];
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Per page and device: the p75 of each metric, the shares of good / needs-improvement / poor
 * (0..1), and the most frequent LCP elements. `percentile_cont` and `FILTER` work on PostgreSQL
 * and PGlite alike.
 */
export async function performanceSummary(
  db: Db,
  siteId: string,
  from: number,
  to: number,
): Promise<PageDeviceSummary[]> {
  const rows = await sql<{
    page_path: string;
    device_class: string;
    metric: string;
    p75: number;
    n: number;
    good: number;
    ni: number;
    poor: number;
  }>`
    select page_path, device_class, metric,
           percentile_cont(0.75) within group (order by value) as p75,
           count(*)::int as n,
           (count(*) filter (where rating = 'good'))::int as good,
           (count(*) filter (where rating = 'needs-improvement'))::int as ni,
           (count(*) filter (where rating = 'poor'))::int as poor
      from performance_metrics
     where site_id = ${siteId} and occurred_at >= ${from} and occurred_at < ${to}
     group by page_path, device_class, metric
     order by page_path, device_class, metric`.execute(db);
  const elements = await sql<{
    page_path: string;
    device_class: string;
    element: string;
    n: number;
  }>`
    select page_path, device_class, element, n from (
      select page_path, device_class, lcp_element as element, count(*)::int as n,
             row_number() over (partition by page_path, device_class
                                order by count(*) desc, lcp_element) as rank
        from performance_metrics
       where site_id = ${siteId} and occurred_at >= ${from} and occurred_at < ${to}
         and metric = 'lcp' and lcp_element is not null
       group by page_path, device_class, lcp_element
    ) ranked where rank <= 5
    order by page_path, device_class, n desc, element`.execute(db);

  const groups = new Map<string, PageDeviceSummary>();
  const groupOf = (pagePath: string, deviceClass: string) => {
    const key = `${pagePath}\u0000${deviceClass}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { pagePath, deviceClass, metrics: [], lcpElements: [] }));
    return g;
  };
  for (const r of rows.rows) {
    const n = Number(r.n);
    groupOf(r.page_path, r.device_class).metrics.push({
      metric: r.metric,
      p75: round(Number(r.p75), r.metric === 'cls' ? 4 : 1),
      count: n,
      good: round(Number(r.good) / n, 4),
      needsImprovement: round(Number(r.ni) / n, 4),
      poor: round(Number(r.poor) / n, 4),
    });
  }
  for (const e of elements.rows) {
    groupOf(e.page_path, e.device_class).lcpElements.push({
      element: e.element,
      count: Number(e.n),
    });
  }
  return [...groups.values()];
}
