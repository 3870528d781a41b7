import type {
  ItemDoc,
  ItemInput,
  ItemLocation,
  ItemStatus,
  ItemSummary,
} from '../../../shared/content/item-api.js';
import { itemUrl } from '../../render/context/item-json.js';
import type { CollectionRow, ItemRow } from '../content-queries.js';
import { PREVIEW_PARAM, previewToken } from './preview-token.js';

/** The collection kinds this API edits; products have their own (catalog/owner). */
export const ITEM_KINDS = ['blog', 'events', 'gallery'] as const;
export type EditableKind = (typeof ITEM_KINDS)[number];

export function isEditableKind(kind: string): kind is EditableKind {
  return (ITEM_KINDS as readonly string[]).includes(kind);
}

const iso = (d: Date | string) => new Date(d).toISOString();

function locationOf(raw: Record<string, unknown> | null): ItemLocation | null {
  if (!raw) return null;
  const str = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : '');
  const num = (k: string) => (typeof raw[k] === 'number' ? (raw[k] as number) : null);
  return {
    addressTitle: str('addressTitle'),
    addressLine1: str('addressLine1'),
    addressLine2: str('addressLine2'),
    addressCountry: str('addressCountry'),
    mapLat: num('mapLat'),
    mapLng: num('mapLng'),
    mapZoom: num('mapZoom') ?? 12,
  };
}

/** A stored item as the editor's input: also what a version records. */
export function inputOf(row: ItemRow): ItemInput {
  return {
    title: row.title,
    slug: row.url_id,
    body: row.body,
    excerpt: row.excerpt,
    tags: row.tags,
    categories: row.categories,
    author: row.author ? { displayName: row.author.displayName } : null,
    mainImageId: row.main_image_id,
    status: row.status as ItemStatus,
    publishOn: row.publish_on ? iso(row.publish_on) : null,
    startDate: row.start_date === null ? null : Number(row.start_date),
    endDate: row.end_date === null ? null : Number(row.end_date),
    timeZone: row.time_zone,
    location: locationOf(row.location),
    commentState: row.comment_state,
    assetIds: row.asset_ids,
  };
}

export interface DocContext {
  secret: string;
  now: number;
}

/** The preview link: the item's address with a signed token (7 days). */
export function previewUrlOf(url: string, id: string, ctx: DocContext): string {
  return `${url}?${PREVIEW_PARAM}=${previewToken(ctx.secret, id, ctx.now)}`;
}

export function itemDocOf(row: ItemRow, collection: CollectionRow, ctx: DocContext): ItemDoc {
  const url = itemUrl(collection, row.url_id);
  return {
    ...inputOf(row),
    id: row.id,
    collectionId: collection.id,
    collectionKind: collection.kind,
    url,
    previewUrl: previewUrlOf(url, row.id, ctx),
    version: row.version,
    publishedOn: iso(row.published_on),
    updatedOn: iso(row.updated_on),
  };
}

export function itemSummaryOf(row: ItemRow, collection: CollectionRow): ItemSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.url_id,
    status: row.status as ItemStatus,
    publishOn: row.publish_on ? iso(row.publish_on) : null,
    publishedOn: iso(row.published_on),
    startDate: row.start_date === null ? null : Number(row.start_date),
    mainImageId: row.main_image_id,
    url: itemUrl(collection, row.url_id),
    updatedOn: iso(row.updated_on),
  };
}
