import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { DomainRoutes, AppDeps } from '../deps.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { ownerGuard } from '../http/owner-guard.js';
import { isBot } from '../../shared/telemetry/device.js';
import { environmentFromHost } from '../../shared/telemetry/environment.js';
import {
  COLLECTOR_ENDPOINT,
  ERRORS_QUEUE_MAX,
  ERRORS_STACK_MAX,
} from '../../shared/telemetry/constants.js';
import { eventSchemas } from './event-schemas.js';
import { rateLimitConfig } from '../http/rate-limit-config.js';
import { isSiteHost, urlHost } from '../sites/site-hosts.js';
import { countTelemetryDrop } from '../performance/telemetry-drops.js';
import { parseJsonClean } from '../../shared/clean-text.js';
import { HitParser, RecordHitBody } from './hits.js';
import { AnalyticsWriters, type EventRow } from './writers.js';
import { RangeQuery, parseRange, refuseCrossSite } from './http-helpers.js';
import { analyticsSummary, cartAdditions, commerceFunnel, errorsSummary } from './summary.js';
import { BATCH_ROWS, defineRetentionJob } from './retention.js';

const writersByApp = new WeakMap<AppDeps, AnalyticsWriters>();

/** The analytics write queues of an app (tests flush them explicitly). */
export function analyticsWritersOf(deps: AppDeps): AnalyticsWriters {
  const w = writersByApp.get(deps);
  if (!w) throw new Error('analytics routes are not registered for these deps');
  return w;
}

const CensusBody = Type.Object(
  {
    visitorCookie: Type.Optional(Type.String({ maxLength: 200 })),
    pageTitle: Type.Optional(Type.String({ maxLength: 500 })),
    pageId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    pagePath: Type.Optional(Type.String({ maxLength: 1000 })),
    contentSource: Type.Optional(Type.Union([Type.Literal('i'), Type.Literal('c')])),
    formId: Type.Optional(Type.String({ maxLength: 64 })),
    blockId: Type.Optional(Type.String({ maxLength: 64 })),
    label: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
type CensusBody = Static<typeof CensusBody>;

const RecordEventBody = Type.Object(
  {
    crumb: Type.Optional(Type.String({ maxLength: 200 })),
    event: Type.String({ minLength: 1, maxLength: 100 }),
    data: Type.Optional(Type.String({ maxLength: 16_384 })),
  },
  { additionalProperties: false },
);

const JsErrorsBody = Type.Array(
  Type.Object(
    {
      event: Type.String({ maxLength: 100 }),
      data: Type.Object(
        {
          message: Type.String({ maxLength: 2000 }),
          stack: Type.Optional(Type.String({ maxLength: ERRORS_STACK_MAX })),
          url: Type.Optional(Type.String({ maxLength: 2083 })),
          kind: Type.Optional(Type.String({ maxLength: 30 })),
          line: Type.Optional(Type.Integer({ minimum: 0 })),
          column: Type.Optional(Type.Integer({ minimum: 0 })),
          source: Type.Optional(Type.String({ maxLength: 2083 })),
        },
        { additionalProperties: false },
      ),
      timestamp: Type.Integer({ minimum: 0 }),
    },
    { additionalProperties: false },
  ),
  { minItems: 1, maxItems: ERRORS_QUEUE_MAX },
);

const EventEnvelope = Type.Object(
  {
    eventSchemaName: Type.String({ minLength: 1, maxLength: 100 }),
    eventContent: Type.Object({}, { additionalProperties: true }),
  },
  { additionalProperties: false },
);

export const FOREIGN_HOST = 'The page is not on this website.';

/** sendBeacon sends text/plain: such bodies arrive as strings and are JSON inside. */
function jsonBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return parseJsonClean(body);
  } catch {
    throw appError(ErrorCode.VALIDATION, 'The body must be JSON.');
  }
}

function queued(ok: boolean): void {
  if (!ok) throw appError(ErrorCode.RATE_LIMITED, undefined, {}, { 'retry-after': '1' });
}

