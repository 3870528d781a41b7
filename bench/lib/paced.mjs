// Open-loop load at a steady rate, for latency figures: request i is sent at start + i / rate
// whatever the answers do, spread evenly over the second (autocannon's `overallRate` instead
// sends each second's quota as fast as it can and then waits, so its latencies measure its own
// bursts). The sender runs in a child process (paced-worker.mjs) so that latencies are timed on
// an event loop nothing else in the bench uses.
import { spawn } from 'node:child_process';
import path from 'node:path';

const worker = path.join(import.meta.dirname, 'paced-worker.mjs');

/**
 * @param {{
 *   url: string,
 *   connections: number,
 *   rate: number,
 *   durationS: number,
 *   requests?: { method?: string, path?: string, headers?: Record<string,string>, body?: string }[],
 *   rotate?: (i: number) => { headers: Record<string,string> },
 *   graceS?: number,
 *   lean?: boolean,
 * }} opts `requests` cycle per request (default: GET `url`); `rotate(i)` adds headers to the
 *   i-th request (computed up front, since the sender is another process). `graceS`: how long
 *   after the last send answers are still awaited. `lean`: raw sockets and prepared bytes instead of
 *   node:http (paced-lean.mjs), for high rates where the sender's own CPU would compete with the
 *   server on a small machine.
 * @returns {Promise<{ sent: number, answered: number, ok2xx: number, non2xx: number,
 *   errors: number, unanswered: number, statusCodes: Record<string, number>,
 *   latency: { p50: number, p95: number, p97_5: number, p99: number, max: number },
 *   achievedRate: number, cpuS: number }>} latencies in ms of 2xx answers, from the moment each
 *   request was due and handed to the connection pool (time waiting for a free connection
 *   included); `cpuS`: the sender process's own CPU seconds.
 */
export async function paced(opts) {
  const total = Math.round(opts.rate * opts.durationS);
  const plan = {
    url: opts.url,
    connections: opts.connections,
    rate: opts.rate,
    durationS: opts.durationS,
    graceS: opts.graceS ?? 10,
    requests: opts.requests ?? [{ method: 'GET' }],
    rotations: opts.rotate ? Array.from({ length: total }, (_, i) => opts.rotate(i)) : undefined,
    lean: opts.lean ?? false,
  };
  const child = spawn(process.execPath, [worker], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => (out += d));
  const exited = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`paced sender exited with ${code}`)),
    );
  });
  child.stdin.end(JSON.stringify(plan));
  await exited;
  return JSON.parse(out);
}
