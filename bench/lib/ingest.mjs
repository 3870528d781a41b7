// Real-user performance ingest on PostgreSQL (docs/telemetry.md "Ingest"): the most records/s
// one process accepts in requests of 10, checked against the rows written once the batches
// flush; then what that ingest costs the product page: its p97.5 alone vs while ingest runs at
// half that rate, both loads from this process at once.
import os from 'node:os';
import { amountFor, load, percentile } from './load.mjs';
import { productPath } from './pages.mjs';
import { cpuSecondsOf, sqlOn, withFreshDatabase } from './server.mjs';

const ENDPOINT = '/api/1/performance/records';
const CONNECTIONS = 32;
const WARMUP_S = 3;
const RUN_S = 8;
const TARGET_RECORDS_PER_S = 20_000;
const RISE_TARGET = 0.1;
/**
 * The page's own load during the latency comparison: a fixed rate, well under the cached page's
 * capacity, so its latency is service time rather than queueing behind its own requests.
 */
const PAGE_RATE = 200;
const PAGE_CONNECTIONS = 8;
const LATENCY_S = 8;
const ROUNDS = 3;
/** Batches are written within 1 s of their first row; give writes in flight time to finish. */
const FLUSH_WAIT_MS = 1500;
const FLUSH_DEADLINE_MS = 60_000;

/** A real browser's UA: bots are answered 202 but never stored. */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const T = Date.UTC(2026, 10, 22, 12);

/** A pageLoadId as the collector makes them: 21 of [A-Za-z0-9_-]. */
const loadId = (i) => `benchPageLoad${String(i).padStart(8, '0')}`;

function pageSpeed(i) {
  return {
    appName: 'website-rum',
    eventName: 'page_speed',
    pageLoadId: loadId(i),
    timestamp: T,
    data: {
      collector_version: '4.13.1',
      event_owner_team: 'web_performance',
      action: 'load',
      path: '/shop/p/tidepool-mug',
      viewport_width: 390,
      first_contentful_paint_ms: 900 + i,
      largest_contentful_paint_ms: 2100 + i,
      largest_contentful_paint_element: 'main>img.hero',
      cumulative_layout_shift: 0.02,
      interaction_to_next_paint_ms: 120,
      time_to_first_byte_ms: 180,
      first_input_delay_ms: 12,
    },
  };
}
const METRICS_PER_PAGE_SPEED = 6;

const detail = (i, eventName, data) => ({
  appName: 'website-rum',
  eventName,
  pageLoadId: loadId(i),
  timestamp: T,
  data: { path: '/shop/p/tidepool-mug', ...data },
});

/**
 * One beacon of 10 records, mixed as page loads send them: 3 page_speed (6 metric rows each),
 * 3 image, 2 user timing, 2 a11y (one detail row each).
 */
function beacon() {
  const records = [
    ...[0, 1, 2].map(pageSpeed),
    ...[0, 1, 2].map((i) =>
      detail(i, 'image', {
        url: `/assets/mug-${i}.webp`,
        visible_on_load: true,
        natural_width: 800,
      }),
    ),
    ...[0, 1].map((i) => detail(i, 'user', { name: 'rum-hydrated', entry_type: 'mark' })),
    ...[0, 1].map((i) => detail(i, 'a11y', { contrast: 'no-preference', keyboard_used: false })),
  ];
  const metricRows = records.filter((r) => r.eventName === 'page_speed').length;
  return {
    body: JSON.stringify(records),
    records: records.length,
    metricRows: metricRows * METRICS_PER_PAGE_SPEED,
    detailRows: records.length - metricRows,
  };
}

/** sendBeacon's request: text/plain JSON, no cookies, no crumb. */
function ingestLoad(base, body, extra) {
  return {
    url: `${base}${ENDPOINT}`,
    method: 'POST',
    connections: CONNECTIONS,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA },
    body,
    ...extra,
  };
}

