import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import type { AppError } from '../errors/app-error.js';
import { PerformanceIngest } from './ingest.js';

const T0 = Date.UTC(2026, 10, 22, 12);
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0';

const body = JSON.stringify([
  {
    appName: 'website-rum',
    eventName: 'page_speed',
    pageLoadId: 'abcdefghijklmnopqrstu',
    timestamp: T0,
    data: {
      collector_version: '4.13.1',
      path: '/shop/p/mug',
      first_contentful_paint_ms: 900,
      time_to_first_byte_ms: 200,
    },
  },
]);

const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 202,
    (err: AppError) => err.status,
  );

// No database server is involved: the worker's own connection goes nowhere, and the app's
// database is an empty PGlite (no tables), so every write fails.
describe('performance ingest worker failures', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openDatabase({});
  });
  afterAll(async () => h.close());

  it('logs a crashed worker, answers 500 meanwhile, and starts a new one after a pause', async () => {
    const crashes: unknown[] = [];
    const ingest = new PerformanceIngest(h.db, () => T0, {
      sink: async () => ({ kind: 'main' }),
      workerModule: 'testing/crashing-ingest-worker',
      restartPauseMs: 300,
      onWorkerError: (err) => crashes.push(err),
    });
    expect(await statusOf(ingest.accept('s1', UA, body))).toBe(500);
    expect(crashes).toHaveLength(1);
    expect(String(crashes[0])).toContain('crashed on purpose');
    // Within the pause no new worker is started: refused at once, nothing more to log.
    expect(await statusOf(ingest.accept('s1', UA, body))).toBe(500);
    expect(crashes).toHaveLength(1);
    // Once the pause is over a new worker takes a request (and, being this one, crashes again):
    // polled with a deadline rather than slept, so a loaded machine cannot make it flaky.
    const deadline = performance.now() + 30_000;
    while (crashes.length < 2 && performance.now() < deadline) {
      expect(await statusOf(ingest.accept('s1', UA, body))).toBe(500);
      if (crashes.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(crashes).toHaveLength(2);
    await ingest.close();
  });

  it('logs a batch the main thread failed to write (PGlite) and keeps accepting', async () => {
    const failures: [unknown, number][] = [];
    const ingest = new PerformanceIngest(h.db, () => T0, {
      sink: async () => ({ kind: 'main' }),
      onError: (err, dropped) => failures.push([err, dropped]),
    });
    expect(await ingest.accept('s1', UA, body)).toBe(1);
    await ingest.flush();
    expect(failures).toHaveLength(1);
    expect(String(failures[0]![0])).toContain('performance_metrics');
    expect(failures[0]![1]).toBe(2); // the record's two metric rows
    expect(await ingest.accept('s1', UA, body)).toBe(1);
    await ingest.close();
    expect(failures).toHaveLength(2);
  });

  it('logs a batch its own PostgreSQL pool failed to write and keeps accepting', async () => {
    const failures: [unknown, number][] = [];
    const ingest = new PerformanceIngest(h.db, () => T0, {
      // Nothing listens on port 1: every write fails to connect.
      sink: async () => ({
        kind: 'postgres',
        databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
        searchPath: undefined,
        poolSize: 1,
      }),
      onError: (err, dropped) => failures.push([err, dropped]),
    });
    expect(await ingest.accept('s1', UA, body)).toBe(1);
    await ingest.flush();
    expect(failures).toHaveLength(1);
    expect(failures[0]![1]).toBe(2); // the record's two metric rows
    expect(await ingest.accept('s1', UA, body)).toBe(1);
    await ingest.close();
    expect(failures).toHaveLength(2);
  });
});
