import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { describeEachBackend, openTestDatabase } from '../../testing/backends.js';
import { JobQueue, type QueueDefinition } from './job-queue.js';

describeEachBackend('job queue', (kind) => {
  let h: DatabaseHandle | undefined;
  let clock = 1_000_000;
  const log = { error: () => undefined };
  const queues: JobQueue[] = [];
  const queue = (defs: Record<string, QueueDefinition<never>>) => {
    const q = new JobQueue({ db: h!.db, now: () => clock, log, pollMs: 3_600_000 });
    for (const [name, def] of Object.entries(defs)) q.define(name, def);
    queues.push(q);
    return q;
  };
  const rows = () => h!.db.selectFrom('jobs').selectAll().orderBy('created').execute();

  beforeAll(async () => {
    h = await openTestDatabase(kind);
  }, 120_000);
  beforeEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
    await h!.db.deleteFrom('jobs').execute();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await h?.close();
  }, 60_000);

  it('runs a job once with its payload, and records it done', async () => {
    const seen: unknown[] = [];
    const q = queue({ mail: { run: async (p) => void seen.push(p) } });
    await q.enqueue('mail', { to: 'a@b.c' });
    expect(await q.depths()).toEqual({ mail: 1 });
    await q.drain();
    await q.drain();
    expect(seen).toEqual([{ to: 'a@b.c' }]);
    expect((await rows()).map((r) => [r.state, r.attempts])).toEqual([['done', 1]]);
    expect(await q.depths()).toEqual({});
  });

  it('a second job with a live key joins the first; after it finishes the key is free', async () => {
    const q = queue({ send: { run: async () => undefined } });
    const a = await q.enqueue('send', { n: 1 }, { key: 'variant-1' });
    const b = await q.enqueue('send', { n: 2 }, { key: 'variant-1' });
    expect(a.joined).toBe(false);
    expect(b).toEqual({ id: a.id, joined: true });
    expect((await q.enqueue('send', {}, { key: 'variant-2' })).joined).toBe(false);
    await q.drain();
    const c = await q.enqueue('send', {}, { key: 'variant-1' });
    expect(c.joined).toBe(false);
    expect(c.id).not.toBe(a.id);
  });

  it('retries a failure after its backoff, and fails it for good after maxAttempts', async () => {
    let calls = 0;
    const q = queue({
      flaky: {
        maxAttempts: 3,
        backoffMs: (n) => n * 1000,
        run: async () => {
          calls++;
          throw new Error(`boom ${calls}`);
        },
      },
    });
    await q.enqueue('flaky', {});
    await q.drain();
    expect(calls).toBe(1);
    let [job] = await rows();
    expect([job!.state, job!.run_at, job!.last_error]).toEqual(['queued', clock + 1000, 'boom 1']);
    await q.drain(); // not due yet
    expect(calls).toBe(1);
    clock += 1000;
    await q.drain();
    clock += 2000;
    await q.drain();
    expect(calls).toBe(3);
    [job] = await rows();
    expect([job!.state, job!.attempts, job!.last_error]).toEqual(['failed', 3, 'boom 3']);
  });

  it('a stalled job is taken over when its lease ends; the stalled runner cannot finish it', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((r) => (release = r));
    const runs: string[] = [];
    const a = queue({ long: { leaseMs: 10_000, run: async () => (runs.push('a'), stuck) } });
    const b = queue({ long: { leaseMs: 10_000, run: async () => void runs.push('b') } });
    await a.enqueue('long', {});
    const draining = a.drain();
    await new Promise<void>((r) => {
      const check = () => (runs.length ? r() : setTimeout(check, 5));
      check();
    });
    await b.drain(); // the lease holds
    expect(runs).toEqual(['a']);
    clock += 10_001;
    await b.drain();
    expect(runs).toEqual(['a', 'b']);
    release();
    await draining;
    const [job] = await rows();
    // Finished by the runner that took it over; the stalled one's late finish changed nothing.
    expect([job!.state, job!.locked_by, job!.attempts]).toEqual(['done', b.runnerId, 2]);
  });

  it('runs each of many jobs exactly once across two runners', async () => {
    const ran: string[] = [];
    const def = { run: async (p: { n: number }) => void ran.push(String(p.n)) };
    const a = queue({ work: def as QueueDefinition<never> });
    const b = queue({ work: def as QueueDefinition<never> });
    for (let n = 0; n < 40; n++) await a.enqueue('work', { n });
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(ran.sort()).toEqual(Array.from({ length: 40 }, (_, n) => String(n)).sort());
  });

  it('keeps one recurring job per queue, every everyMs, across runners and restarts', async () => {
    let runs = 0;
    const def = { everyMs: 60_000, run: async () => void runs++ };
    const a = queue({ purge: def });
    const b = queue({ purge: def });
    await a.start();
    await b.start();
    expect(await a.depths()).toEqual({ purge: 1 });
    await a.drain();
    expect(runs).toBe(0);
    clock += 60_000;
    await Promise.all([a.drain(), b.drain()]);
    expect(runs).toBe(1);
    await a.stop();
    await b.stop();
    // A new process finds the next run waiting.
    const c = queue({ purge: def });
    await c.start();
    expect(await c.depths()).toEqual({ purge: 1 });
    clock += 60_000;
    await c.drain();
    expect(runs).toBe(2);
  });

  it('jobs survive a restart: a new runner runs what an old one queued', async () => {
    const a = queue({ later: { run: async () => undefined } });
    await a.enqueue('later', { x: 1 }, { runAt: clock + 5_000 });
    await a.stop();
    const seen: unknown[] = [];
    const b = queue({ later: { run: async (p) => void seen.push(p) } });
    clock += 5_000;
    await b.drain();
    expect(seen).toEqual([{ x: 1 }]);
  });
});
