/**
 * Real-user performance: one row per metric observation (append-only, written in batches). No
 * primary key on purpose: rows are never updated or addressed one by one, and the index on
 * (site_id, occurred_at) serves every read.
 */
export interface PerformanceMetricsTable {
  site_id: string;
  page_path: string;
  device_class: string;
  /** fcp, lcp, cls, inp, ttfb, fid */
  metric: string;
  value: number;
  rating: string;
  lcp_element: string | null;
  page_load_id: string;
  /** Receive time, epoch ms. */
  occurred_at: number;
}

/** The collector's image, user-timing and a11y records, kept whole. */
export interface PerformanceDetailsTable {
  site_id: string;
  page_path: string;
  event_name: string;
  page_load_id: string;
  data: unknown;
  occurred_at: number;
}

export interface PerformanceTables {
  performance_metrics: PerformanceMetricsTable;
  performance_details: PerformanceDetailsTable;
}
