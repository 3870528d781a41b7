// A closed-loop load on paced-lean.mjs's transport: each of `connections` keep-alive sockets sends
// its next request as soon as the last answer is read, for `durationS`. The scale section uses it
// because on a two-core machine the sender shares the cores with the servers it measures:
// autocannon's CPU per request made it, not the servers, the limit (6,110 vs 6,090 req/s for one
// process vs two workers), so a cheaper sender shows more of what the servers can do.
import { leanPool, requestBytes } from './paced-lean.mjs';

/** Answers per second (2xx) and the sender's own CPU seconds. */
export async function closedLean({ url, connections = 32, durationS = 8, headers = {} }) {
  const target = new URL(url);
  const pool = leanPool(target, connections);
  const bytes = requestBytes(target, { method: 'GET' }, headers);
  let ok = 0;
  let failed = 0;
  let stopped = false;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((resolve) => {
    let inFlight = 0;
    const fire = () => {
      inFlight++;
      pool.send(bytes, (status) => {
        inFlight--;
        if (status >= 200 && status < 300) ok++;
        else failed++;
        if (!stopped) fire();
        else if (inFlight === 0) resolve();
      });
    };
    for (let i = 0; i < connections; i++) fire();
    setTimeout(() => {
      stopped = true;
    }, durationS * 1000);
  });
  const seconds = (performance.now() - t0) / 1000;
  pool.close();
  const cpu = process.cpuUsage(cpu0);
  return {
    rps: Math.round(ok / seconds),
    failed,
    senderCpuS: +((cpu.user + cpu.system) / 1e6).toFixed(2),
    seconds: +seconds.toFixed(2),
  };
}
