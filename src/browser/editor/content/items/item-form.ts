import { stripTags } from '../../../../shared/html.js';
import type { ItemDoc, ItemInput, ItemStatus } from '../../../../shared/content/item-api.js';
import {
  slugify,
  validateItemInput,
  type FieldErrors,
  type ItemKind,
} from '../../../../shared/content/validate-item.js';

/**
 * The item editor's form: what the owner types (date-times as the `datetime-local` strings the
 * inputs hold, coordinates as text) and its conversion to the API's `ItemInput`, checked with the
 * shared `validateItemInput` so the editor and the server say the same thing.
 */
export interface ItemForm {
  title: string;
  slug: string;
  body: string;
  excerpt: string;
  tags: string[];
  categories: string[];
  author: string;
  mainImageId: string | null;
  assetIds: string[];
  status: ItemStatus;
  /** In the browser's time zone. */
  publishOn: string;
  /** Events: wall-clock times in `timeZone`. */
  startDate: string;
  endDate: string;
  timeZone: string;
  addressTitle: string;
  addressLine1: string;
  addressLine2: string;
  addressCountry: string;
  mapLat: string;
  mapLng: string;
  mapZoom: string;
  commentsOn: boolean;
}

export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone the browser knows (Chromium, Firefox, Safari all list them). */
export function timeZones(current: string): string[] {
  const list =
    (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return list.includes(current) ? list : [current, ...list];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock parts of an instant in a zone. */
function partsIn(epoch: number, zone: string) {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const get = (t: string) =>
    Number(fmt.formatToParts(new Date(epoch)).find((p) => p.type === t)?.value ?? 0);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute') };
}

/** An instant as a `datetime-local` value in a zone ('2026-12-01T18:30'). */
export function wallOf(epoch: number, zone: string): string {
  const p = partsIn(epoch, zone);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}`;
}

/** A `datetime-local` value read in a zone, as epoch ms (DST: corrected once at the result). */
export function epochOf(wall: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(wall);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  const offset = (at: number) => {
    const p = partsIn(at, zone);
    return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi) - Math.floor(at / 60_000) * 60_000;
  };
  let guess = asUtc - offset(asUtc);
  guess = asUtc - offset(guess);
  return guess;
}

export function newItemForm(author: string, zone = browserZone()): ItemForm {
  return {
    title: '',
    slug: '',
    body: '',
    excerpt: '',
    tags: [],
    categories: [],
    author,
    mainImageId: null,
    assetIds: [],
    status: 'draft',
    publishOn: '',
    startDate: '',
    endDate: '',
    timeZone: zone,
    addressTitle: '',
    addressLine1: '',
    addressLine2: '',
    addressCountry: '',
    mapLat: '',
    mapLng: '',
    mapZoom: '12',
    commentsOn: true,
  };
}

/** `siteZone`: where an event without its own zone is shown (the site's time zone). */
export function formFromDoc(doc: ItemDoc, siteZone = browserZone()): ItemForm {
  const zone = doc.timeZone ?? siteZone;
  const loc = doc.location;
  return {
    title: doc.title,
    slug: doc.slug,
    body: doc.body,
    // Excerpts may be stored as HTML (imports, the demo); the box edits their text.
    excerpt: stripTags(doc.excerpt),
    tags: doc.tags,
    categories: doc.categories,
    author: doc.author?.displayName ?? '',
    mainImageId: doc.mainImageId,
    assetIds: doc.assetIds ?? [],
    status: doc.status,
    publishOn: doc.publishOn ? wallOf(Date.parse(doc.publishOn), browserZone()) : '',
    startDate: doc.startDate === null ? '' : wallOf(doc.startDate, zone),
    endDate: doc.endDate === null ? '' : wallOf(doc.endDate, zone),
    timeZone: zone,
    addressTitle: loc?.addressTitle ?? '',
    addressLine1: loc?.addressLine1 ?? '',
    addressLine2: loc?.addressLine2 ?? '',
    addressCountry: loc?.addressCountry ?? '',
    mapLat: loc?.mapLat === null || loc?.mapLat === undefined ? '' : String(loc.mapLat),
    mapLng: loc?.mapLng === null || loc?.mapLng === undefined ? '' : String(loc.mapLng),
    mapZoom: String(loc?.mapZoom ?? 12),
    commentsOn: doc.commentState !== 0,
  };
}

const NUMBER_TEXT = 'Enter a number.';

function num(text: string, path: string, errors: FieldErrors): number | null {
  if (!text.trim()) return null;
  const n = Number(text);
  if (!Number.isFinite(n)) errors[path] = NUMBER_TEXT;
  return Number.isFinite(n) ? n : null;
}

/** The form as the API's input, and every error the shared checks find before sending. */
export function toItemInput(
  form: ItemForm,
  kind: ItemKind,
  now = Date.now(),
): { input: ItemInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const event = kind === 'events';
  const hasPlace =
    event &&
    [
      form.addressTitle,
      form.addressLine1,
      form.addressLine2,
      form.addressCountry,
      form.mapLat,
      form.mapLng,
    ].some((s) => s.trim());
  const input: ItemInput = {
    title: form.title,
    slug: form.slug,
    body: form.body,
    excerpt: form.excerpt,
    tags: form.tags,
    categories: form.categories,
    author: form.author.trim() ? { displayName: form.author.trim() } : null,
    mainImageId: form.mainImageId,
    assetIds: kind === 'gallery' ? form.assetIds : [],
    status: form.status,
    publishOn:
      form.status === 'scheduled' && form.publishOn
        ? new Date(epochOf(form.publishOn, browserZone()) ?? NaN).toISOString()
        : null,
    startDate: event ? epochOf(form.startDate, form.timeZone) : null,
    endDate: event ? epochOf(form.endDate, form.timeZone) : null,
    timeZone: event ? form.timeZone : null,
    location: hasPlace
      ? {
          addressTitle: form.addressTitle.trim(),
          addressLine1: form.addressLine1.trim(),
          addressLine2: form.addressLine2.trim(),
          addressCountry: form.addressCountry.trim(),
          mapLat: num(form.mapLat, 'location.mapLat', errors),
          mapLng: num(form.mapLng, 'location.mapLng', errors),
          mapZoom: num(form.mapZoom, 'location.mapZoom', errors) ?? 12,
        }
      : null,
    commentState: form.commentsOn ? 1 : 0,
  };
  return { input, errors: { ...validateItemInput(input, kind, now), ...errors } };
}

/** The slug the item will have: the typed one, else one made from the title. */
export function slugShown(form: ItemForm): string {
  return form.slug.trim() || slugify(form.title);
}

export function isDirty(a: ItemForm, b: ItemForm): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** Readable names of the fields, for the error summary and the versions panel. */
export const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'URL slug',
  body: 'Body',
  excerpt: 'Excerpt',
  tags: 'Tags',
  categories: 'Categories',
  author: 'Author',
  mainImageId: 'Main image',
  assetIds: 'More images',
  status: 'Status',
  publishOn: 'Publish on',
  startDate: 'Starts',
  endDate: 'Ends',
  timeZone: 'Time zone',
  location: 'Location',
  'location.mapLat': 'Latitude',
  'location.mapLng': 'Longitude',
  'location.mapZoom': 'Map zoom',
  commentState: 'Comments',
};
