import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { DatabaseHandle } from '../db/database.js';
import { allApplied } from '../db/migrate.js';
import { scrapeText } from './cluster-metrics.js';

/**
 * `/healthz`: the process is up. `/readyz`: it can serve — the database answers and every
 * migration is applied (a load balancer sends traffic only then). `/metrics`: Prometheus text,
 * only with `Authorization: Bearer $METRICS_TOKEN` (404 when no token is configured, 401 with a
 * wrong one); under `WORKERS=N` one scrape shows every worker (cluster-metrics.ts). None of them
 * belongs to a website.
 */
export async function platformRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  database: DatabaseHandle,
): Promise<void> {
  const site = { config: { site: false } };
  app.get('/healthz', site, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  app.get('/readyz', site, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await sql`SELECT 1`.execute(deps.db);
      if (!(await allApplied(deps.db, database.connection?.schema))) {
        return reply.status(503).send({ ok: false, reason: 'migrations pending' });
      }
    } catch {
      return reply.status(503).send({ ok: false, reason: 'database unreachable' });
    }
    return { ok: true };
  });

  const token = deps.config.metricsToken;
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  app.get('/metrics', site, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!expected) return reply.status(404).type('text/plain').send('Not found');
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain')
        .send('Unauthorized');
    }
    const registry = deps.metrics.registry;
    return reply.type(registry.contentType).send(await scrapeText(registry));
  });
}
