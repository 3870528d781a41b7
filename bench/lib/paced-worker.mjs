// The sender behind paced.mjs, in its own process: reads its plan as JSON on stdin, sends
// request i at exactly start + i / rate over keep-alive connections, and prints the figures as
// JSON on stdout. Its own process, so that no other load generator or bench code shares the
// event loop that timestamps the responses.
import http from 'node:http';
import { leanPool, requestBytes } from './paced-lean.mjs';

const plan = JSON.parse(
  await new Promise((resolve) => {
    let s = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (d) => (s += d));
    process.stdin.on('end', () => resolve(s));
  }),
);

const target = new URL(plan.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
const total = Math.round(plan.rate * plan.durationS);
const interval = 1000 / plan.rate;
const latencies = [];
const statusCodes = {};
let ok2xx = 0;
let non2xx = 0;
let errors = 0;
let done = 0;
let sent = 0;

/**
 * One answer (status 0: the connection failed) of a request handed to the pool at `calledAt`.
 * Timed from that call: a request that waited for a free connection waited because the server
 * was slow, so that wait counts (no coordinated omission); the sender's own timer lateness (up to
 * a millisecond past the scheduled time) does not.
 */
function answered(status, calledAt) {
  const ms = performance.now() - calledAt;
  if (status === 0) errors++;
  else {
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    if (status >= 200 && status < 300) {
      ok2xx++;
      latencies.push(ms);
    } else non2xx++;
  }
  finish();
}

// `lean`: prepared bytes over raw keep-alive sockets (paced-lean.mjs), the same timing rules.
const lean = plan.lean ? leanPool(target, plan.connections) : undefined;
const prepared = lean && !plan.rotations ? plan.requests.map((r) => requestBytes(target, r)) : [];
function sendLean(i) {
  const calledAt = performance.now();
  const bytes =
    prepared[i % plan.requests.length] ??
    requestBytes(
      target,
      plan.requests[i % plan.requests.length],
      plan.rotations[i % plan.rotations.length]?.headers,
    );
  lean.send(bytes, (status) => answered(status, calledAt));
}

function send(i) {
  if (lean) return sendLean(i);
  const calledAt = performance.now();
  const r = plan.requests[i % plan.requests.length];
  const extra = plan.rotations ? plan.rotations[i % plan.rotations.length] : undefined;
  const headers = { ...r.headers, ...extra?.headers };
  const body = r.body ?? undefined;
  if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
  const req = http.request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      method: r.method ?? 'GET',
      path: r.path ?? target.pathname + target.search,
      headers,
    },
    (res) => {
      res.on('data', () => {});
      res.on('end', () => answered(res.statusCode ?? 0, calledAt));
    },
  );
  req.on('error', () => answered(0, calledAt));
  if (body !== undefined) req.end(body);
  else req.end();
}

let resolveAll;
const allDone = new Promise((r) => (resolveAll = r));
function finish() {
  if (++done === total) resolveAll();
}
// A plan of no requests is done at once (finish() would never reach a total of 0).
if (total === 0) resolveAll();

const start = performance.now() + 50;
function tick() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) {
    send(sent);
    sent++;
  }
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
}
setTimeout(tick, 50);

const deadline = setTimeout(resolveAll, (plan.durationS + plan.graceS) * 1000);
await allDone;
clearTimeout(deadline);
const elapsedS = (performance.now() - start) / 1000;
const sorted = Float64Array.from(latencies).sort();
const pct = (p) =>
  sorted.length
    ? +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(2)
    : NaN;
process.stdout.write(
  JSON.stringify({
    sent,
    answered: done,
    ok2xx,
    non2xx,
    errors,
    unanswered: sent - done,
    statusCodes,
    latency: { p50: pct(50), p95: pct(95), p97_5: pct(97.5), p99: pct(99), max: pct(100) },
    achievedRate: Math.round(ok2xx / elapsedS),
    // The sender's own CPU: on a small machine it competes with the server it measures.
    cpuS: +((process.cpuUsage().user + process.cpuUsage().system) / 1e6).toFixed(2),
  }),
);
agent.destroy();
lean?.close();
process.exit(0);
