import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchQueue } from './batch-queue.js';

describe('BatchQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function recorder(delayMs = 0) {
    const batches: number[][] = [];
    const write = vi.fn(async (items: number[]) => {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      batches.push(items);
    });
    return { batches, write };
  }

  it('writes a partial batch one second after the first item, not before', async () => {
    const { batches, write } = recorder();
    const q = new BatchQueue<number>({ write, maxDelayMs: 1000, maxBatch: 100 });
    q.push([1, 2]);
    await vi.advanceTimersByTimeAsync(500);
    q.push([3]);
    await vi.advanceTimersByTimeAsync(499);
    expect(write).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([[1, 2, 3]]);
    // The next item starts a new one-second window.
    q.push([4]);
    await vi.advanceTimersByTimeAsync(999);
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('writes full batches at once, in batches of maxBatch, as one write each', async () => {
    const { batches, write } = recorder();
    const q = new BatchQueue<number>({ write, maxBatch: 3, concurrency: 1 });
    q.push([1, 2, 3, 4, 5, 6, 7]);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(q.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches.at(-1)).toEqual([7]);
  });

  it('starts an overdue batch as soon as a busy writer frees up', async () => {
    const started: [number, number[]][] = [];
    const t0 = Date.now();
    const q = new BatchQueue<number>({
      write: async (items) => {
        started.push([Date.now() - t0, items]);
        await new Promise((r) => setTimeout(r, 1500));
      },
      maxBatch: 100,
      concurrency: 1,
      maxDelayMs: 1000,
    });
    q.push([1]);
    await vi.advanceTimersByTimeAsync(100);
    q.push([2]);
    await vi.advanceTimersByTimeAsync(900);
    expect(started).toEqual([[1000, [1, 2]]]);
    q.push([3]);
    // [3] is due at 2000 but the writer is busy until 2500: it starts then, not a second later.
    await vi.advanceTimersByTimeAsync(1500);
    expect(started).toEqual([
      [1000, [1, 2]],
      [2500, [3]],
    ]);
  });

  it('refuses pushes beyond the cap and flush() writes everything and waits', async () => {
    const { batches, write } = recorder(50);
    const q = new BatchQueue<number>({ write, maxBatch: 10, maxQueued: 5 });
    expect(q.push([1, 2, 3])).toBe(true);
    expect(q.push([4, 5, 6])).toBe(false);
    expect(q.push([4, 5])).toBe(true);
    const done = q.flush();
    await vi.advanceTimersByTimeAsync(50);
    await done;
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
    expect(q.size).toBe(0);
  });

  it('reports and drops a failed batch without stopping later ones', async () => {
    const onError = vi.fn();
    let fail = true;
    const written: number[][] = [];
    const q = new BatchQueue<number>({
      write: async (items) => {
        if (fail) {
          fail = false;
          throw new Error('db down');
        }
        written.push(items);
      },
      onError,
    });
    q.push([1]);
    await q.flush();
    q.push([2]);
    await q.flush();
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 1);
    expect(written).toEqual([[2]]);
  });
});
