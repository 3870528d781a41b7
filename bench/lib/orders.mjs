// Order placement under load (issue 10): POST /api/commerce/orders on PGlite and on PostgreSQL.
// 1. orders/s at 64 connections (closed loop): every request is a different shopper's cart (one
//    order per cart), paid with the `test` provider's approving token, shipped to a US address;
//    every 201 is then checked against the database (an order row per answer, its stock taken).
//    p99 at the target rate: placements offered at 200/s (PGlite) or 500/s (PostgreSQL) by an open
//    loop over up to 64 connections, each a fresh shopper (measureAtRate).
// 2. oversell: rounds of 200 shoppers racing for the last 10 units of one variant; every round
//    must end with exactly 10 orders and the variant at 0 (ORDER_RACE_ROUNDS, default 100).
import os from 'node:os';
import { clientAddress, inParallel, load, percentile } from './load.mjs';
import { paced } from './paced.mjs';
import {
  cookieHeader,
  fetchCrumb,
  setCookiesOf,
  signIn,
  sqlOn,
  withFreshDatabase,
} from './server.mjs';

const ORDERS_PATH = '/api/commerce/orders';
const ADD_PATH = '/api/commerce/shopping-cart/entries';
const CONNECTIONS = 64;
const TARGETS = { pglite: 200, postgres: 500 };
const P99_TARGET_MS = 100;
const RACE_BUYERS = 200;
const RACE_UNITS = 10;
const RACE_ROUNDS = Number(process.env.ORDER_RACE_ROUNDS ?? 100);
/** Seconds of the open-loop run at the target rate (its p99 is the latency figure). */
const PACED_S = 8;

const ADDRESS = {
  firstName: 'Bench',
  lastName: 'Buyer',
  line1: '1 Main Street',
  city: 'New York',
  region: 'NY',
  postalCode: '10001',
  country: 'US',
};

/** Physical products without a form: `unlimited` picks one that never runs out. */
async function physicalProduct(base, unlimited) {
  const shop = await (await fetch(`${base}/shop?format=json`)).json();
  for (const item of shop.items ?? []) {
    const p = item.structuredContent;
    if (p?.productType !== 1 || p.additionalFieldsFormId || p.oneTimePurchaseAllowed === false) {
      continue;
    }
    const v = p.variants.find((x) => x.unlimited === unlimited);
    if (v) return { itemId: item.id, sku: v.sku, variantId: v.id, title: item.title };
  }
  throw new Error(`no physical product with ${unlimited ? 'unlimited' : 'counted'} stock`);
}

/** A shopper with a cart holding one unit of the product, on its own client address. */
async function newShopper(base, n, product) {
  const address = clientAddress(n);
  const crumb = await fetchCrumb(`${base}/api/commerce/shopping-cart`, {
    'x-forwarded-for': address,
  });
  const res = await fetch(`${base}${ADD_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader({ crumb }),
      'x-csrf-token': crumb,
      'x-forwarded-for': address,
    },
    body: JSON.stringify({ itemId: product.itemId, sku: product.sku, quantity: 1 }),
  });
  const { cart } = setCookiesOf(res);
  await res.arrayBuffer();
  if (res.status !== 200 || !cart) throw new Error(`add of shopper ${n}: ${res.status}`);
  return { address, crumb, cookie: cookieHeader({ crumb, cart }) };
}

function orderBody(n) {
  return JSON.stringify({
    email: `buyer${n}@bench.test`,
    shippingAddress: ADDRESS,
    payment: { provider: 'test', token: 'tok_visa' },
  });
}

function headersOf(s) {
  return {
    'content-type': 'application/json',
    cookie: s.cookie,
    'x-csrf-token': s.crumb,
    'x-forwarded-for': s.address,
  };
}

async function place(base, s, n) {
  const t0 = performance.now();
  const res = await fetch(`${base}${ORDERS_PATH}`, {
    method: 'POST',
    headers: headersOf(s),
    body: orderBody(n),
  });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, ms: performance.now() - t0, body };
}

async function setStock(base, owner, variantId, qtyInStock) {
  const res = await fetch(`${base}/api/commerce/inventory/${encodeURIComponent(variantId)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...owner },
    body: JSON.stringify({ qtyInStock, unlimited: false }),
  });
  if (res.status !== 200) throw new Error(`stock: ${res.status} ${await res.text()}`);
}

