import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * `/metrics` for the whole of `WORKERS=N`. node:cluster hands each scrape to one worker, whose
 * registry alone would show a different process each time; so the worker that gets the scrape
 * asks the primary, which collects every worker's registry over IPC (prom-client's
 * AggregatorRegistry) and answers with all of them. Samples keep their `worker` label, so
 * nothing is summed away.
 */
const REQUEST = 'site:metrics-request';
const RESPONSE = 'site:metrics-response';
/** A worker stuck in a long task must not hold the scrape forever. */
const TIMEOUT_MS = 5_000;

interface MetricsMessage {
  type?: string;
  id?: number;
  text?: string;
  error?: string;
}

/** In the primary: answer workers' requests with every worker's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, msg: MetricsMessage) => {
    if (msg?.type !== REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: RESPONSE, id: msg.id, text }),
      (err: Error) => worker.send({ type: RESPONSE, id: msg.id, error: err.message }),
    );
  });
}

/** In a worker: the registry the primary collects (prom-client answers its requests). */
export function reportToPrimary(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one adds prom-client's worker-side listener; it is not used otherwise.
  new AggregatorRegistry();
}

let nextId = 0;

/**
 * The text to serve on `/metrics`: every worker's from the primary in a cluster worker, else the
 * process's own. If the primary does not answer in time, this worker's own metrics with a
 * comment saying so, rather than a failed scrape.
 */
export async function scrapeText(registry: Registry, inWorker = cluster.isWorker): Promise<string> {
  if (!inWorker || !process.send) return registry.metrics();
  const id = ++nextId;
  const answer = await new Promise<MetricsMessage | undefined>((resolve) => {
    const timer = setTimeout(() => finish(undefined), TIMEOUT_MS);
    const onMessage = (msg: MetricsMessage) => {
      if (msg?.type === RESPONSE && msg.id === id) finish(msg);
    };
    function finish(m: MetricsMessage | undefined) {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(m);
    }
    process.on('message', onMessage);
    process.send!({ type: REQUEST, id });
  });
  if (answer?.text !== undefined) return answer.text;
  const why = answer?.error ?? 'the primary did not answer in time';
  return `# cluster metrics unavailable (${why}): this worker only\n${await registry.metrics()}`;
}
