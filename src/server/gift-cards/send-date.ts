import { DEFAULT_TIME_ZONE } from '../render/context/site-context.js';
/**
 * The gift card's send date is a calendar day in the website's time zone: the recipient's mail is
 * due at its first instant there (outbox `next_attempt_at`). Intl only, like seed/zoned-epoch.ts.
 */

/** A zone Intl knows, else UTC (a website saved with a zone this runtime lacks still sells). */
function knownZone(timeZone: string | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

function wallClock(epoch: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(epoch));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** 'YYYY-MM-DD' of the instant in the zone. */
export function dayIn(epoch: number, timeZone: string | undefined): string {
  const w = wallClock(epoch, knownZone(timeZone));
  const pad = (n: number, l = 2) => String(n).padStart(l, '0');
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Epoch ms of 00:00 of `day` ('YYYY-MM-DD') in the zone; DST corrected by a second look. */
export function dayStartIn(day: string, timeZone: string | undefined): number {
  const zone = knownZone(timeZone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  const offsetAt = (epoch: number) => {
    const w = wallClock(epoch, zone);
    const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    return asUtc - Math.floor(epoch / 1000) * 1000;
  };
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

/** A website's time zone from its settings (the pages' default when none is set) (a JSON column: an object, or text on some drivers). */
export function siteTimeZone(site: { settings: unknown }): string {
  const raw = site.settings;
  const settings = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    websiteSettings?: { timeZone?: unknown };
  } | null;
  const zone = settings?.websiteSettings?.timeZone;
  // The pages' own fallback, so a site without a zone dates its cards as it dates its pages.
  return typeof zone === 'string' && zone ? zone : DEFAULT_TIME_ZONE;
}
