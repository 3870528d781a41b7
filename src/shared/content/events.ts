/**
 * An events list (issue 14): upcoming events first, soonest first; past events after, most
 * recent first, on their own list. An event is past once it has ended (its start when it has no
 * end); one still running counts as upcoming.
 */
export function splitEvents<T>(
  events: readonly T[],
  times: (e: T) => { start: number | null; end: number | null },
  now: number,
): { upcoming: T[]; past: T[] } {
  const keyed = events.map((e) => {
    const t = times(e);
    const start = t.start ?? t.end ?? 0;
    return { e, start, end: t.end ?? start };
  });
  const upcoming = keyed.filter((k) => k.end >= now).sort((a, b) => a.start - b.start);
  const past = keyed.filter((k) => k.end < now).sort((a, b) => b.start - a.start);
  return { upcoming: upcoming.map((k) => k.e), past: past.map((k) => k.e) };
}
