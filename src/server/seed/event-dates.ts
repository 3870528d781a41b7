import type { NewVariant } from '../catalog/insert-product.js';
import type { DemoVariant } from './demo-data.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * `day` moved forward 0–6 days to the next `weekday` (0 Sunday … 6 Saturday) on the calendar of
 * `timeZone`; unchanged without one.
 */
export function eventDay(day: number, weekday: number | undefined, timeZone: string): number {
  if (weekday === undefined) return day;
  const name = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(day);
  const today = WEEKDAYS.indexOf(name);
  return day + ((weekday - today + 7) % 7) * DAY_MS;
}

/**
 * A class or workshop date as a shop writes it on an option: 'Sat, Dec 12' (en-US) or
 * '12月12日(土)' (ja), on the calendar of the website's time zone.
 */
export function eventDateLabel(start: number, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(new Date(start));
}

/**
 * The catalog's variants of demo variants tied to events (issue 14): each `{date}` in an option
 * value becomes its event's date, so a workshop's dates always agree with the events page however
 * long after the seed it is read. An unknown event id is a mistake in the demo data: it fails.
 */
export function withEventDates(
  variants: readonly DemoVariant[],
  starts: ReadonlyMap<string, number>,
  language: string,
  timeZone: string,
): NewVariant[] {
  return variants.map(({ eventId, weightGrams: _w, imageId: _i, ...v }) => {
    if (!eventId) return v;
    const start = starts.get(eventId);
    if (start === undefined) throw new Error(`Demo variant ${v.id} names unknown event ${eventId}`);
    const label = eventDateLabel(start, language, timeZone);
    const attributes = Object.fromEntries(
      Object.entries(v.attributes ?? {}).map(([k, value]) => [
        k,
        value.split('{date}').join(label),
      ]),
    );
    return { ...v, attributes };
  });
}
