/**
 * Telemetry this process refused or lost, by reason, for /metrics (the metrics endpoint reads
 * `telemetryDrops()`; nothing else keeps these numbers). Counted on the main thread: the ingest
 * worker reports its drops there.
 *
 * - `refused-row`: a row the database refused (isolated by halving its batch, then dropped);
 * - `write-failed`: rows of a batch whose write failed for another reason (database down);
 * - `foreign-host`: a hit, event or RUM request for a URL outside the website's hosts;
 * - `rate-limited`: a telemetry request over its per-address limit.
 */
export type TelemetryDropReason = 'refused-row' | 'write-failed' | 'foreign-host' | 'rate-limited';

const counts: Record<TelemetryDropReason, number> = {
  'refused-row': 0,
  'write-failed': 0,
  'foreign-host': 0,
  'rate-limited': 0,
};

export function countTelemetryDrop(reason: TelemetryDropReason, n = 1): void {
  counts[reason] += n;
}

/** A snapshot of the counters since the process started. */
export function telemetryDrops(): Readonly<Record<TelemetryDropReason, number>> {
  return { ...counts };
}
