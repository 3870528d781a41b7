import { COLLECTOR_FLUSH_MS, COLLECTOR_WAIT_MS } from '../../shared/telemetry/constants.js';

type Data = Record<string, unknown>;

/**
 * Metrics that keep changing while the page lives (layout shifts add up, the slowest
 * interaction can still come): they are sent once, when gathering ends (60 s or the page hides).
 */
export const LATE_METRICS: ReadonlySet<string> = new Set([
  'cumulative_layout_shift',
  'interaction_to_next_paint_ms',
  'interaction_to_next_paint_target',
  'slow_interactions',
]);

/**
 * The page's vitals, each sent exactly once (SPEC 7.1, issue 11): the 30-second flush takes what
 * has been gathered by then except the late metrics; the end of gathering takes the rest. A value
 * already sent is never updated or sent again, so the server counts every metric once.
 */
export class VitalsSplit {
  private readonly values: Data = {};
  private readonly sent = new Set<string>();
  private gathering = true;

  set(key: string, value: unknown): void {
    if (this.gathering && value !== undefined && !this.sent.has(key)) this.values[key] = value;
  }

  has(key: string): boolean {
    return key in this.values || this.sent.has(key);
  }

  /** The 30-second share: every metric gathered so far but the late ones. */
  early(): Data {
    return this.take((k) => !LATE_METRICS.has(k));
  }

  /** Gathering ends: everything not yet sent. Later values are ignored. */
  rest(): Data {
    this.gathering = false;
    return this.take(() => true);
  }

  get done(): boolean {
    return !this.gathering;
  }

  private take(want: (key: string) => boolean): Data {
    const out: Data = {};
    for (const k of Object.keys(this.values)) {
      if (!want(k)) continue;
      out[k] = this.values[k];
      delete this.values[k];
      this.sent.add(k);
    }
    return out;
  }
}

/**
 * The collector's two moments, `since` ms after navigation: `early` at 30 s (SPEC 9.3's flush),
 * `end` at 60 s (the wait). The page hiding calls `end` itself.
 */
export function scheduleCollector(since: number, early: () => void, end: () => void): void {
  setTimeout(early, Math.max(0, COLLECTOR_FLUSH_MS - since));
  setTimeout(end, Math.max(0, COLLECTOR_WAIT_MS - since));
}
