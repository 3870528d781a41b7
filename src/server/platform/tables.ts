/** Rate-limit windows shared by every process (platform/rate-limits.ts). */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** Epoch milliseconds at which the window ends (the injected clock's time). */
  reset_at: number;
}

/** The durable job queue (platform/jobs). Times are epoch ms on the injected clock. */
export interface JobsTable {
  id: string;
  queue: string;
  /** Unique among the queue's live jobs: a second enqueue with the key joins the first. */
  key: string | null;
  payload: unknown;
  state: 'queued' | 'running' | 'done' | 'failed';
  run_at: number;
  attempts: number;
  max_attempts: number;
  /** The runner holding the lease, and until when; past it, any runner may take the job. */
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created: number;
  finished: number | null;
}

export interface PlatformTables {
  rate_limits: RateLimitsTable;
  jobs: JobsTable;
}
