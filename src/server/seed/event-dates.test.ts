import { describe, expect, it } from 'vitest';
import { eventDateLabel, eventDay, withEventDates } from './event-dates.js';

// 2026-12-12 15:00 UTC: Saturday 10:00 in New York, Sunday 00:00 in Tokyo.
const START = Date.UTC(2026, 11, 12, 15, 0, 0);

describe('demo class dates from their events (issue 14)', () => {
  it("writes the date on the website's calendar, in its language", () => {
    expect(eventDateLabel(START, 'en-US', 'America/New_York')).toBe('Sat, Dec 12');
    expect(eventDateLabel(START, 'ja-JP', 'Asia/Tokyo')).toBe('12月13日(日)');
  });

  it('fills {date} in option values, leaves other variants alone, drops demo-only fields', () => {
    const starts = new Map([['ev-glaze', START]]);
    const out = withEventDates(
      [
        {
          id: 'v1',
          sku: 'A',
          eventId: 'ev-glaze',
          imageId: 'img',
          weightGrams: 10,
          attributes: { Workshop: 'Glaze Lab, {date}' },
          priceCents: 100,
        },
        { id: 'v2', sku: 'B', attributes: { Size: 'L' }, priceCents: 100 },
      ],
      starts,
      'en-US',
      'America/New_York',
    );
    expect(out).toEqual([
      { id: 'v1', sku: 'A', attributes: { Workshop: 'Glaze Lab, Sat, Dec 12' }, priceCents: 100 },
      { id: 'v2', sku: 'B', attributes: { Size: 'L' }, priceCents: 100 },
    ]);
  });

  it('refuses a variant naming an event the site does not have', () => {
    expect(() =>
      withEventDates(
        [{ id: 'v1', sku: 'A', eventId: 'nope', attributes: { Date: '{date}' }, priceCents: 1 }],
        new Map(),
        'en-US',
        'UTC',
      ),
    ).toThrow('Demo variant v1 names unknown event nope');
  });

  it('moves an event forward to its weekday on the site calendar', () => {
    // Saturday in New York: a Saturday stays, a Sunday is the next day, a Friday six days on.
    const day = 24 * 60 * 60 * 1000;
    expect(eventDay(START, 6, 'America/New_York')).toBe(START);
    expect(eventDay(START, 0, 'America/New_York')).toBe(START + day);
    expect(eventDay(START, 5, 'America/New_York')).toBe(START + 6 * day);
    // Already Sunday in Tokyo.
    expect(eventDay(START, 0, 'Asia/Tokyo')).toBe(START);
    expect(eventDay(START, undefined, 'UTC')).toBe(START);
  });
});
