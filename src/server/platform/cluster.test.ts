import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { describeOnPostgres } from '../testing/shared-postgres.js';
import { spawnServer, waitFor, type SpawnedServer } from '../testing/spawn-server.js';

/**
 * The server's own database: a schema would not do, since Kysely's migrator looks for its tables
 * in every schema of the database (and other test files create and drop theirs meanwhile).
 */
function urlOfDatabase(name: string): string {
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}

const workerLines = (out: string) =>
  [...out.matchAll(/Worker (\d+) \(pid (\d+)\) listening\./g)].map((m) => Number(m[2]));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describeOnPostgres('WORKERS=2: one port, several processes (node:cluster)', () => {
  const dbName = `t_cluster_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  let db: pg.Client | undefined;
  let server: SpawnedServer | undefined;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    db = new pg.Client({ connectionString: urlOfDatabase(dbName) });
    await db.connect();
    server = await spawnServer({
      WORKERS: '2',
      DATABASE_URL: urlOfDatabase(dbName),
      METRICS_TOKEN: 'cluster-test',
    });
  }, 240_000);
  afterAll(async () => {
    if (server) {
      const pids = workerLines(server.output());
      await server.kill('SIGKILL');
      for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await db?.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }, 60_000);

  it('migrates and seeds once, in the primary, then starts the workers on one port', async () => {
    const out = server!.output();
    expect(out.match(/Migrations applied/g)).toHaveLength(1);
    expect(out.match(/Seeding the demo websites/g)).toHaveLength(1);
    expect(out).toContain('(2 workers)');
    expect(workerLines(out)).toHaveLength(2);
    // Every worker serves pages and the seeded images (one shared DATA_DIR).
    for (let i = 0; i < 6; i++) {
      const img = await fetch(`${server!.url}/static/images/demo-tidepool-mug/300w.webp`, {
        headers: { host: 'localhost' },
      });
      expect(img.status).toBe(200);
    }
  });

  it('one /metrics scrape shows every worker, whichever worker takes it', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${server!.url}/metrics`, {
        headers: { authorization: 'Bearer cluster-test' },
      });
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(text).not.toContain('cluster metrics unavailable');
      const workers = new Set(
        [...text.matchAll(/^process_cpu_user_seconds_total\{worker="(\d+)"\}/gm)].map((m) => m[1]),
      );
      expect([...workers].sort()).toEqual(['1', '2']);
    }
  });

  it('replaces a worker that dies', async () => {
    const [victim] = workerLines(server!.output());
    process.kill(victim!, 'SIGKILL');
    await waitFor(
      () => (workerLines(server!.output()).length === 3 ? true : undefined),
      'a replacement worker',
      60_000,
    );
    expect(server!.output()).toContain(`(pid ${victim}) exited (SIGKILL); starting another.`);
    expect((await fetch(`${server!.url}/healthz`)).status).toBe(200);
  }, 90_000);

  it('SIGTERM under load: every acknowledged add and queued hit is stored, then all exit 0', async () => {
    const base = server!.url;
    const page = await fetch(`${base}/`, { headers: { host: 'localhost' } });
    const crumb = /crumb=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')![1]!;
    let acked = 0;
    // 503 is the drain's answer to a request that arrives while closing (nothing written).
    const serverErrors: number[] = [];
    let stop = false;
    const add = async () => {
      const res = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
        method: 'POST',
        headers: {
          host: 'localhost',
          'content-type': 'application/json',
          'x-csrf-token': decodeURIComponent(crumb),
          cookie: `crumb=${crumb}`,
        },
        body: JSON.stringify({ itemId: 'demo-candle', sku: 'SM-CANDLE-CEDAR', quantity: 1 }),
      });
      if (res.status === 200) acked++;
      else if (res.status >= 500 && res.status !== 503) serverErrors.push(res.status);
      await res.arrayBuffer();
    };
    const loop = async () => {
      while (!stop) {
        // Refused connections after the drain are expected; they were never acknowledged.
        await add().catch(() => (stop = server!.child.exitCode !== null || stop));
      }
    };
    // Page-view beacons: answered 204 at once, written in batches up to a second later, so
    // the last ones are still queued when SIGTERM comes and must be flushed by the drain.
    let hitsAcked = 0;
    const hitLoop = async () => {
      while (!stop) {
        const t = Date.now();
        const body = new URLSearchParams({
          event: 'view',
          ss_cvr: `cccccccc-3333|${t}|${t}|${t}|1`,
          data: JSON.stringify({ url: 'http://localhost/shop', title: 'Shop', clientDate: t }),
        });
        const res = await fetch(`${base}/api/census/RecordHit`, {
          method: 'POST',
          headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
        }).catch(() => undefined);
        if (res?.status === 204) hitsAcked++;
        await res?.arrayBuffer();
        if (!res) stop = stop || server!.child.exitCode !== null;
      }
    };
    const loops = [...Array.from({ length: 5 }, loop), hitLoop()];
    await waitFor(() => (acked >= 100 ? true : undefined), '100 acknowledged adds', 60_000);
    const workers = workerLines(server!.output());
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    stop = true;
    await Promise.all(loops);
    expect(serverErrors).toEqual([]);
    const { rows } = await db!.query<{ n: string }>(
      `SELECT coalesce(sum(quantity), 0) AS n FROM cart_entries WHERE item_id = 'demo-candle'`,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(acked);
    expect(hitsAcked).toBeGreaterThan(0);
    const hits = await db!.query<{ n: string }>(`SELECT count(*) AS n FROM analytics_hits`);
    expect(Number(hits.rows[0]!.n)).toBeGreaterThanOrEqual(hitsAcked);
    for (const pid of workers) expect(alive(pid)).toBe(false);
  }, 120_000);
});
