import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.js';
import { demoProducts, ownerHeaders, runLoad, setStock, type Acked } from './durability-load.js';
import { checkDatabase, countRows, type Query } from './durability-checks.js';

/** Signs in (a write: a session row) and returns the cookie header proving it. */
async function signIn(base: string): Promise<string> {
  const first = await fetch(`${base}/config/login`);
  const crumb = /crumb=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `crumb=${crumb}`,
      'x-csrf-token': decodeURIComponent(crumb),
    },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  expect(res.status).toBe(200);
  const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
  return `sid=${sid}`;
}

async function signedIn(base: string, cookie: string): Promise<boolean> {
  const me = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
  return ((await me.json()) as { signedIn: boolean }).signedIn;
}

describe('the embedded database survives stops and kills', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-durability-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps committed data across Ctrl-C (SIGINT) and SIGKILL, and starts again', async () => {
    const first = await startServer({}, { dataDir });
    const cookie = await signIn(first.url);
    expect(await first.kill('SIGINT')).toBe(0);

    const second = await startServer({}, { dataDir });
    expect(await signedIn(second.url, cookie)).toBe(true);
    const cookie2 = await signIn(second.url);
    // A kill gives no chance to close the database: committed rows must still be there.
    await second.kill('SIGKILL');

    const third = await startServer({}, { dataDir });
    expect(await signedIn(third.url, cookie)).toBe(true);
    expect(await signedIn(third.url, cookie2)).toBe(true);
    // The seed ran once: a restart does not load the demo again.
    expect(third.output()).not.toContain('Seeding');
    await third.stop();
  }, 240_000);
});

/** Cycles per backend; each kills the server at a different point of its load. */
const KILL_AT = [0.4, 0.6, 0.8];
/** Visitors per cycle: shoppers (two adds, every other one an order) and as many form savers. */
const SHOPPERS = 24;
const CONNECTIONS = 8;
/** Acknowledgements a cycle would get without the kill: 2 adds + ½ order + 1 form a shopper. */
const ACKS_PER_CYCLE = SHOPPERS * 2 + SHOPPERS / 2 + SHOPPERS;
const INITIAL_STOCK = 100_000;
/** Rate limits off: the load stands for many shoppers; per-address limits are not tested here. */
const LOAD_ENV = {
  TRUST_PROXY: 'true',
  FORM_RATE_PER_SITE: '0',
  FORM_RATE_PER_ADDRESS: '0',
  FORM_KEY_RATE_PER_ADDRESS: '0',
};

const workerPids = (out: string) =>
  [...out.matchAll(/Worker \d+ \(pid (\d+)\) listening\./g)].map((m) => Number(m[1]));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGKILL to the server and, with WORKERS=N, to every worker it started (all at once). */
async function killNine(server: RunningServer): Promise<void> {
  const workers = workerPids(server.output()).filter(alive);
  const exited = server.kill('SIGKILL');
  for (const pid of workers) process.kill(pid, 'SIGKILL');
  await exited;
  await until(() => !workers.some(alive), 'the workers to die');
}

interface Backend {
  env: Record<string, string>;
  /** PostgreSQL, yes; a PGlite folder only once its server has stopped. */
  canCheckWhileRunning: boolean;
  /** Runs `check` against the database. */
  query: <T>(check: (q: Query) => Promise<T>) => Promise<T>;
  /** Whether cycle n runs WORKERS=2 (and kills one worker mid-load first). */
  workers: (cycle: number) => boolean;
  close: () => Promise<void>;
}

async function pgliteBackend(dataDir: string): Promise<Backend> {
  return {
    env: {},
    canCheckWhileRunning: false,
    workers: () => false,
    query: async (check) => {
      const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
      try {
        return await check(async (text, params) => (await db.query(text, params)).rows as never);
      } finally {
        await db.close();
      }
    },
    close: async () => undefined,
  };
}

