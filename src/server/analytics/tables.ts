/** Page views from the census tracker (append-only, batched). */
export interface AnalyticsHitsTable {
  site_id: string;
  visitor_id: string | null;
  visit_number: number;
  path: string;
  referrer: string | null;
  device_class: string;
  is_bot: boolean;
  event: string;
  page_type: number | null;
  /** Receive time, epoch ms. */
  occurred_at: number;
}

/** Named events: commerce events (schema-validated), RecordEvent events and census extras. */
export interface AnalyticsEventsTable {
  site_id: string;
  /** clanker | record-event | census */
  source: string;
  /** The schema name (clanker) or event name. */
  name: string;
  environment: string;
  session_id: string | null;
  content: unknown;
  occurred_at: number;
}

/** Script errors from the error reporter. */
export interface ScriptErrorsTable {
  site_id: string;
  message: string;
  stack: string | null;
  page_url: string | null;
  kind: string;
  user_agent: string | null;
  occurred_at: number;
}

export interface AnalyticsTables {
  analytics_hits: AnalyticsHitsTable;
  analytics_events: AnalyticsEventsTable;
  script_errors: ScriptErrorsTable;
}
