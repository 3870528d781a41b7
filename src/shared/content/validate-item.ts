import { OwnerMessages } from '../errors.js';
import { ITEM_STATUSES, ItemLimits, type ItemInput } from './item-api.js';
import { linkError } from './links.js';

// Slugs from titles and tag clean-up are the products' rules too (one home).
export { cleanLabels, slugify } from '../product/validate-product.js';

/**
 * The checks of a blog post, event or gallery item (issue 13), one implementation for the item
 * editor (errors beside fields before sending) and the server (`content/items/save-item.ts`),
 * so both say the same thing. What needs the database (a slug another item uses) is the
 * server's: `ItemFieldTexts.SLUG_TAKEN` beside the slug.
 */
export type FieldErrors = Record<string, string>;

export const ItemFieldTexts = {
  TITLE_REQUIRED: 'Enter a title.',
  TITLE_TOO_LONG: `Keep the title under ${ItemLimits.titleMax} characters.`,
  SLUG_FORMAT: 'Use lowercase letters, numbers and hyphens only.',
  SLUG_TOO_LONG: `Keep the URL under ${ItemLimits.slugMax} characters.`,
  SLUG_TAKEN: OwnerMessages.SLUG_TAKEN,
  BODY_TOO_LONG: 'This text is too long to save.',
  EXCERPT_TOO_LONG: `Keep the excerpt under ${ItemLimits.excerptMax} characters.`,
  TAG_TOO_LONG: `Keep each one under ${ItemLimits.tagMax} characters.`,
  TOO_MANY_TAGS: `Use at most ${ItemLimits.tagsMax}.`,
  AUTHOR_TOO_LONG: 'Keep the author name under 200 characters.',
  STATUS_UNKNOWN: 'Choose a status.',
  PUBLISH_ON_REQUIRED: 'Choose when this goes live.',
  PUBLISH_ON_PAST: 'Choose a time in the future, or publish it now.',
  START_REQUIRED: 'Choose when the event starts.',
  END_BEFORE_START: 'The event cannot end before it starts.',
  TIME_ZONE_UNKNOWN: 'Choose a time zone from the list.',
  LATITUDE_RANGE: 'Latitude goes from -90 to 90.',
  LONGITUDE_RANGE: 'Longitude goes from -180 to 180.',
  ZOOM_RANGE: 'Zoom goes from 1 to 20.',
  COMMENT_STATE: 'Choose whether comments are on.',
} as const;

/** What kind of collection the item belongs to: events need dates. */
export type ItemKind = 'blog' | 'events' | 'gallery';

/** Lowercase words joined by single hyphens ('spring-sale-2026'). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True for a time zone this runtime knows ('Europe/Paris'; 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every `href` in the body's links, in order (entities decoded: `&amp;` is `&`). */
export function bodyLinks(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    out.push((m[2] ?? m[3] ?? '').replace(/&amp;/g, '&'));
  }
  return out;
}

/**
 * Every check that needs only the input, the collection's kind and the time. `{}` when the item
 * may be saved as far as the input alone tells. Paths are the input's ('location.mapLat').
 */
export function validateItemInput(input: ItemInput, kind: ItemKind, now: number): FieldErrors {
  const e: FieldErrors = {};
  const title = input.title.trim();
  if (!title) e.title = ItemFieldTexts.TITLE_REQUIRED;
  else if (title.length > ItemLimits.titleMax) e.title = ItemFieldTexts.TITLE_TOO_LONG;

  const slug = input.slug.trim();
  if (slug.length > ItemLimits.slugMax) e.slug = ItemFieldTexts.SLUG_TOO_LONG;
  else if (slug && !SLUG_PATTERN.test(slug)) e.slug = ItemFieldTexts.SLUG_FORMAT;

  if (input.body.length > ItemLimits.bodyMax) e.body = ItemFieldTexts.BODY_TOO_LONG;
  else {
    // The first bad link, in SPEC 5.7's words, so the owner knows which one to fix.
    for (const href of bodyLinks(input.body)) {
      const err = linkError(href);
      if (err) {
        e.body = err;
        break;
      }
    }
  }
  if (input.excerpt.length > ItemLimits.excerptMax) e.excerpt = ItemFieldTexts.EXCERPT_TOO_LONG;
  labels(e, 'tags', input.tags);
  labels(e, 'categories', input.categories);
  if ((input.author?.displayName.length ?? 0) > 200) e.author = ItemFieldTexts.AUTHOR_TOO_LONG;

  if (!ITEM_STATUSES.includes(input.status)) e.status = ItemFieldTexts.STATUS_UNKNOWN;
  if (input.status === 'scheduled') {
    const at = input.publishOn ? Date.parse(input.publishOn) : NaN;
    if (Number.isNaN(at)) e.publishOn = ItemFieldTexts.PUBLISH_ON_REQUIRED;
    else if (at <= now) e.publishOn = ItemFieldTexts.PUBLISH_ON_PAST;
  }

  if (kind === 'events') {
    if (input.startDate === null) e.startDate = ItemFieldTexts.START_REQUIRED;
    else if (input.endDate !== null && input.endDate < input.startDate) {
      e.endDate = ItemFieldTexts.END_BEFORE_START;
    }
  }
  if (input.timeZone !== null && !isTimeZone(input.timeZone)) {
    e.timeZone = ItemFieldTexts.TIME_ZONE_UNKNOWN;
  }
  const loc = input.location;
  if (loc) {
    if (loc.mapLat !== null && !(Math.abs(loc.mapLat) <= 90)) {
      e['location.mapLat'] = ItemFieldTexts.LATITUDE_RANGE;
    }
    if (loc.mapLng !== null && !(Math.abs(loc.mapLng) <= 180)) {
      e['location.mapLng'] = ItemFieldTexts.LONGITUDE_RANGE;
    }
    if (!(Number.isInteger(loc.mapZoom) && loc.mapZoom >= 1 && loc.mapZoom <= 20)) {
      e['location.mapZoom'] = ItemFieldTexts.ZOOM_RANGE;
    }
  }
  if (![0, 1, 2].includes(input.commentState)) e.commentState = ItemFieldTexts.COMMENT_STATE;
  return e;
}

function labels(e: FieldErrors, path: 'tags' | 'categories', list: string[]): void {
  if (list.length > ItemLimits.tagsMax) e[path] = ItemFieldTexts.TOO_MANY_TAGS;
  else if (list.some((t) => t.trim().length > ItemLimits.tagMax)) {
    e[path] = ItemFieldTexts.TAG_TOO_LONG;
  }
}