async function rowCounts(dbUrl) {
  const [r] = await sqlOn(
    dbUrl,
    `SELECT (SELECT count(*) FROM performance_metrics)::int AS metrics,
            (SELECT count(*) FROM performance_details)::int AS details`,
  );
  return r;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const same = (a, b) => a.metrics === b.metrics && a.details === b.details;

/**
 * Row counts once the queues are written: past the batch delay, then until they stay put for a
 * second (so too many rows would show as well as too few).
 */
async function settledCounts(dbUrl) {
  await sleep(FLUSH_WAIT_MS);
  const deadline = Date.now() + FLUSH_DEADLINE_MS;
  let last = await rowCounts(dbUrl);
  while (Date.now() < deadline) {
    await sleep(1000);
    const now = await rowCounts(dbUrl);
    if (same(now, last)) break;
    last = now;
  }
  return last;
}

async function maxIngest(s, dbUrl, b, log) {
  const warm = await load(ingestLoad(s.url, b.body, { duration: WARMUP_S }));
  // A timed run's last requests are answered after the client stopped counting, so the
  // baseline is taken once the warm-up is written, and the run is a fixed number of requests.
  const before = await settledCounts(dbUrl);
  const amount = amountFor(warm.rpsMax, RUN_S, CONNECTIONS);
  const cpu0 = cpuSecondsOf(s.pid);
  const run = await load(ingestLoad(s.url, b.body, { amount }), { deadlineS: RUN_S * 4 });
  const cpuS = cpuSecondsOf(s.pid) - cpu0;
  const after = await settledCounts(dbUrl);
  const accepted = run.ok2xx;
  const expected = { metrics: accepted * b.metricRows, details: accepted * b.detailRows };
  const stored = {
    metrics: after.metrics - before.metrics,
    details: after.details - before.details,
  };
  const recordsPerS = Math.round((accepted * b.records) / run.seconds);
  const allStored = same(stored, expected) && !run.stoppedEarly;
  log(
    `max ingest: ${recordsPerS} records/s (${Math.round(accepted / run.seconds)} requests/s), ` +
      `${run.non2xx} not accepted; rows stored ${stored.metrics}/${expected.metrics} metrics, ` +
      `${stored.details}/${expected.details} details`,
  );
  return {
    warmup: warm,
    run,
    recordsPerS,
    requestsPerS: accepted / run.seconds,
    serverCpuUsPerRecord: +((cpuS * 1e6) / Math.max(1, accepted * b.records)).toFixed(1),
    acceptedRequests: accepted,
    expectedRows: expected,
    storedRows: stored,
    allStored,
  };
}

/** The product page at PAGE_RATE, with exact per-response latencies. */
const pageLoad = (base, path) =>
  load(
    {
      url: `${base}${path}`,
      connections: PAGE_CONNECTIONS,
      overallRate: PAGE_RATE,
      duration: LATENCY_S,
      // autocannon's correction assumes a 1 ms interval whatever the rate; it would invent samples.
      ignoreCoordinatedOmission: true,
    },
    { exactLatency: true },
  );

const median = (values) =>
  percentile(
    [...values].sort((x, y) => x - y),
    50,
  );

/**
 * Page p97.5 alone vs with ingest at half its measured maximum at the same time. Other work on
 * this machine moves tail latency a lot from one run to the next, so the two alternate for
 * ROUNDS rounds and the medians are compared.
 */
async function pageUnderIngest(s, b, maxRequestsPerS, log) {
  const path = await productPath(s.url);
  await load({ url: `${s.url}${path}`, duration: 2 }); // warm-up
  const ingestRate = Math.max(1, Math.round(maxRequestsPerS / 2));
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const alone = await pageLoad(s.url, path);
    const [withIngest, ingest] = await Promise.all([
      pageLoad(s.url, path),
      load(ingestLoad(s.url, b.body, { duration: LATENCY_S, overallRate: ingestRate })),
    ]);
    rounds.push({ alone, withIngest, ingest });
    log(
      `round ${i + 1}: product page p97.5 alone ${alone.exact.p97_5} ms, with ingest ` +
        `${withIngest.exact.p97_5} ms (${Math.round(ingest.ok2xx / ingest.seconds)} of ` +
        `${ingestRate} requests/s achieved; load average ${os.loadavg()[0].toFixed(1)})`,
    );
  }
  const aloneP97_5 = median(rounds.map((r) => r.alone.exact.p97_5));
  const withP97_5 = median(rounds.map((r) => r.withIngest.exact.p97_5));
  const ingestRecordsPerS = median(
    rounds.map((r) => Math.round((r.ingest.ok2xx * b.records) / r.ingest.seconds)),
  );
  return {
    path,
    pageRate: PAGE_RATE,
    ingestRateAsked: ingestRate,
    ingestRecordsPerS,
    rounds,
    aloneP97_5,
    withP97_5,
    rise: +(withP97_5 / aloneP97_5 - 1).toFixed(3),
    pageNon2xx: rounds.reduce((a, r) => a + r.alone.non2xx + r.withIngest.non2xx, 0),
  };
}

export async function run({ log, withServer }) {
  const loadAverage = os.loadavg(); // other work on the machine moves every figure
  const b = beacon();
  const { max, page } = await withFreshDatabase((url) =>
    withServer(
      async (s) => {
        const max = await maxIngest(s, url, b, log);
        const page = await pageUnderIngest(s, b, max.requestsPerS, log);
        return { max, page };
      },
      { DATABASE_URL: url },
    ),
  );
  const fmtPct = (v) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}%`;
  return {
    loadAverage,
    rows: [
      {
        what:
          `performance records ingested/s on PostgreSQL (${b.records} per request: 3 page_speed, ` +
          `3 image, 2 user, 2 a11y; ${CONNECTIONS} connections)`,
        figure:
          `**${max.recordsPerS.toLocaleString('en-US')}/s**; rows after the flush: ` +
          `${max.storedRows.metrics} + ${max.storedRows.details} of ` +
          `${max.expectedRows.metrics} + ${max.expectedRows.details} expected (metrics + ` +
          `details of ${max.acceptedRequests} accepted requests); ${max.run.non2xx} requests ` +
          `not accepted (server CPU ${max.serverCpuUsPerRecord} µs/record)`,
        target: `≥ ${TARGET_RECORDS_PER_S.toLocaleString('en-US')}/s per process, all stored`,
        ok: max.recordsPerS >= TARGET_RECORDS_PER_S && max.allStored && max.run.non2xx === 0,
      },
      {
        what:
          `product page p97.5 at ${PAGE_RATE} req/s: alone vs with ingest at half the max ` +
          `(${page.ingestRecordsPerS.toLocaleString('en-US')} records/s achieved)`,
        figure:
          `${page.aloneP97_5} ms → ${page.withP97_5} ms = **${fmtPct(page.rise)}** (medians of ` +
          `${ROUNDS} alternating ${LATENCY_S} s rounds; per round alone/with: ` +
          `${page.rounds.map((r) => `${r.alone.exact.p97_5}/${r.withIngest.exact.p97_5}`).join(', ')} ms)`,
        target: `rise < ${RISE_TARGET * 100}%`,
        ok: page.rise < RISE_TARGET && page.pageNon2xx === 0,
      },
    ],
    beacon: { records: b.records, metricRows: b.metricRows, detailRows: b.detailRows },
    max,
    page,
  };
}
