// Scale-out on PostgreSQL (issue 11): cached product page throughput of one process against
// WORKERS=2 on the same database; stale cart adds on one process after a stock change made on
// the other; and sign-in attempts spread over two processes against the configured limit (10 a
// minute per address). Each server runs on a fresh database (withFreshDatabase).
import fs from 'node:fs';
import os from 'node:os';
import { closedLean } from './closed-lean.mjs';
import { cpuSecondsOf, startServer, withFreshDatabase, sqlOn } from './server.mjs';
import { productPath } from './pages.mjs';

/**
 * The cached product page as browsers ask for it (Brotli), from the lean closed-loop sender
 * (closed-lean.mjs): with autocannon the sender was the limit on two cores.
 */
async function cachedRps(server, path) {
  const opts = { url: `${server.url}${path}`, headers: { 'accept-encoding': 'br' } };
  await closedLean({ ...opts, durationS: 2 }); // warm-up, every worker's cache filled
  const cpu0 = serverCpuSeconds(server.pid);
  const run = await closedLean(opts);
  const serverCpuS = serverCpuSeconds(server.pid) - cpu0;
  // Server CPU per answer: equal for one process and two workers when nothing is shared between
  // them, which is what lets throughput grow with cores where there are cores to give.
  return {
    ...run,
    serverCpuS: +serverCpuS.toFixed(2),
    serverCpuUsPerRequest: Math.round((serverCpuS * 1e6) / (run.rps * run.seconds)),
  };
}

/** CPU seconds of a server and of its cluster workers (the processes whose parent it is). */
function serverCpuSeconds(pid) {
  let total = cpuSecondsOf(pid);
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      // After the command name: state, then the parent's pid.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) total += cpuSecondsOf(Number(d));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Crumb cookie and header for an anonymous visitor of `base`. */
async function crumbOf(base, headers = {}) {
  const res = await fetch(`${base}/`, { headers });
  const m = /crumb=([^;]+)/.exec(res.headers.get('set-cookie') ?? '');
  await res.arrayBuffer();
  return m[1];
}

const CANDLE = { itemId: 'demo-candle', sku: 'SM-CANDLE-CEDAR' }; // unlimited until changed

async function addCandle(base, crumb, address) {
  const res = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': decodeURIComponent(crumb),
      cookie: `crumb=${crumb}`,
      'x-forwarded-for': address,
    },
    body: JSON.stringify({ ...CANDLE, quantity: 1 }),
  });
  await res.arrayBuffer();
  return res.status;
}

export async function run({ log }) {
  return withFreshDatabase(async (url) => {
    const env = { DATABASE_URL: url, TRUST_PROXY: 'true' };
    const out = { loadAverage: os.loadavg() }; // other work on the machine moves every figure

    // 1. Throughput: one process, then two workers sharing the port.
    const one = await startServer({ env });
    let path;
    try {
      path = await productPath(one.url);
      out.oneProcess = await cachedRps(one, path);
      log(
        `one process: ${out.oneProcess.rps} req/s, server CPU ${out.oneProcess.serverCpuUsPerRequest} µs/request`,
      );
    } finally {
      await one.stop();
    }
    const two = await startServer({ env: { ...env, WORKERS: '2' } });
    try {
      out.twoWorkers = await cachedRps(two, path);
      log(
        `two workers: ${out.twoWorkers.rps} req/s, server CPU ${out.twoWorkers.serverCpuUsPerRequest} µs/request`,
      );
    } finally {
      await two.stop();
    }
    out.ratio = Math.round((out.twoWorkers.rps / out.oneProcess.rps) * 100) / 100;

    // 2 and 3: two separate processes (two ports) on the one database.
    const a = await startServer({ env });
    const b = await startServer({ env });
    try {
      // Stale adds: B has the product cached; the owner sets its stock to 0 through A's
      // inventory API; every add B answers 200 afterwards is stale.
      const crumbB = await crumbOf(b.url);
      for (let i = 0; i < 20; i++) await addCandle(b.url, crumbB, `10.1.0.${i + 1}`); // B caches it
      const variants = await sqlOn(url, `SELECT id FROM variants WHERE item_id = $1 AND sku = $2`, [
        CANDLE.itemId,
        CANDLE.sku,
      ]);
      const owner = await signIn(a.url);
      const changed = await fetch(`${a.url}/api/commerce/inventory/${variants[0].id}`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': owner.crumb,
          cookie: owner.cookie,
        },
        body: JSON.stringify({ unlimited: false, qtyInStock: 0 }),
      });
      const t0 = performance.now();
      let stale = 0;
      let firstRefusedMs;
      for (let i = 0; i < 200; i++) {
        const status = await addCandle(b.url, crumbB, `10.2.${i >> 8}.${(i & 255) + 1}`);
        if (status === 200) stale++;
        else if (firstRefusedMs === undefined) firstRefusedMs = performance.now() - t0;
      }
      out.stockChange = { status: changed.status, staleAdds: stale, seenAfterMs: firstRefusedMs };
      log(
        `stale adds after a stock change: ${stale} (seen after ${Math.round(firstRefusedMs)} ms)`,
      );

      // Rate limit across processes: 25 sign-in attempts from one address, alternating.
      const statuses = [];
      for (let i = 0; i < 25; i++) {
        const base = i % 2 ? b.url : a.url;
        const crumb = await crumbOf(base, { 'x-forwarded-for': '10.3.0.1' });
        const res = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': decodeURIComponent(crumb),
            cookie: `crumb=${crumb}`,
            'x-forwarded-for': '10.3.0.1',
          },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong' }),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      out.signInAcrossProcesses = { allowed: statuses.filter((s) => s !== 429).length, of: 25 };
      log(`sign-in attempts allowed across two processes: ${out.signInAcrossProcesses.allowed}/25`);
    } finally {
      await a.stop();
      await b.stop();
    }
    return out;
  });
}

async function signIn(base) {
  const crumb = await crumbOf(base);
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': decodeURIComponent(crumb),
      cookie: `crumb=${crumb}`,
    },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  await res.arrayBuffer();
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const sessionCrumb = cookies.find((c) => c.startsWith('crumb='))?.slice(6) ?? crumb;
  return { cookie: cookies.join('; '), crumb: decodeURIComponent(sessionCrumb) };
}
