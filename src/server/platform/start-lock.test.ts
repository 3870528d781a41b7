import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import pg from 'pg';
import { describeOnPostgres } from '../testing/shared-postgres.js';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.js';

describeOnPostgres('servers of several machines starting at once on one database', () => {
  const dbName = `t_start_${crypto.randomBytes(6).toString('hex')}`;
  // The body runs to collect the tests even when PostgreSQL is off (skipped): nothing here may
  // need DATABASE_URL until a test runs.
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://unused/');
  url.pathname = `/${dbName}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const servers: SpawnedServer[] = [];
  afterAll(async () => {
    for (const s of servers) {
      await s.kill('SIGKILL');
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }, 60_000);

  it('migrate and seed once: the other waits for the lock and finds it done', async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    // Two machines: each its own DATA_DIR, both on the same database, started together.
    const started = await Promise.allSettled([
      spawnServer({ DATABASE_URL: url.toString() }),
      spawnServer({ DATABASE_URL: url.toString() }),
    ]);
    for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
    expect(started.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
    ]);
    const outputs = servers.map((s) => s.output());
    expect(outputs.filter((o) => o.includes('Seeding the demo websites'))).toHaveLength(1);
    expect(outputs.filter((o) => o.includes('Migrations applied'))).toHaveLength(1);
    for (const s of servers) expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM sites');
      expect(Number(rows[0]!.n)).toBe(2);
    } finally {
      await db.end();
    }
  }, 240_000);
});
