/**
 * Fixed-window counters per key (client address, website), on the injected clock so tests can
 * move time. In memory: each process limits on its own (see docs/forms.md).
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts a hit; returns 0 when allowed, else the seconds until the window resets. */
  hit(key: string): number {
    if (this.max <= 0) return 0;
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.prune(t);
      w = { start: t, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count <= this.max) return 0;
    return Math.max(1, Math.ceil((w.start + this.windowMs - t) / 1000));
  }

  private prune(t: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}
