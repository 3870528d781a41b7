/**
 * Epoch milliseconds of `hour`:00 local time in `timeZone` on the calendar day (in that zone) of
 * `dayOf`. Uses Intl so no time-zone library is needed; DST is handled by measuring the zone's
 * offset at the guessed instant and correcting once more at the result.
 */
export function zonedEpoch(dayOf: number, hour: number, timeZone: string): number {
  const parts = zonedParts(dayOf, timeZone);
  const wallAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, hour, 0, 0);
  let guess = wallAsUtc - offsetAt(wallAsUtc, timeZone);
  guess = wallAsUtc - offsetAt(guess, timeZone);
  return guess;
}

function zonedParts(epoch: number, timeZone: string) {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const get = (type: string) =>
    Number(fmt.formatToParts(new Date(epoch)).find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: -5 h). */
function offsetAt(epoch: number, timeZone: string): number {
  const p = zonedParts(epoch, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(epoch / 1000) * 1000;
}
