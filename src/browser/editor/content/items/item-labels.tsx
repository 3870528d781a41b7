import {
  ITEM_STATUS_LABELS,
  type ItemStatus,
  type ItemSummary,
} from '../../../../shared/content/item-api.js';

/** What one item is called on each kind of collection. */
export const NOUN: Record<string, { one: string; a: string; many: string }> = {
  blog: { one: 'post', a: 'a post', many: 'Posts' },
  events: { one: 'event', a: 'an event', many: 'Events' },
  gallery: { one: 'image', a: 'an image', many: 'Images' },
};

export const nounOf = (kind: string) => NOUN[kind] ?? { one: 'item', a: 'an item', many: 'Items' };

/** The SPEC 4.8 label as a coloured badge: green live, amber waiting, grey the rest. */
export function StatusBadge({ status }: { status: ItemStatus }) {
  return (
    <span className={`ed-pill ed-item-status ed-item-status-${status}`}>
      {ITEM_STATUS_LABELS[status]}
    </span>
  );
}

const dateTime = (ms: number) =>
  new Date(ms).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/** The date a row shows: an event's start, a scheduled item's time, else when it went live. */
export function itemDateText(item: ItemSummary, kind: string): string {
  if (kind === 'events' && item.startDate !== null) return dateTime(item.startDate);
  if (item.status === 'scheduled' && item.publishOn)
    return `Goes live ${dateTime(Date.parse(item.publishOn))}`;
  if (item.status === 'published') return dateTime(Date.parse(item.publishedOn));
  return `Edited ${dateTime(Date.parse(item.updatedOn))}`;
}

/** The media library's small rendition of an image (`/static/images/{id}/100w.webp`). */
export const thumbOf = (assetId: string) =>
  `/static/images/${encodeURIComponent(assetId)}/100w.webp`;