/** The analytics domain's HTTP routes: census hits, events, script errors, owner summaries. */
export const analyticsRoutes: DomainRoutes = async (app, deps) => {
  const registry = eventSchemas();
  const writers = new AnalyticsWriters(deps.db, app.log);
  writersByApp.set(deps, writers);
  app.addHook('onClose', async () => writers.flush());
  // Deletes old rows of every telemetry table, performance's too (TELEMETRY_RETENTION_DAYS),
  // hourly on the durable job queue.
  if (deps.config.telemetryRetentionDays > 0) {
    defineRetentionJob(deps.jobs, {
      db: deps.db,
      now: deps.now,
      days: deps.config.telemetryRetentionDays,
      batchRows: BATCH_ROWS[deps.dbKind],
      log: app.log,
    });
  }
  // Beacons may come with a JSON type and no body (RecordQuickView declares none): empty is no
  // body here, not Fastify's 400; anything else goes to the default (prototype-safe) parser.
  const jsonParser = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    return jsonParser(req, body as string, done);
  });
  const hits = new HitParser(registry);
  const envelopeValidator = registry.compileOnUse(EventEnvelope);
  // Telemetry routes: a per-address limit (TELEMETRY_RATE_PER_IP a minute, per route), and
  // records only for pages on the website's own hosts (TELEMETRY_HOST_CHECK).
  const limited = rateLimitConfig({
    max: deps.config.telemetryRatePerAddress,
    perMs: 60_000,
    onExceeded: () => countTelemetryDrop('rate-limited'),
  });
  const beacon = { config: { crumb: false, ...limited }, preHandler: refuseCrossSite };
  const checkHost = (req: FastifyRequest, host: unknown) => {
    if (!deps.config.telemetryHostCheck || host === undefined) return;
    const info = {
      slug: req.site.slug,
      domain: req.site.domain,
      baseDomain: deps.config.baseDomain,
    };
    if (typeof host === 'string' && isSiteHost(info, host)) return;
    countTelemetryDrop('foreign-host');
    throw appError(ErrorCode.VALIDATION, FOREIGN_HOST);
  };
  const owner = ownerGuard(deps.db, 'analytics');

  // --- census (SPEC 7: silent on failure; the tracker never waits for these) ---
  app.post(
    '/api/census/RecordHit',
    { ...beacon, schema: { body: RecordHitBody } },
    async (req, reply) => {
      const row = hits.rowOf(
        req.site.id,
        req.headers.host,
        req.headers['user-agent'],
        req.body,
        deps.now(),
        (url) => checkHost(req, urlHost(url) ?? ''),
      );
      queued(writers.hits.push([row]));
      return reply.status(204).send();
    },
  );

  const census =
    (name: string, content: (req: { body: unknown; params: unknown }) => object) =>
    async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
      if (!isBot(req.headers['user-agent'])) {
        const body = (req.body ?? {}) as CensusBody;
        queued(
          writers.events.push([
            {
              siteId: req.site.id,
              source: 'census',
              name,
              environment: environmentFromHost(req.headers.host),
              sessionId: body.visitorCookie?.split('|')[0] ?? null,
              content: content(req),
              at: deps.now(),
            },
          ]),
        );
      }
      return reply.status(204).send();
    };
  for (const name of ['button-click', 'button-render', 'form-render', 'overlay']) {
    app.post(
      `/api/census/${name}`,
      { ...beacon, schema: { body: CensusBody } },
      census(name, (r) => r.body as object),
    );
  }
  app.post(
    '/api/census/RecordQuickView/:id',
    {
      ...beacon,
      // SPEC 7 shows no body: none, an empty one of any type, or the census fields.
      preValidation: async (req) => {
        // Before validation the body is whatever arrived, not yet the schema's type.
        const raw: unknown = req.body;
        if (raw === undefined || raw === null || raw === '') req.body = {};
      },
      schema: {
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        body: Type.Optional(CensusBody),
      },
    },
    census('quick-view', (r) => ({
      ...(r.body as object),
      itemId: (r.params as { id: string }).id,
    })),
  );

  // --- named events against the schema registry (the shared events service) ---
  const checkEvent = (name: string, content: unknown) => {
    if (!registry.has(name)) {
      throw appError(ErrorCode.EVENT_SCHEMA_UNKNOWN, `There is no event schema named '${name}'.`);
    }
    const result = registry.check(name, content);
    if (!result.ok) {
      throw appError(ErrorCode.EVENT_INVALID, `The event does not match the schema '${name}'.`, {
        errors: result.errors,
      });
    }
  };

  app.post('/api/v1/clanker/events', { ...beacon, bodyLimit: 64 * 1024 }, async (req, reply) => {
    const body = jsonBody(req.body);
    const validateEnvelope = envelopeValidator();
    if (!validateEnvelope(body)) {
      throw appError(ErrorCode.VALIDATION, 'Expected { eventSchemaName, eventContent }.', {
        errors: validateEnvelope.errors ?? [],
      });
    }
    const { eventSchemaName, eventContent } = body;
    checkEvent(eventSchemaName, eventContent);
    checkHost(req, (eventContent as { page_host?: unknown }).page_host);
    if (!isBot(req.headers['user-agent'])) {
      const session = (eventContent as { session_id?: unknown }).session_id;
      const row: EventRow = {
        siteId: req.site.id,
        source: 'clanker',
        name: eventSchemaName,
        environment: environmentFromHost(req.headers.host),
        sessionId: typeof session === 'string' ? session : null,
        content: eventContent,
        at: deps.now(),
      };
      queued(writers.events.push([row]));
    }
    return reply.status(202).send({ accepted: true });
  });

  app.post(
    '/api/v1/clanker/validate-event-content/:schemaName',
    {
      ...beacon,
      bodyLimit: 64 * 1024,
      schema: { params: Type.Object({ schemaName: Type.String({ maxLength: 100 }) }) },
    },
    async (req) => {
      const { schemaName } = req.params;
      let content = jsonBody(req.body);
      // Either the content itself or the same envelope the events endpoint takes.
      if (content && typeof content === 'object' && 'eventContent' in content) {
        content = (content as { eventContent: unknown }).eventContent;
      }
      checkEvent(schemaName, content);
      return { valid: true, schemaName };
    },
  );

  // SPEC 7: urlencoded crumb, event, data (JSON). The crumb is checked by request-context.
  const strip = { inputs: 'strip' as const, ...limited };
  app.post(
    '/api/events/RecordEvent',
    { config: strip, schema: { body: RecordEventBody } },
    async (req) => {
      const { body } = req;
      let content: unknown = {};
      if (body.data) {
        try {
          content = parseJsonClean(body.data);
        } catch {
          throw appError(ErrorCode.VALIDATION, "'data' must be JSON.");
        }
      }
      checkHost(req, (content as { page_host?: unknown } | null)?.page_host);
      if (!isBot(req.headers['user-agent'])) {
        const session = (content as { session_id?: unknown } | null)?.session_id;
        queued(
          writers.events.push([
            {
              siteId: req.site.id,
              source: 'record-event',
              name: body.event,
              environment: environmentFromHost(req.headers.host),
              sessionId: typeof session === 'string' ? session : null,
              content,
              at: deps.now(),
            },
          ]),
        );
      }
      return { ok: true };
    },
  );

  // The error reporter: X-CSRF-Token header (checked by request-context).
  app.post(
    '/api/events/RecordJavascriptErrors',
    { config: strip, schema: { body: JsErrorsBody }, bodyLimit: 128 * 1024 },
    async (req, reply) => {
      const ua = req.headers['user-agent'] ?? null;
      if (!isBot(ua)) {
        const at = deps.now();
        queued(
          writers.errors.push(
            req.body.map((e) => ({
              siteId: req.site.id,
              message: e.data.message,
              stack: e.data.stack?.slice(0, ERRORS_STACK_MAX) ?? null,
              pageUrl: e.data.url ?? null,
              kind: e.data.kind ?? e.event,
              userAgent: ua?.slice(0, 500) ?? null,
              at,
            })),
          ),
        );
      }
      return reply.status(202).send({ accepted: true });
    },
  );

  // --- configuration the browser reads ---
  app.get('/api/context/config', async (req) => ({
    websiteId: req.site.id,
    environment: environmentFromHost(req.headers.host),
    collectorEndpoint: COLLECTOR_ENDPOINT,
    eventsEndpoint: '/api/v1/clanker/events',
    flags: {
      analyticsDisabled: req.site.settings.analyticsDisabled === true,
      performanceCollector: req.site.settings.analyticsDisabled !== true,
    },
  }));

  app.get('/api/rest/websites/mine', async (req) => ({
    id: req.site.id,
    siteStatus: req.site.site_status,
    developerMode: req.site.developer_mode,
    createdOn: new Date(req.site.created_on).getTime(),
    language: req.site.language,
    websiteType: req.site.website_type,
  }));

  // --- owner summaries ---
  const range = { preValidation: owner, schema: { querystring: RangeQuery } };
  app.get('/api/analytics/summary', range, async (req) => {
    const { from, to } = parseRange(req.query, deps.now());
    return analyticsSummary(deps.db, req.site.id, from, to, {
      currency: req.site.currency,
      timeZone: req.site.settings.websiteSettings?.timeZone,
    });
  });
  app.get('/api/analytics/funnel', range, async (req) => {
    const { from, to } = parseRange(req.query, deps.now());
    return commerceFunnel(deps.db, req.site.id, from, to);
  });
  app.get('/api/analytics/cart-additions', range, async (req) => {
    const { from, to } = parseRange(req.query, deps.now());
    return cartAdditions(deps.db, req.site.id, from, to);
  });
  app.get('/api/errors/summary', range, async (req) => {
    const { from, to } = parseRange(req.query, deps.now());
    return errorsSummary(deps.db, req.site.id, from, to);
  });
};
