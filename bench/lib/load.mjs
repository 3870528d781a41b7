// autocannon wrapper: fixed connections and duration, returns the figures we record.
import autocannon from 'autocannon';

/**
 * @param {import('autocannon').Options} opts
 * @param {{ exactLatency?: boolean, deadlineS?: number }} [extra] exactLatency: also keep every
 *   2xx response time (autocannon's histogram holds whole milliseconds, too coarse to compare
 *   1–3 ms latencies). deadlineS: stop a run of `amount` requests that takes longer than this
 *   (`stoppedEarly` then says its in-flight requests went unanswered).
 */
export async function load(opts, extra = {}) {
  const instance = autocannon({ connections: 32, duration: 8, ...opts });
  const samples = [];
  if (extra.exactLatency) {
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) samples.push(ms);
    });
  }
  let stoppedEarly = false;
  const deadline = extra.deadlineS
    ? setTimeout(() => {
        stoppedEarly = true;
        instance.stop();
      }, extra.deadlineS * 1000)
    : undefined;
  let result;
  try {
    result = await instance;
  } finally {
    clearTimeout(deadline);
  }
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    rps: Math.round(result.requests.average),
    /** The best second: sizes fixed-amount runs (the warm-up's first seconds are slow). */
    rpsMax: result.requests.max,
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p95,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx,
    statusCodes: result.statusCodeStats,
    ok2xx: result['2xx'],
    errors: result.errors + result.timeouts,
    seconds: result.duration,
    ...(extra.deadlineS ? { stoppedEarly } : {}),
    ...(extra.exactLatency ? { exact: latencySummary(samples) } : {}),
  };
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function latencySummary(samples) {
  const s = Float64Array.from(samples).sort();
  const r = (v) => +v.toFixed(2);
  return {
    count: s.length,
    p50: r(percentile(s, 50)),
    p97_5: r(percentile(s, 97.5)),
    p99: r(percentile(s, 99)),
  };
}

/**
 * autocannon's `amount` for about `seconds` at `perS` units a second, where a unit is `per`
 * requests (2 for a key + save pair), split so every connection finishes whole units. Runs of
 * `amount` wait for every answer, so what the client counted is exactly what the server did —
 * a timed run drops the answers still in flight when its clock stops.
 */
export function amountFor(perS, seconds, connections, per = 1) {
  const each = Math.max(1, Math.round((perS * seconds) / connections));
  return each * connections * per;
}

/**
 * The nth simulated visitor's address (10.0.0.1, 10.0.0.2, …) for X-Forwarded-For, so limits
 * per client address see many visitors as a real shop would (the server runs with TRUST_PROXY).
 */
export function clientAddress(n) {
  const i = n + 1;
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

/** Runs fn(i) for i in [from, to) with at most `concurrency` at once; results in order. */
export async function inParallel(from, to, concurrency, fn) {
  const out = new Array(to - from);
  let next = from;
  const worker = async () => {
    while (next < to) {
      const i = next++;
      out[i - from] = await fn(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, to - from) }, worker));
  return out;
}
