import type { Static } from '@sinclair/typebox';
import type { AppDeps, DomainRoutes } from '../deps.js';
import { requireOwner } from '../http/request-context.js';
import { COLLECTOR_ENDPOINT, RECORDS_MAX_BYTES } from '../../shared/telemetry/constants.js';
import { eventSchemas } from '../analytics/event-schemas.js';
import { RangeQuery, parseRange, refuseCrossSite } from '../analytics/http-helpers.js';
import { PerformanceIngest } from './ingest.js';
import { performanceSummary } from './summary.js';

const ingestByApp = new WeakMap<AppDeps, PerformanceIngest>();

/** The performance ingest of an app (tests flush it explicitly). */
export function performanceIngestOf(deps: AppDeps): PerformanceIngest {
  const i = ingestByApp.get(deps);
  if (!i) throw new Error('performance routes are not registered for these deps');
  return i;
}

/** The performance domain's HTTP routes: the collector's ingest and the owner's summary. */
export const performanceRoutes: DomainRoutes = async (app, deps) => {
  const ingest = new PerformanceIngest(deps.db, eventSchemas(), deps.now, {
    onError: (err, dropped) =>
      app.log.error({ err, dropped }, 'performance batch write failed; rows dropped'),
  });
  ingestByApp.set(deps, ingest);
  // Shutdown writes what is queued before the database closes (main.ts closes the app first).
  app.addHook('onClose', async () => ingest.flush());

  // sendBeacon: text/plain JSON array, no headers, so no crumb. Answered before any write.
  app.post(
    COLLECTOR_ENDPOINT,
    { bodyLimit: RECORDS_MAX_BYTES, config: { crumb: false }, preHandler: refuseCrossSite },
    async (req, reply) => {
      const accepted = ingest.accept(req.site.id, req.headers['user-agent'], req.body);
      return reply.status(202).send({ accepted });
    },
  );

  app.get(
    '/api/performance/summary',
    { preHandler: requireOwner(deps.db), schema: { querystring: RangeQuery } },
    async (req) => {
      const { from, to } = parseRange(req.query as Static<typeof RangeQuery>, deps.now());
      return { from, to, pages: await performanceSummary(deps.db, req.site.id, from, to) };
    },
  );
};
