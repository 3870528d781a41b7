import {
  ANALYTICS_ID_COOKIE,
  ANALYTICS_ID_MAX_AGE_MS,
  ANALYTICS_TIMEOUT_MS,
  PERFORMANCE_COOKIES,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE_MS,
  VISIT_COOKIE,
  VISIT_COOKIE_MAX_AGE_MS,
} from '../../shared/telemetry/constants.js';
import type { SiteContext } from '../../shared/telemetry/page-context.js';
import {
  analyticsSkipReason,
  mustClearPerformanceCookies,
} from '../../shared/telemetry/skip-rules.js';
import {
  formatVisitorCookie,
  nextVisit,
  type VisitorState,
} from '../../shared/telemetry/visitor-cookies.js';
import {
  clearCookie,
  getCookie,
  post,
  privacySignals,
  randomId,
  setCookie,
} from './browser-env.js';

let visitor: VisitorState | null = null;
let page: SiteContext | null = null;

/**
 * The census tracker: applies the skip rules (SPEC 2, 6, 9.3), keeps the visitor and visit
 * cookies, and records the page view. Every failure is silent.
 */
export function startCensus(ctx: SiteContext): VisitorState | null {
  const privacy = privacySignals();
  if (mustClearPerformanceCookies(ctx, privacy.consented)) PERFORMANCE_COOKIES.forEach(clearCookie);
  if (analyticsSkipReason(ctx, location.pathname, privacy)) return null;
  const now = Date.now();
  const { state } = nextVisit(getCookie(VISITOR_COOKIE), getCookie(VISIT_COOKIE), now, randomId);
  const cvr = formatVisitorCookie(state);
  setCookie(VISITOR_COOKIE, cvr, VISITOR_COOKIE_MAX_AGE_MS);
  setCookie(VISIT_COOKIE, String(now), VISIT_COOKIE_MAX_AGE_MS);
  if (!getCookie(ANALYTICS_ID_COOKIE))
    setCookie(ANALYTICS_ID_COOKIE, randomId(), ANALYTICS_ID_MAX_AGE_MS);
  visitor = state;
  page = ctx;
  const data = {
    userAgent: navigator.userAgent.slice(0, 1000),
    clientDate: now,
    viewportWidth: innerWidth,
    viewportHeight: innerHeight,
    screenWidth: screen.width,
    screenHeight: screen.height,
    websiteId: ctx.websiteId,
    templateId: ctx.templateId,
    websiteLocale: ctx.locale,
    url: location.href.slice(0, 2083),
    title: document.title.slice(0, 500),
    itemId: ctx.itemId,
    recordType: ctx.recordType,
    collectionId: ctx.collectionId,
    permissionType: ctx.permissionType,
    pageType: ctx.pageType,
    referrer: document.referrer.slice(0, 2083),
  };
  void post(
    '/api/census/RecordHit',
    new URLSearchParams({ event: 'view', data: JSON.stringify(data), ss_cvr: cvr }),
    {},
    ANALYTICS_TIMEOUT_MS,
  );
  return state;
}

export type CensusKind = 'button-click' | 'button-render' | 'form-render' | 'overlay';

/** Button, overlay and form-render payloads: visitor cookie and page context (SPEC 3.12). */
function censusPayload(extra: Record<string, string>): string {
  return JSON.stringify({
    visitorCookie: visitor ? formatVisitorCookie(visitor) : undefined,
    pageTitle: page?.pageTitle.slice(0, 500),
    pageId: page?.itemId ?? page?.collectionId ?? null,
    pagePath: page?.pagePath,
    contentSource: page?.itemId ? 'i' : 'c',
    ...extra,
  });
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** POST /api/census/{kind} with the 2.5 s timeout; nothing when analytics is skipped. */
export function recordCensus(kind: CensusKind, extra: Record<string, string> = {}): void {
  if (!visitor) return;
  void post(`/api/census/${kind}`, censusPayload(extra), JSON_HEADERS, ANALYTICS_TIMEOUT_MS);
}

export function recordQuickView(itemId: string): void {
  if (!visitor) return;
  void post(
    `/api/census/RecordQuickView/${encodeURIComponent(itemId)}`,
    censusPayload({}),
    JSON_HEADERS,
    ANALYTICS_TIMEOUT_MS,
  );
}
