export interface BatchQueueOptions<T> {
  /** Writes one batch (one multi-row INSERT). */
  write: (items: T[]) => Promise<void>;
  /** Nothing waits longer than this before its write starts (the most a crash can lose). */
  maxDelayMs?: number;
  /** Items per write. */
  maxBatch?: number;
  /** Cap on queued items; `push` refuses beyond it so memory stays bounded under overload. */
  maxQueued?: number;
  /** Writes in flight at once. */
  concurrency?: number;
  /**
   * Items the database refused, or whose write failed otherwise, are dropped (telemetry is
   * best-effort) and reported here. A batch refused for its data is first split (see `BatchQueue`),
   * so only the refused items themselves are reported.
   */
  onError?: (err: unknown, dropped: number) => void;
}

/**
 * Whether the database refused the data rather than failed to run (SQLSTATE class 22, data
 * exception: NUL in text, a bad jsonb escape, a number out of range; class 23, a constraint).
 * Retrying the same rows after such an error fails the same way; retrying fewer finds the culprit.
 */
export function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23]/.test(code);
}

/**
 * An in-memory write-behind queue (DESIGN 6: bulk writes are validated, queued and batched).
 * Requests push and return at once; a write starts when a batch fills or `maxDelayMs` after the
 * first queued item, whichever comes first. `flush()` writes everything and waits; callers run it
 * on shutdown (Fastify `onClose`).
 *
 * One bad item must not cost its batch (issue 11: one beacon a second erased every website's
 * analytics): a batch the database refuses for its data is written again in halves, and each
 * refused half is halved again, until the refused items are alone and dropped. Every good item
 * is stored, at the price of about 2·log2(batch) extra statements per bad item.
 */
export class BatchQueue<T> {
  private queue: T[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = new Set<Promise<void>>();
  /** Set when the delay ran out (or on flush): everything queued is due, partial batches too. */
  private draining = false;
  private readonly maxDelayMs: number;
  private readonly maxBatch: number;
  private readonly maxQueued: number;
  private readonly concurrency: number;

  constructor(private readonly opts: BatchQueueOptions<T>) {
    this.maxDelayMs = opts.maxDelayMs ?? 1000;
    this.maxBatch = opts.maxBatch ?? 2000;
    this.maxQueued = opts.maxQueued ?? 200_000;
    this.concurrency = opts.concurrency ?? 2;
  }

  /** Items waiting (not yet handed to a write). */
  get size(): number {
    return this.queue.length;
  }

  /** Whether `count` more items stay within the cap (callers filling two queues check both). */
  fits(count: number): boolean {
    return this.queue.length + count <= this.maxQueued;
  }

  /** Queues items; false (nothing queued) when the cap would be exceeded. */
  push(items: readonly T[]): boolean {
    if (items.length === 0) return true;
    if (!this.fits(items.length)) return false;
    for (const item of items) this.queue.push(item);
    if (this.queue.length >= this.maxBatch) this.pump();
    else if (!this.draining) this.timer ??= this.startTimer();
    return true;
  }

  /** Writes everything queued now and waits for every write in flight. */
  async flush(): Promise<void> {
    this.clearTimer();
    while (this.queue.length > 0 || this.inFlight.size > 0) {
      this.draining = true;
      this.pump();
      if (this.inFlight.size > 0) await Promise.race(this.inFlight);
    }
  }

  private startTimer(): ReturnType<typeof setTimeout> {
    const t = setTimeout(() => {
      this.timer = undefined;
      this.draining = true;
      this.pump();
    }, this.maxDelayMs);
    t.unref?.();
    return t;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Writes the halves of a refused batch, recursively, until the refused items are alone. */
  private async isolate(items: T[], err: unknown): Promise<void> {
    if (items.length === 1 || !isDataError(err)) {
      this.opts.onError?.(err, items.length);
      return;
    }
    const mid = items.length >> 1;
    for (const half of [items.slice(0, mid), items.slice(mid)]) {
      try {
        await this.opts.write(half);
      } catch (e) {
        await this.isolate(half, e);
      }
    }
  }

  /** Starts writes while there is room: full batches always, partial ones once due. */
  private pump(): void {
    while (this.inFlight.size < this.concurrency && this.queue.length > 0) {
      if (!this.draining && this.queue.length < this.maxBatch) break;
      const batch = this.queue.splice(0, this.maxBatch);
      const p: Promise<void> = this.opts
        .write(batch)
        .catch((err: unknown) => this.isolate(batch, err))
        .finally(() => {
          this.inFlight.delete(p);
          this.pump();
        });
      this.inFlight.add(p);
    }
    if (this.queue.length === 0) {
      this.draining = false;
      this.clearTimer();
    } else if (!this.draining) this.timer ??= this.startTimer();
  }
}
