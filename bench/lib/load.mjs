// autocannon wrapper: fixed connections and duration, returns the figures we record.
import autocannon from 'autocannon';

/**
 * @param {import('autocannon').Options} opts
 */
export async function load(opts) {
  const result = await autocannon({ connections: 32, duration: 8, ...opts });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p95,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx,
    statusCodes: result.statusCodeStats,
  };
}
