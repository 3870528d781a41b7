// A stand-in for ingest-worker.ts that dies on its first request, as a bug or an out-of-memory
// would: `ingest-failures.test.ts` checks the server survives, logs it and starts a new one.
import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from '../ingest-protocol.js';

parentPort!.on('message', (m: ToWorker) => {
  if (m.t === 'accept') throw new Error('ingest worker crashed on purpose');
  if (m.t === 'queued')
    parentPort!.postMessage({
      t: 'queued',
      id: m.id,
      rows: { metrics: 0, details: 0 },
    } satisfies FromWorker);
  if (m.t === 'close') parentPort!.postMessage({ t: 'closed', id: m.id } satisfies FromWorker);
});