async function stockOf(base, product) {
  const res = await fetch(
    `${base}/api/commerce/inventory/stock/?itemId=${encodeURIComponent(product.itemId)}`,
  );
  const body = await res.json();
  const row = (body.results ?? []).find(
    (r) => r.variantId === product.variantId || r.sku === product.sku,
  );
  return row ? row.qtyInStock : NaN;
}

/** Closed loop: 64 connections, each sending the next shopper's placement when answered. */
async function measureThroughput(s, log, label, target) {
  const product = await physicalProduct(s.url, true);
  const count = Math.max(1000, target * 8);
  const t0 = performance.now();
  const shoppers = await inParallel(0, count, 16, (n) => newShopper(s.url, n, product));
  log(`${label}: ${count} carts of ${product.title} in ${Math.round(performance.now() - t0)} ms`);
  let next = 0;
  const run = await load({
    url: s.url,
    connections: CONNECTIONS,
    amount: count,
    requests: [
      {
        method: 'POST',
        path: ORDERS_PATH,
        setupRequest: (req) => {
          const n = next++;
          const sh = shoppers[n % shoppers.length];
          return { ...req, headers: { ...req.headers, ...headersOf(sh) }, body: orderBody(n) };
        },
      },
    ],
  });
  const ordersPerS = Math.round(run.ok2xx / run.seconds);
  log(
    `${label}: ${ordersPerS} orders/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ` +
      `${run.ok2xx} × 201, ${run.non2xx} non-2xx`,
  );
  return { product: product.itemId, carts: count, connections: CONNECTIONS, run, ordersPerS };
}

/**
 * Latency at the target rate, as the cart's adds are measured: placements offered at `target`/s
 * by an open loop (paced.mjs: request i sent at i / rate whatever the answers do), each from a
 * shopper of its own. A closed loop of 64 connections at saturation says more about its own
 * queue than about the server: by Little's law its mean latency is 64 / throughput.
 */
async function measureAtRate(s, log, label, target) {
  const product = await physicalProduct(s.url, true);
  const count = target * PACED_S;
  const first = 2_000_000; // addresses apart from the other runs'
  const shoppers = await inParallel(first, first + count, 16, (n) => newShopper(s.url, n, product));
  const at = await paced({
    url: `${s.url}${ORDERS_PATH}`,
    connections: CONNECTIONS,
    rate: target,
    durationS: PACED_S,
    requests: [{ method: 'POST', path: ORDERS_PATH, body: orderBody(first) }],
    rotate: (i) => ({ headers: headersOf(shoppers[i % shoppers.length]) }),
  });
  const failed = at.non2xx + at.errors + (at.unanswered ?? 0);
  const r1 = (v) => +v.toFixed(1);
  log(
    `${label}: open loop at ${target}/s for ${PACED_S} s: ${Math.round(at.achievedRate)}/s ` +
      `achieved, p50 ${r1(at.latency.p50)} ms, p99 ${r1(at.latency.p99)} ms, ${failed} failed`,
  );
  return {
    rate: target,
    achievedRate: Math.round(at.achievedRate),
    ok2xx: at.ok2xx,
    failed,
    p50: r1(at.latency.p50),
    p99: r1(at.latency.p99),
  };
}

