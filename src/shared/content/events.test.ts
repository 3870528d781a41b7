import { describe, expect, it } from 'vitest';
import { splitEvents } from './events.js';

const NOW = 1_000_000;
const ev = (id: string, start: number | null, end: number | null = null) => ({ id, start, end });

describe('events lists (issue 14)', () => {
  it('upcoming first and soonest first; past on their own, most recent first', () => {
    const { upcoming, past } = splitEvents(
      [
        ev('last-year', NOW - 400, NOW - 390),
        ev('next-month', NOW + 300, NOW + 310),
        ev('last-week', NOW - 70, NOW - 60),
        ev('tomorrow', NOW + 10, NOW + 20),
      ],
      (e) => e,
      NOW,
    );
    expect(upcoming.map((e) => e.id)).toEqual(['tomorrow', 'next-month']);
    expect(past.map((e) => e.id)).toEqual(['last-week', 'last-year']);
  });

  it('an event still running is upcoming; one without an end is past once it started', () => {
    const { upcoming, past } = splitEvents(
      [ev('running', NOW - 5, NOW + 5), ev('no-end-started', NOW - 1), ev('no-end-later', NOW + 1)],
      (e) => e,
      NOW,
    );
    expect(upcoming.map((e) => e.id)).toEqual(['running', 'no-end-later']);
    expect(past.map((e) => e.id)).toEqual(['no-end-started']);
  });
});
