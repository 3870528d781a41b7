import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { PageSection } from '../../shared/content/blocks.js';
import type { PageInput, PageSeo } from '../../shared/content/page-api.js';

/** A JSON column with a database default: reads T, inserts JSON text or nothing. */
type JSONWithDefault<T> = ColumnType<T, string | undefined, string>;
/** A nullable JSON column: reads T or null, inserts JSON text, null or nothing. */
type NullableJSON<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface CollectionsTable {
  id: string;
  site_id: string;
  /** The path segment: '' for the home page, 'shop', 'blog'… */
  url_id: string;
  title: string;
  description: Generated<string>;
  /** SPEC 3.10 collection type (products 13, page 10, generic 1 for blogs/events, gallery…). */
  type: number;
  /** What the collection is for the theme: 'page' | 'products' | 'blog' | 'gallery' | 'events'. */
  kind: string;
  folder_behavior: number | null;
  /** Position in the navigation; null keeps it out. */
  nav_index: number | null;
  settings: JSONWithDefault<Record<string, unknown>>;
  updated_on: Generated<Date>;
  /** Issue 13: the live sections of a layout page (`src/shared/content/blocks.ts`). */
  sections: JSONWithDefault<PageSection[]>;
  /** The unpublished edits (`PageInput`), or null when the draft is what is live. */
  draft: NullableJSON<PageInput>;
  /** 'draft' | 'published' (`PageStatus`). */
  status: Generated<string>;
  seo: JSONWithDefault<Partial<PageSeo>>;
  /** The navigation folder it sits in. */
  parent_id: string | null;
  nav_visible: Generated<boolean>;
  /** argon2 hash of the page password (pageType 103 lock screen), or null. */
  password_hash: string | null;
  /** Issue 14: only signed-in customers see it (others: pageType 106). */
  members_only: Generated<boolean>;
  version: Generated<number>;
  /** The owner id of the last save. */
  updated_by: string | null;
}

export interface ItemsTable {
  id: string;
  site_id: string;
  collection_id: string;
  url_id: string;
  title: string;
  record_type: number;
  /** HTML written by the owner (trusted), rendered as is. */
  body: Generated<string>;
  excerpt: Generated<string>;
  author: NullableJSON<{ displayName: string }>;
  tags: JSONWithDefault<string[]>;
  categories: JSONWithDefault<string[]>;
  published_on: Generated<Date>;
  /** Events: epoch milliseconds (SPEC 3.7). */
  start_date: number | null;
  end_date: number | null;
  location: NullableJSON<Record<string, unknown>>;
  like_count: Generated<number>;
  public_comment_count: Generated<number>;
  comment_state: Generated<number>;
  starred: Generated<boolean>;
  main_image_id: string | null;
  /** Extra images (product gallery, gallery collection members) in order. */
  asset_ids: JSONWithDefault<string[]>;
  position: Generated<number>;
  data: JSONWithDefault<Record<string, unknown>>;
  /** Issue 13: `ItemStatus`; visitors see only 'published'. */
  status: Generated<string>;
  /** When a 'scheduled' item goes live. */
  publish_on: Date | null;
  /** Events: the IANA zone their dates are shown in (null: the site's). */
  time_zone: string | null;
  version: Generated<number>;
  updated_on: Generated<Date>;
}

/**
 * A media library asset: an uploaded or generated image (its widths stored under
 * `assets/{id}/…`, see content/asset-files.ts) or an uploaded file (`kind` 'file').
 */
export interface AssetsTable {
  id: string;
  site_id: string;
  filename: string;
  content_type: string;
  width: number;
  height: number;
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  alt_text: Generated<string>;
  title: Generated<string>;
  body: Generated<string>;
  color_data: JSONWithDefault<Record<string, string>>;
  /** Widths that exist on disk (SPEC 9.2 widths not above the original). */
  widths: JSONWithDefault<number[]>;
  created_on: Generated<Date>;
  /** 'image' | 'file' (shared/media/api.ts MediaKind). Files have width and height 0. */
  kind: ColumnType<'image' | 'file', 'image' | 'file' | undefined, 'image' | 'file'>;
  /** Bytes of the original upload (0 for generated images). */
  size: Generated<number>;
  /** Bumped by each replacement of the bytes; part of the stored keys and the image URLs. */
  revision: Generated<number>;
  /** The highest revision handed out: a replacement claims the next before storing its files. */
  revision_claimed: Generated<number>;
}

/**
 * What an asset's files are made from, so a process whose DATA_DIR lacks them (another machine,
 * a lost folder) renders them again instead of answering 404. Generated images keep their SVG.
 */
export interface AssetSourcesTable {
  asset_id: string;
  svg: string;
}

/** Saved versions of pages and items (`src/server/content/editing/versions.ts`). */
export interface ContentVersionsTable {
  site_id: string;
  /** 'pages' | 'items' (`VersionedKind`). */
  kind: string;
  target_id: string;
  n: number;
  doc: JSONColumnType<object>;
  label: string;
  author_id: string | null;
  author_name: string | null;
  created_on: Generated<Date>;
}

/** Who is editing a page or item (`src/server/content/editing/locks.ts`). */
export interface ContentLocksTable {
  site_id: string;
  kind: string;
  target_id: string;
  owner_id: string;
  owner_name: string;
  since: Generated<Date>;
  expires_at: Date;
}

/** Old paths that lead to new ones (a published page's slug changed). */
export interface RedirectsTable {
  site_id: string;
  from_path: string;
  to_path: string;
  created_on: Generated<Date>;
}

export interface ContentTables {
  content_versions: ContentVersionsTable;
  content_locks: ContentLocksTable;
  redirects: RedirectsTable;
  collections: CollectionsTable;
  items: ItemsTable;
  assets: AssetsTable;
  asset_sources: AssetSourcesTable;
}