/** Rounds of 200 buyers for the last 10 units; counts 201s and the stock left. */
async function measureRace(s, log, label) {
  const product = await physicalProduct(s.url, false);
  const owner = await signIn(s.url);
  let oversold = 0;
  let wrongRounds = 0;
  let placedTotal = 0;
  const latencies = [];
  let base = 1_000_000; // shopper addresses apart from the throughput run's
  for (let round = 0; round < RACE_ROUNDS; round++) {
    // Each cart holds one unit, within the 10 in stock: the race is only at placement.
    await setStock(s.url, owner, product.variantId, RACE_UNITS);
    const buyers = await inParallel(base, base + RACE_BUYERS, 16, (n) =>
      newShopper(s.url, n, product),
    );
    const results = await Promise.all(buyers.map((b, i) => place(s.url, b, base + i)));
    base += RACE_BUYERS;
    const placed = results.filter((r) => r.status === 201).length;
    placedTotal += placed;
    const other = results.filter((r) => r.status !== 201 && r.status !== 409);
    for (const r of results) latencies.push(r.ms);
    const left = await stockOf(s.url, product);
    if (placed > RACE_UNITS) oversold += placed - RACE_UNITS;
    if (placed !== RACE_UNITS || left !== 0 || other.length) {
      wrongRounds++;
      log(
        `${label} round ${round}: ${placed} orders, stock ${left}, ${other.length} other statuses`,
      );
    }
  }
  latencies.sort((a, b) => a - b);
  log(
    `${label}: ${RACE_ROUNDS} rounds of ${RACE_BUYERS} buyers for ${RACE_UNITS} units: ` +
      `${oversold} oversold, ${wrongRounds} rounds off; p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  return { rounds: RACE_ROUNDS, oversold, wrongRounds, placedTotal };
}

/** Every 201 has its order row (counted straight from the database). */
async function ordersStored(dbUrl) {
  const [row] = await sqlOn(dbUrl, 'SELECT count(*)::int AS n FROM orders');
  return row.n;
}

function row(label, m, at, race, target) {
  const answered = m.run.ok2xx + at.ok2xx + race.placedTotal;
  return {
    what: `place order/s and p99 (POST /api/commerce/orders, test card), ${label}, ${CONNECTIONS} connections`,
    figure:
      `**${m.ordersPerS}/s**, p99 **${at.p99} ms** at ${at.rate}/s; open loop at ${at.rate}/s for ` +
      `${PACED_S} s: ${at.achievedRate}/s achieved, p50 ${at.p50} ms, ${at.failed} failed ` +
      `(closed loop: ${m.run.ok2xx} orders from ${m.carts} carts, ` +
      `p50 ${m.run.p50} ms, p99 ${m.run.p99} ms, ${m.run.non2xx} non-2xx${m.stored === undefined ? '' : `; ${m.stored} orders stored for ${answered} answered 201`}); ` +
      `race: ${race.rounds} rounds × ${RACE_BUYERS} buyers for ${RACE_UNITS} units, ` +
      `**${race.oversold} oversold**, ${race.wrongRounds} rounds not exactly ${RACE_UNITS}`,
    target: `≥ ${target}/s, p99 < ${P99_TARGET_MS} ms; 0 oversold`,
    ok:
      m.run.non2xx === 0 &&
      m.ordersPerS >= target &&
      at.p99 < P99_TARGET_MS &&
      at.failed === 0 &&
      race.oversold === 0 &&
      race.wrongRounds === 0 &&
      (m.stored === undefined || m.stored === answered),
  };
}

export async function run({ log, withServer }) {
  const loadAverage = os.loadavg();
  const env = { TRUST_PROXY: 'true' };
  const measure = async (s, label, target) => {
    const m = await measureThroughput(s, log, label, target);
    const at = await measureAtRate(s, log, label, target);
    const race = await measureRace(s, log, label);
    return { m, at, race };
  };
  const pglite = await withServer((s) => measure(s, 'PGlite', TARGETS.pglite), env);
  const onPostgres = (label, extra = {}) =>
    withFreshDatabase(async (url) => {
      const r = await withServer((s) => measure(s, label, TARGETS.postgres), {
        ...env,
        DATABASE_URL: url,
        ...extra,
      });
      r.m.stored = await ordersStored(url);
      return r;
    });
  const postgres = await onPostgres('PostgreSQL');
  // docs/deploy.md's PostgreSQL deployment: one worker per core (two here), each with its own
  // order recorder; the race then runs across processes.
  const workers = await onPostgres('PostgreSQL, WORKERS=2', { WORKERS: '2' });
  return {
    loadAverage,
    rows: [
      row('PGlite', pglite.m, pglite.at, pglite.race, TARGETS.pglite),
      row('PostgreSQL', postgres.m, postgres.at, postgres.race, TARGETS.postgres),
      row('PostgreSQL, WORKERS=2', workers.m, workers.at, workers.race, TARGETS.postgres),
    ],
    pglite,
    postgres,
    workers,
  };
}
