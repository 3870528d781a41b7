/**
 * The owner APIs' answers as the dashboard reads them (docs/telemetry.md, forms.md, mail.md,
 * restock.md, catalog.md). The browser cannot import server types, so the shapes are restated
 * here; restock and form shapes come from `src/shared`.
 */
import type { FieldValue, FormPageContext } from '../../shared/forms/types.js';

export interface AnalyticsSummaryJson {
  from: number;
  to: number;
  visits: number;
  uniqueVisitors: number;
  pageViews: number;
  pages: { path: string; views: number }[];
  referrers: { referrer: string; visits: number }[];
  devices: { deviceClass: string; visitors: number; views: number }[];
  bots: { hits: number };
  /** Visits per day (days with visits only, oldest first). */
  visitsPerDay?: { day: string; visits: number }[];
  /** Sales (issue 10); absent from servers without orders. */
  commerce?: CommerceSummaryJson;
}

export interface CartAdditionsJson {
  from: number;
  to: number;
  products: {
    productId: string;
    productName: string | null;
    adds: number;
    units: number;
    sessions: number;
  }[];
}

export type FunnelStepName =
  'product_views' | 'add_to_cart' | 'cart_views' | 'checkout' | 'purchase';

/**
 * The store's sales in the summary's period (issue 10, src/server/orders/sales-summary.ts):
 * totals in minor units of `currency` (refunds taken off), and the days that had orders
 * (`YYYY-MM-DD` in the website's time zone, oldest first).
 */
export interface CommerceSummaryJson {
  currency: string;
  revenue: number;
  orders: number;
  averageOrderValue: number;
  /** Of `orders`, placed in test mode. */
  testOrders: number;
  /** Taken off by discounts (revenue is net of it) and, of revenue, from subscriptions. */
  discounts: number;
  recurringRevenue: number;
  days: { day: string; revenue: number; orders: number }[];
}

/** One day of the overview chart: sales and visits side by side. */
export interface DayRowJson {
  day: string;
  revenue: number;
  orders: number;
  visits: number;
}

export interface FunnelJson {
  from: number;
  to: number;
  steps: { step: FunnelStepName; events: number; sessions: number }[];
}

export interface MetricSummaryJson {
  metric: string;
  p75: number;
  count: number;
  good: number;
  needsImprovement: number;
  poor: number;
}

export interface PageDeviceSummaryJson {
  pagePath: string;
  deviceClass: string;
  metrics: MetricSummaryJson[];
  lcpElements: { element: string; count: number }[];
}

export interface PerformanceSummaryJson {
  from: number;
  to: number;
  pages: PageDeviceSummaryJson[];
}

export interface ErrorGroupJson {
  message: string;
  count: number;
  lastSeen: number;
  stack: string | null;
  pageUrl: string | null;
}

export interface ErrorsSummaryJson {
  from: number;
  to: number;
  errors: ErrorGroupJson[];
}

export interface PageOf<T> {
  items: T[];
  page: number;
  pageSize: number;
  hasNextPage: boolean;
}

export interface FormSubmissionJson {
  id: string;
  formId: string;
  data: Record<string, FieldValue>;
  pageContext: FormPageContext;
  createdOn: number;
}

export interface OutboxMailJson {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'held';
  attempts: number;
  lastError: string | null;
  createdOn: number;
  sentOn: number | null;
}

/** PUT /api/commerce/inventory/{variantId} → `{ variant }`. */
export interface VariantStockJson {
  variantId: string;
  itemId: string;
  sku: string;
  qtyInStock: number;
  unlimited: boolean;
  /** The variant went from nothing to sell to something: restock auto-notify may have started. */
  restocked: boolean;
}