/** A database of its own on the PostgreSQL of DATABASE_URL (other runs never see its rows). */
async function postgresBackend(): Promise<Backend> {
  const name = `e2e_kill9_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    env: { DATABASE_URL: url.toString() },
    canCheckWhileRunning: true,
    // The first cycle one process; then WORKERS=2, with a worker killed under load.
    workers: (cycle) => cycle > 0,
    query: (check) =>
      check(async (text, params) => (await client.query(text, params as unknown[])).rows),
    close: async () => {
      await client.end().catch(() => undefined);
      // FORCE: a killed server's connections may linger a moment.
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

/**
 * Issue 11's kill -9 suite: a bounded concurrent load of cart adds, form saves and orders; kill
 * -9 part-way (on PostgreSQL with WORKERS=2, first one worker, then everything); restart on the
 * same DATA_DIR / database; every request answered 2xx is there, and nothing is half-written.
 */
function killNineSuite(label: string, open: (dataDir: string) => Promise<Backend>): void {
  describe(`kill -9 under load keeps every acknowledged write (${label})`, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-kill9-'));
    let backend: Backend | undefined;
    let server: RunningServer | undefined;
    afterAll(async () => {
      if (server) await killNine(server).catch(() => undefined);
      await backend?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it(`${KILL_AT.length} cycles of load, kill -9, restart`, async () => {
      const t0 = Date.now();
      const say = (msg: string) => console.log(`${label} +${Date.now() - t0} ms: ${msg}`);
      backend = await open(dataDir);
      const env = { ...LOAD_ENV, ...backend.env };
      const envOf = (cycle: number) => (backend!.workers(cycle) ? { ...env, WORKERS: '2' } : env);
      const tag = crypto.randomBytes(3).toString('hex');
      const acked: Acked[] = [];
      server = await startServer(envOf(0), { dataDir });
      const products = await demoProducts(server.url);
      const counted = products.counted;
      await setStock(server.url, await ownerHeaders(server.url), counted, INITIAL_STOCK);
      const check = (q: Query) =>
        Promise.all([
          checkDatabase(q, acked, { variant: counted, initial: INITIAL_STOCK }),
          countRows(q),
        ]);
      say('started');

      for (let cycle = 0; cycle < KILL_AT.length; cycle++) {
        const running = server!;
        const workers = backend.workers(cycle);
        const killAt = Math.round(ACKS_PER_CYCLE * KILL_AT[cycle]!);
        let acks = 0;
        let killed: Promise<void> | undefined;
        let workerKilled: number | undefined;
        const result = await runLoad({
          base: () => running.url,
          products,
          tag: `${tag}-${cycle}`,
          first: cycle * 1000,
          shoppers: SHOPPERS,
          connections: CONNECTIONS,
          stopped: () => killed !== undefined,
          onAck: () => {
            acks++;
            if (workers && workerKilled === undefined && acks >= killAt / 2) {
              // One worker dies under load; the primary replaces it, the other goes on serving.
              workerKilled = workerPids(running.output())[0]!;
              process.kill(workerKilled, 'SIGKILL');
            }
            if (!killed && acks >= killAt) killed = killNine(running);
          },
        });
        expect(killed, 'the kill came before the load ended').toBeDefined();
        await killed;
        server = undefined;
        expect(result.refused, 'only the kill stops a request').toEqual([]);
        if (workers) expect(running.output()).toContain(`(pid ${workerKilled}) exited (SIGKILL)`);
        acked.push(result);
        say(
          `cycle ${cycle + 1}${workers ? ' (WORKERS=2, a worker killed first)' : ''}: kill -9 ` +
            `after ${acks} acks (${result.orders.length} orders, ${result.forms.length} forms), ` +
            `${result.unanswered} requests unanswered`,
        );

        // Restart on the same DATA_DIR / database (the next cycle's server): it must serve.
        const last = cycle === KILL_AT.length - 1;
        server = await startServer(last ? env : envOf(cycle + 1), { dataDir });
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
        say('restarted');
        // PostgreSQL is checked after every restart; a PGlite folder serves one process, so it
        // is opened here once its last server has stopped (it holds every cycle's writes).
        if (backend.canCheckWhileRunning || last) {
          if (!backend.canCheckWhileRunning) {
            await server.stop();
            server = undefined;
          }
          const [problems, counts] = await backend.query(check);
          say(`checked: ${JSON.stringify(counts)}`);
          expect(problems).toEqual([]);
        }
        expect(result.orders.length + result.forms.length).toBeGreaterThan(0);
      }
      expect(acked.flatMap((a) => a.orders).length, 'orders were acknowledged').toBeGreaterThan(0);
      await server?.stop();
      server = undefined;
    }, 600_000);
  });
}

killNineSuite('PGlite', pgliteBackend);
if (process.env.DATABASE_URL) killNineSuite('PostgreSQL', () => postgresBackend());
else {
  describe.skip('kill -9 under load (PostgreSQL: set DATABASE_URL, as CI does)', () => {
    it('skipped', () => undefined);
  });
}
