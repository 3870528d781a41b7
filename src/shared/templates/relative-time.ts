/**
 * SPEC 9.2 relative time: units year, month (30 days), week, day, hour and minute, with the
 * SPEC's English texts ('less than a minute ago', 'about an hour ago', 'a day ago'…); other
 * languages get the same unit through `Intl.RelativeTimeFormat`. Pure: `now` comes in.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

/** The largest SPEC unit that fits `seconds` (a month is 30 days, a year 365), or none. */
export function relativeUnit(seconds: number): { unit: Unit; count: number } | undefined {
  const days = Math.floor(seconds / DAY);
  const steps: [Unit, number][] = [
    ['year', Math.floor(days / 365)],
    ['month', Math.floor(days / 30)],
    ['week', Math.floor(days / 7)],
    ['day', days],
    ['hour', Math.floor(seconds / HOUR)],
    ['minute', Math.floor(seconds / MINUTE)],
  ];
  const hit = steps.find(([, n]) => n > 0);
  return hit ? { unit: hit[0], count: hit[1] } : undefined;
}

function english(unit: Unit | undefined, count: number, future: boolean): string {
  let span: string;
  if (!unit) span = 'less than a minute';
  // SPEC 9.2: hours are approximate ('about an hour ago'), the other units are not ('a day ago').
  else if (unit === 'hour') span = count === 1 ? 'about an hour' : `about ${count} hours`;
  else span = count === 1 ? `a ${unit}` : `${count} ${unit}s`;
  return future ? `in ${span}` : `${span} ago`;
}

/**
 * How long ago `date` was (or how far ahead it is), in the site's language: English by the SPEC's
 * texts, others by `Intl.RelativeTimeFormat`. Returns undefined for a date that is not a finite
 * number (the caller reports SPEC 8.6's 'Invalid date.').
 */
export function relativeTime(date: number, now: number, language = 'en'): string | undefined {
  if (!Number.isFinite(date) || !Number.isFinite(now)) return undefined;
  const delta = Math.trunc((now - date) / 1000);
  const future = delta < 0;
  const hit = relativeUnit(Math.abs(delta));
  const lang = language.split(/[-_]/)[0]?.toLowerCase() || 'en';
  if (lang === 'en') return english(hit?.unit, hit?.count ?? 0, future);
  try {
    const rtf = new Intl.RelativeTimeFormat(language.replace('_', '-'), { numeric: 'auto' });
    return hit ? rtf.format(future ? hit.count : -hit.count, hit.unit) : rtf.format(0, 'second');
  } catch {
    return english(hit?.unit, hit?.count ?? 0, future);
  }
}
