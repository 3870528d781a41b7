import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { describeOnPostgres } from '../testing/shared-postgres.js';
import { spawnServer, waitFor, type SpawnedServer } from '../testing/spawn-server.js';

/** A connection string whose sessions use `schema` (the server then keeps to it). */
function urlWithSchema(schema: string): string {
  const u = new URL(process.env.DATABASE_URL!);
  u.searchParams.set('options', `-c search_path=${schema}`);
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
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  let server: SpawnedServer | undefined;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    server = await spawnServer({ WORKERS: '2', DATABASE_URL: urlWithSchema(schema) });
  }, 240_000);
  afterAll(async () => {
    if (server) {
      const pids = workerLines(server.output());
      await server.kill('SIGKILL');
      for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
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

  it('SIGTERM under load: every acknowledged add is stored, then all processes exit 0', async () => {
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
    const loops = Array.from({ length: 6 }, loop);
    await waitFor(() => (acked >= 100 ? true : undefined), '100 acknowledged adds', 60_000);
    const workers = workerLines(server!.output());
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    stop = true;
    await Promise.all(loops);
    expect(serverErrors).toEqual([]);
    const { rows } = await admin.query<{ n: string }>(
      `SELECT coalesce(sum(quantity), 0) AS n FROM "${schema}".cart_entries WHERE item_id = 'demo-candle'`,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(acked);
    for (const pid of workers) expect(alive(pid)).toBe(false);
  }, 120_000);
});
