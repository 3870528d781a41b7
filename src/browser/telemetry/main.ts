import { CRUMB_COOKIE, CRUMB_HEADER } from '../../shared/wire-names.js';
import { mustClearPerformanceCookies } from '../../shared/telemetry/skip-rules.js';
import { startCensus } from './census.js';
import { startCollector } from './collector.js';
import { startCommerceEvents } from './commerce-events.js';
import { createErrorReporter, type ErrorReport } from './error-reporter.js';
import { getCookie, privacySignals, readSiteContext } from './browser-env.js';

/**
 * The telemetry entry, loaded after the page's `load` event. It reads the page's site-context
 * JSON and starts the error reporter, the census tracker, commerce events and the performance
 * collector. Any failure stays here: telemetry never breaks the page (DESIGN 5).
 */
function sendErrors(reports: ErrorReport[]): void {
  void fetch('/api/events/RecordJavascriptErrors', {
    method: 'POST',
    body: JSON.stringify(reports),
    headers: { 'content-type': 'application/json', [CRUMB_HEADER]: getCookie(CRUMB_COOKIE) ?? '' },
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {});
}

try {
  const ctx = readSiteContext();
  const reporter = createErrorReporter({
    target: window,
    send: sendErrors,
    pageUrl: () => location.href,
  });
  addEventListener('pagehide', reporter.flush);
  if (ctx && !ctx.analyticsDisabled) {
    const visitor = startCensus(ctx);
    startCommerceEvents(ctx, visitor);
    const privacy = privacySignals();
    startCollector({
      context: ctx,
      reportError: (e) => reporter.report('collector', e),
      anonymous:
        privacy.doNotTrack ||
        privacy.globalPrivacyControl ||
        mustClearPerformanceCookies(ctx, privacy.consented),
    });
  }
} catch (e) {
  console.warn('[telemetry]', e);
}
