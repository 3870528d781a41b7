import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { DomainEvents } from '../events.js';
import type { CacheRegistry } from './versioned-cache.js';

/** Reconnect delays after the listening connection is lost: doubling up to the last. */
const RECONNECT_MS = [100, 200, 500, 1_000, 2_000, 5_000];

export interface ChangeBusOptions {
  database: DatabaseHandle;
  events: DomainEvents;
  caches: CacheRegistry;
  log: { warn: (obj: unknown, msg: string) => void };
}

/**
 * Cache invalidation across processes. A website's `content-changed` empties this process's
 * caches of it at once (the registry) and, on PostgreSQL, is announced with NOTIFY; every other
 * process LISTENs on a dedicated connection and empties its caches of that website when the
 * notice arrives (milliseconds after the commit, where the site resolver's expiry alone took
 * seconds). When the listening connection drops, the process reconnects with backoff and then
 * drops all its caches, since notices sent meanwhile are lost. On PGlite there is one process:
 * the local path is all there is.
 */
export class ChangeBus {
  /** Tells this process's own notices from the others'. */
  readonly origin = crypto.randomUUID();
  readonly channel: string;
  private client: pg.Client | undefined;
  private stopped = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Resolves once LISTEN is in place (or at once without PostgreSQL). */
  ready: Promise<void> = Promise.resolve();

  constructor(private readonly opts: ChangeBusOptions) {
    // One channel per schema: test files (and tenants) sharing a server stay apart.
    const schema = opts.database.connection?.schema ?? 'public';
    this.channel = `content_changed_${schema}`.slice(0, 63);
    opts.events.on('content-changed', this.onLocal);
  }

  start(): Promise<void> {
    if (this.opts.database.connection) this.ready = this.connect();
    return this.ready;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.opts.events.off('content-changed', this.onLocal);
    if (this.timer) clearTimeout(this.timer);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => undefined);
  }

  private readonly onLocal = ({ siteId }: { siteId: string }) => {
    this.opts.caches.dropSite(siteId);
    if (!this.opts.database.connection || this.stopped) return;
    sql`SELECT pg_notify(${this.channel}, ${`${this.origin}|${siteId}`})`
      .execute(this.opts.database.db)
      .catch((err: unknown) => this.opts.log.warn({ err }, 'cache invalidation: NOTIFY failed'));
  };

  private async connect(): Promise<void> {
    const conn = this.opts.database.connection!;
    const client = new pg.Client({ connectionString: conn.url });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.opts.log.warn({ err }, 'cache invalidation: lost the LISTEN connection; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel !== this.channel || !msg.payload) return;
      const bar = msg.payload.indexOf('|');
      if (msg.payload.slice(0, bar) === this.origin) return;
      this.opts.caches.remoteDrops++;
      this.opts.caches.dropSite(msg.payload.slice(bar + 1));
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel.replaceAll('"', '""')}"`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // Notices sent while no connection listened are lost: forget everything once.
    if (this.attempt > 0) this.opts.caches.clear();
    this.attempt = 0;
  }

  private scheduleReconnect(): void {
    const delay = RECONNECT_MS[Math.min(this.attempt, RECONNECT_MS.length - 1)]!;
    this.attempt++;
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }

  /** Tests: the listening connection's backend pid (to terminate it). */
  async listenerPid(): Promise<number | undefined> {
    const r = await this.client?.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return r?.rows[0]?.pid;
  }
}

/** Starts the bus for an app and stops it when the app closes. */
export async function installChangeBus(
  app: FastifyInstance,
  opts: Omit<ChangeBusOptions, 'log'>,
): Promise<ChangeBus> {
  const bus = new ChangeBus({ ...opts, log: app.log });
  app.addHook('onClose', () => bus.stop());
  await bus.start();
  return bus;
}
