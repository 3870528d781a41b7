/** Rate-limit windows shared by every process (platform/rate-limits.ts). */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** Epoch milliseconds at which the window ends (the injected clock's time). */
  reset_at: number;
}

export interface PlatformTables {
  rate_limits: RateLimitsTable;
}
