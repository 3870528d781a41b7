/**
 * The owner's collection items API (issue 13): blog posts, events and gallery items, between the
 * /config item screens and `src/server/content/items/`. Products have their own API
 * (`src/shared/product/owner-api.ts`). Documented in docs/editor.md.
 */

/**
 * An item's status. Visitors see only `published` (every other one is a 404 to them); owners
 * open the rest by a preview link. `scheduled` becomes `published` at `publishOn` (a durable job).
 */
export const ITEM_STATUSES = [
  'draft',
  'scheduled',
  'needs-review',
  'private',
  'deprecated',
  'published',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** SPEC 4.8's editor status labels ('Published' is ours). */
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  'needs-review': 'Needs Review',
  private: 'Private',
  deprecated: 'Deprecated',
  published: 'Published',
};

/** SPEC 3.7 event location. */
export interface ItemLocation {
  addressTitle: string;
  addressLine1: string;
  addressLine2: string;
  addressCountry: string;
  mapLat: number | null;
  mapLng: number | null;
  mapZoom: number;
}

/** What the item editor sends. */
export interface ItemInput {
  title: string;
  slug: string;
  /** Rich text HTML; the server cleans it to the allow-list (`src/shared/rich-text.ts`). */
  body: string;
  excerpt: string;
  tags: string[];
  categories: string[];
  author: { displayName: string } | null;
  mainImageId: string | null;
  status: ItemStatus;
  /** ISO time; required when `status` is `scheduled`, must be in the future then. */
  publishOn: string | null;
  /** Events: epoch milliseconds (SPEC 3.7); required for events, end ≥ start. */
  startDate: number | null;
  endDate: number | null;
  /** Events: IANA time zone the dates are shown in; defaults to the site's. */
  timeZone: string | null;
  location: ItemLocation | null;
  /** SPEC 4.7 comment state: 0 off, 1 on (2 on but closed to new comments). */
  commentState: number;
  /** Gallery items: the image's extra images in order. */
  assetIds?: string[];
}

export interface ItemDoc extends ItemInput {
  id: string;
  collectionId: string;
  /** 'blog' | 'events' | 'gallery'. */
  collectionKind: string;
  /** The live URL path. */
  url: string;
  /** A signed link that shows an unpublished item to whoever has it, for 7 days. */
  previewUrl: string;
  version: number;
  /** When it went (or goes) live. */
  publishedOn: string;
  updatedOn: string;
}

export interface ItemSummary {
  id: string;
  title: string;
  slug: string;
  status: ItemStatus;
  publishOn: string | null;
  publishedOn: string;
  startDate: number | null;
  mainImageId: string | null;
  url: string;
  updatedOn: string;
}

export interface ItemListResponse {
  items: ItemSummary[];
  total: number;
  nextCursor: string | null;
}

export interface SaveItemRequest extends ItemInput {
  version: number;
}

export const ItemApi = {
  list: (collectionId: string) =>
    `/api/content/collections/${encodeURIComponent(collectionId)}/items`,
  one: (id: string) => `/api/content/items/${encodeURIComponent(id)}`,
} as const;

export const ItemLimits = {
  titleMax: 200,
  slugMax: 100,
  bodyMax: 200_000,
  excerptMax: 2_000,
  tagMax: 80,
  tagsMax: 50,
  listPageMax: 100,
} as const;
