export const RANGE_DAYS = [7, 30] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** `?from=` for the owner summaries: the last `days` days up to now (the server's default `to`). */
export function rangeFrom(days: RangeDays, now = Date.now()): number {
  return now - days * DAY_MS;
}

/** The period switch of the overview and performance screens: a labelled radio group. */
export function RangePicker({
  days,
  onChange,
}: {
  days: RangeDays;
  onChange: (d: RangeDays) => void;
}) {
  return (
    <fieldset className="ed-segmented">
      <legend>Period</legend>
      {RANGE_DAYS.map((d) => (
        <label key={d}>
          <input
            type="radio"
            name="range"
            value={d}
            checked={days === d}
            onChange={() => onChange(d)}
          />
          <span>Last {d} days</span>
        </label>
      ))}
    </fieldset>
  );
}
