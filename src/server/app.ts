import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { AppDeps, DomainRoutes } from './deps.js';
import { installErrorHandler } from './errors/error-handler.js';
import requestContext from './http/request-context.js';
import inputBoundary from './http/input-boundary.js';
import securityHeaders from './http/security-headers.js';
import { typed } from './http/typed-app.js';
import { SiteResolver } from './sites/site-resolver.js';
import { SessionService } from './owners/session-service.js';
import { DomainEvents } from './events.js';
import { ownerRoutes } from './owners/routes.js';
import { cartRoutes } from './cart/routes.js';
import { formsRoutes } from './forms/routes.js';
import { restockRoutes } from './restock/routes.js';
import { mailRoutes } from './mail/routes.js';
import { analyticsRoutes } from './analytics/routes.js';
import { performanceRoutes } from './performance/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { imageRoutes } from './content/image-routes.js';
import { siteDesignRoutes } from './content/site-design/routes.js';
import { mediaRoutes } from './media/routes.js';
import { checkoutRoutes } from './checkout/routes.js';
import { orderRoutes } from './orders/routes.js';
import { subscriptionRoutes } from './subscriptions/routes.js';
import { giftCardRoutes } from './gift-cards/routes.js';
import { discountRoutes } from './discounts/routes.js';
import { pageRoutes } from './render/routes.js';
import { pageApiRoutes } from './content/pages/routes.js';
import { editingRoutes } from './content/editing/routes.js';
import { itemRoutes } from './content/items/routes.js';
import { commentsRoutes } from './comments/routes.js';
import { reviewsRoutes } from './reviews/routes.js';
import { websiteRoutes } from './websites/routes.js';
import { developerRoutes } from './developer/routes.js';
import { teamRoutes } from './team/routes.js';
import { customerRoutes } from './customers/routes.js';
import customerContext from './customers/customer-session.js';
import { CacheRegistry } from './platform/versioned-cache.js';
import { installChangeBus } from './platform/change-bus.js';
import { openRateCounter, rateLimitStore } from './platform/rate-limits.js';
import { Metrics } from './platform/metrics.js';
import { platformRoutes } from './platform/routes.js';
import { JobQueue } from './platform/jobs/job-queue.js';
import { registerAllLanguages } from '../shared/i18n/all-languages.js';

// The server renders every site's language: all text tables, registered once (text-packs.ts).
registerAllLanguages();

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is added (the fuzz suite enumerates the server's routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Domain route plugins, in registration order. Pages come last: they own the catch-all route. */
const domains: DomainRoutes[] = [
  ownerRoutes,
  cartRoutes,
  formsRoutes,
  restockRoutes,
  mailRoutes,
  analyticsRoutes,
  performanceRoutes,
  catalogRoutes,
  imageRoutes,
  siteDesignRoutes,
  mediaRoutes,
  checkoutRoutes,
  orderRoutes,
  subscriptionRoutes,
  giftCardRoutes,
  discountRoutes,
  pageApiRoutes,
  editingRoutes,
  itemRoutes,
  commentsRoutes,
  reviewsRoutes,
  websiteRoutes,
  developerRoutes,
  teamRoutes,
  customerRoutes,
  pageRoutes,
];

/** Builds the whole server; `main.ts` and the tests call this the same way. */
export async function buildApp(
  opts: BuildOptions,
): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const { config, database } = opts;
  const now = opts.now ?? Date.now;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Query parsing allows at most 1000 keys (SPEC 9.2).
    routerOptions: { maxParamLength: 500 },
    // Scalars are coerced (query strings), arrays never: `itemId: ["x"]` is not a string.
    ajv: { customOptions: { coerceTypes: true } },
  });
  installErrorHandler(app);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  await app.register(securityHeaders);
  // Static files and the health check belong to no website: skip the site lookup for them.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/assets/') || route.url === '/healthz') {
      route.config = { ...(route.config as object), site: false };
    }
  });

  const caches = new CacheRegistry();
  const events = new DomainEvents();
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    now,
    resolver: new SiteResolver(database.db, config.baseDomain, now, undefined, caches),
    sessions: new SessionService(database.db, now),
    events,
    caches,
    rates: openRateCounter({
      redisUrl: config.redisUrl,
      db: database.db,
      dbKind: database.kind,
      now,
      namespace: database.connection?.schema ?? 'public',
    }),
    metrics: new Metrics(caches, { defaults: !!config.metricsToken }),
    jobs: new JobQueue({ db: database.db, now, log: app.log }),
  };
  deps.metrics.install(app);
  deps.metrics.addQueueDepths(() => deps.jobs.depths());
  // Domains define their queues while they register; the queue starts once all have.
  app.addHook('onReady', () => deps.jobs.start());
  // Before the domains' onClose hooks close what jobs use (the mailer, the database's users).
  app.addHook('preClose', () => deps.jobs.stop());
  // content-changed empties this process's caches of the website, and the other processes'.
  deps.changes = await installChangeBus(app, { database, events, caches });

  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 256 * 1024 });
  // Routes opt in with `config: { rateLimit: {...} }`; keyed by client address unless they say.
  // Counted where every process sees the same count (platform/rate-limits.ts).
  await app.register(rateLimit, { global: false, store: rateLimitStore(deps.rates) });
  deps.jobs.define('rate-limit-purge', { everyMs: 10 * 60_000, run: () => deps.rates.purge() });
  app.addHook('onClose', () => deps.rates.close());

  const assetsDir = path.join(config.publicDir, 'assets');
  if (fs.existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      // Names carry a content hash (Vite), so they never change: cache for a year.
      immutable: true,
      maxAge: '365d',
      preCompressed: true,
      wildcard: true,
    });
  }
  await platformRoutes(app, deps, database);

  await app.register(inputBoundary);
  await app.register(requestContext, {
    db: database.db,
    secret: config.secret,
    secureCookies: config.secureCookies,
    resolver: deps.resolver,
    sessions: deps.sessions,
  });
  await app.register(customerContext, { db: database.db, now: deps.now });
  for (const domain of domains) await app.register(async (scope) => domain(typed(scope), deps));
  return { app, deps };
}
