import { describe, expect, it } from 'vitest';
import type { ItemInput } from './item-api.js';
import { bodyLinks, isTimeZone, ItemFieldTexts, validateItemInput } from './validate-item.js';

const NOW = Date.parse('2026-12-01T10:00:00Z');

function input(over: Partial<ItemInput> = {}): ItemInput {
  return {
    title: 'Post',
    slug: 'post',
    body: '',
    excerpt: '',
    tags: [],
    categories: [],
    author: null,
    mainImageId: null,
    status: 'draft',
    publishOn: null,
    startDate: null,
    endDate: null,
    timeZone: null,
    location: null,
    commentState: 0,
    ...over,
  };
}

describe('validateItemInput', () => {
  it('accepts a plain draft', () => {
    expect(validateItemInput(input(), 'blog', NOW)).toEqual({});
  });

  it('needs a title and a well-formed slug', () => {
    expect(validateItemInput(input({ title: '  ', slug: 'Bad Slug' }), 'blog', NOW)).toEqual({
      title: ItemFieldTexts.TITLE_REQUIRED,
      slug: ItemFieldTexts.SLUG_FORMAT,
    });
    expect(validateItemInput(input({ slug: 'a--b' }), 'blog', NOW).slug).toBe(
      ItemFieldTexts.SLUG_FORMAT,
    );
  });

  it('needs a future publish time when scheduled', () => {
    const at = (ms: number) => new Date(NOW + ms).toISOString();
    expect(validateItemInput(input({ status: 'scheduled' }), 'blog', NOW).publishOn).toBe(
      ItemFieldTexts.PUBLISH_ON_REQUIRED,
    );
    expect(
      validateItemInput(input({ status: 'scheduled', publishOn: at(-1) }), 'blog', NOW).publishOn,
    ).toBe(ItemFieldTexts.PUBLISH_ON_PAST);
    expect(
      validateItemInput(input({ status: 'scheduled', publishOn: at(60_000) }), 'blog', NOW),
    ).toEqual({});
  });

  it('needs an event start, an end not before it, and a known time zone', () => {
    expect(validateItemInput(input(), 'events', NOW)).toEqual({
      startDate: ItemFieldTexts.START_REQUIRED,
    });
    expect(
      validateItemInput(
        input({ startDate: NOW, endDate: NOW - 1, timeZone: 'Nowhere/X' }),
        'events',
        NOW,
      ),
    ).toEqual({
      endDate: ItemFieldTexts.END_BEFORE_START,
      timeZone: ItemFieldTexts.TIME_ZONE_UNKNOWN,
    });
    expect(
      validateItemInput(
        input({ startDate: NOW, endDate: NOW, timeZone: 'Asia/Tokyo' }),
        'events',
        NOW,
      ),
    ).toEqual({});
  });

  it('keeps map coordinates in range', () => {
    const location = {
      addressTitle: '',
      addressLine1: '',
      addressLine2: '',
      addressCountry: '',
      mapLat: -90.5,
      mapLng: 180.5,
      mapZoom: 0,
    };
    expect(validateItemInput(input({ location }), 'blog', NOW)).toEqual({
      'location.mapLat': ItemFieldTexts.LATITUDE_RANGE,
      'location.mapLng': ItemFieldTexts.LONGITUDE_RANGE,
      'location.mapZoom': ItemFieldTexts.ZOOM_RANGE,
    });
  });

  it("checks the body's links with SPEC 5.7's texts", () => {
    const body = (href: string) => input({ body: `<p><a href="${href}">x</a></p>` });
    expect(validateItemInput(body('/shop'), 'blog', NOW)).toEqual({});
    expect(validateItemInput(body('https://example.com/a?b=1&amp;c=2'), 'blog', NOW)).toEqual({});
    expect(validateItemInput(body('example.com'), 'blog', NOW).body).toBe(
      'Links must be formatted as https://example.com or /page',
    );
    expect(validateItemInput(body('javascript:alert(1)'), 'blog', NOW).body).toBe(
      'javascript:alert(1) is not a valid page URL',
    );
  });

  it('limits tags', () => {
    expect(validateItemInput(input({ tags: ['x'.repeat(81)] }), 'blog', NOW).tags).toBe(
      ItemFieldTexts.TAG_TOO_LONG,
    );
  });
});

describe('helpers', () => {
  it('reads link addresses and time zones', () => {
    expect(bodyLinks(`<a href="/a">1</a><a class='x' href='mailto:a@b.co'>2</a>`)).toEqual([
      '/a',
      'mailto:a@b.co',
    ]);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Paris')).toBe(false);
  });
});
