// Starts the built server for benchmarks (as `npm start` runs it) and waits until it listens.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..', '..');

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * @param {{ env?: Record<string,string>, dataDir?: string }} opts
 * @returns {Promise<{ url: string, port: number, pid: number, dataDir: string, readyMs: number, wallMs: number, stop: () => Promise<void> }>}
 */
export async function startServer(opts = {}) {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
  const readyFile = path.join(dataDir, `ready-${port}`);
  fs.rmSync(readyFile, { force: true });
  let out = '';
  const t0 = performance.now();
  // BENCH_SERVER_NODE_ARGS go to the server's node only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
  // to profile the server through a section.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // The young generation `npm start` / `npm run serve` give the server (package.json).
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=64', ...nodeArgs, path.join(root, 'dist/server/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_OWNER_PASSWORD: 'demo-password',
        LOG_LEVEL: 'warn',
        READY_FILE: readyFile,
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  // Seeding on a busy 2-core machine can take minutes.
  const deadline = Date.now() + 300_000;
  while (!fs.existsSync(readyFile)) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const wallMs = performance.now() - t0;
  const readyMs = Number(fs.readFileSync(readyFile, 'utf8'));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    /** The server's process id (its CPU time is in /proc/{pid}/stat). */
    pid: child.pid,
    dataDir,
    readyMs,
    wallMs,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** The PostgreSQL server of the PostgreSQL sections (loopback, trust auth). */
export const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function urlOfDatabase(name) {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on its own connection and returns the rows (counts, fixtures). */
export async function sqlOn(url, text, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Runs `fn(url)` with a new, empty database, dropped afterwards: a server started with
 * DATABASE_URL=url migrates and seeds its own demo there, so runs never see each other's rows.
 */
export async function withFreshDatabase(fn) {
  const name = `bench_${crypto.randomBytes(6).toString('hex')}`;
  await sqlOn(POSTGRES_URL, `CREATE DATABASE ${name}`);
  try {
    return await fn(urlOfDatabase(name));
  } finally {
    // FORCE: a server that died mid-run may still hold connections.
    await sqlOn(POSTGRES_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is stat(5)'s field 3 (state), so utime (14) and stime (15) are at 11 and 12;
    // both in clock ticks, 100 a second on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** The cookies a response sets, as name → value. */
export function setCookiesOf(res) {
  const jar = {};
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';', 1)[0];
    const eq = pair.indexOf('=');
    if (eq > 0) jar[pair.slice(0, eq).trim()] = pair.slice(eq + 1);
  }
  return jar;
}

/** A Cookie header for a jar of name → value. */
export function cookieHeader(jar) {
  return Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** A visitor's first GET: the crumb cookie every mutating request must echo (docs/cart-api.md). */
export async function fetchCrumb(url, headers = {}) {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  const { crumb } = setCookiesOf(res);
  if (!crumb) throw new Error(`no crumb cookie from GET ${url} (${res.status})`);
  return crumb;
}

/** The demo owner: startServer runs the server with DEMO_OWNER_PASSWORD=demo-password. */
const OWNER = { email: 'owner@demo.test', password: 'demo-password' };

/** Signs in as the demo owner; returns the headers of an owner's mutating request. */
export async function signIn(base) {
  const crumb = await fetchCrumb(`${base}/api/auth/me`);
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader({ crumb }),
      'x-csrf-token': crumb,
    },
    body: JSON.stringify(OWNER),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  // The login answers with the session and a crumb bound to it.
  const jar = { crumb, ...setCookiesOf(res) };
  return { cookie: cookieHeader(jar), 'x-csrf-token': jar.crumb };
}
