/** SPEC 9.3's telemetry numbers and names, shared by the browser scripts and the server. */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Visitor cookie `uuid|first|previous|current|visitCount`. */
export const VISITOR_COOKIE = 'ss_cvr';
/** Visit cookie: the time of the visitor's last hit; its lapse starts a new visit. */
export const VISIT_COOKIE = 'ss_cvt';
/** Analytics id cookie read by the collector (our name; the SPEC gives only its lifetime). */
export const ANALYTICS_ID_COOKIE = 'ss_cid';
/** Marketing id cookie read by the collector (our name; set by marketing integrations). */
export const MARKETING_ID_COOKIE = 'ss_mid';
/** Set to `1` (accepted) or `0` by a cookie banner; read when the restrictive policy is on. */
export const CONSENT_COOKIE = 'ss_consent';
/** Every cookie the restrictive cookie policy clears (SPEC 9.3: "performance cookies"). */
export const PERFORMANCE_COOKIES = [
  VISITOR_COOKIE,
  VISIT_COOKIE,
  ANALYTICS_ID_COOKIE,
  MARKETING_ID_COOKIE,
] as const;

export const VISITOR_COOKIE_MAX_AGE_MS = 2 * 365 * DAY;
export const VISIT_COOKIE_MAX_AGE_MS = 30 * MINUTE;
export const ANALYTICS_ID_MAX_AGE_MS = 390 * DAY;

/** Census calls give up after 2.5 s. */
export const ANALYTICS_TIMEOUT_MS = 2500;

export const COLLECTOR_ENDPOINT = '/api/1/performance/records';
export const COLLECTOR_VERSION = '4.13.1';
export const COLLECTOR_APP_NAME = 'website-rum';
export const COLLECTOR_FLUSH_MS = 30_000;
export const COLLECTOR_WAIT_MS = 60_000;
export const PERFORMANCE_SCHEMA_NAME = 'Performance';
export const PERFORMANCE_EVENT_OWNER = 'web_performance';
export const PERFORMANCE_ACTION = 'load';
export const PAGE_LOAD_ID_LENGTH = 21;
export const SLOW_INTERACTIONS_KEPT = 10;
export const MIN_INTERACTION_MS = 40;
export const ELEMENT_PATH_MAX = 200;
/** Navigation timings above this (2^31 - 1) are garbage from broken clocks and dropped. */
export const MAX_TIMING_VALUE = 2147483647;
export const USER_TIMING_PREFIX = 'rum-';

/** Ingest limits (ours): one request body, records per request, queue cap. */
export const RECORDS_MAX_BYTES = 64 * 1024;
export const RECORDS_MAX_PER_REQUEST = 100;

/** Error reporter (SPEC 9.3). */
export const ERRORS_MAX_PER_PAGE = 20;
export const ERRORS_QUEUE_MAX = 10;
export const ERRORS_DEBOUNCE_MS = 1000;
export const ERRORS_STACK_MAX = 5000;

/** SPEC 8.6's tracker warning. */
export function trackingWarning(status: number): string {
  return `Error tracking event: HTTP Status ${status}`;
}
