import type { Generated, JSONColumnType } from 'kysely';

/** One block of a page's layout (SPEC 3.10 block types). `data` depends on the type. */
export interface PageBlock {
  type:
    | 'html'
    | 'image'
    | 'form'
    | 'newsletter'
    | 'product'
    | 'products'
    | 'button'
    | 'gallery'
    | 'summary';
  data: Record<string, unknown>;
}

export interface CollectionsTable {
  id: string;
  site_id: string;
  /** The path segment: '' for the home page, 'shop', 'blog'… */
  url_id: string;
  title: string;
  description: string;
  /** SPEC 3.10 collection type (products 13, page 10, generic 1 for blogs/events, gallery…). */
  type: number;
  /** What the collection is for the theme: 'page' | 'products' | 'blog' | 'gallery' | 'events'. */
  kind: string;
  folder_behavior: number | null;
  /** Position in the navigation; null keeps it out. */
  nav_index: number | null;
  blocks: JSONColumnType<PageBlock[]>;
  settings: JSONColumnType<Record<string, unknown>>;
  updated_on: Generated<Date>;
}

export interface ItemsTable {
  id: string;
  site_id: string;
  collection_id: string;
  url_id: string;
  title: string;
  record_type: number;
  /** HTML written by the owner (trusted), rendered as is. */
  body: string;
  excerpt: string;
  author: JSONColumnType<{ displayName: string } | null>;
  tags: JSONColumnType<string[]>;
  categories: JSONColumnType<string[]>;
  published_on: Date;
  /** Events: epoch milliseconds (SPEC 3.7). */
  start_date: number | null;
  end_date: number | null;
  location: JSONColumnType<Record<string, unknown> | null>;
  like_count: Generated<number>;
  public_comment_count: Generated<number>;
  comment_state: Generated<number>;
  starred: Generated<boolean>;
  main_image_id: string | null;
  /** Extra images (product gallery, gallery collection members) in order. */
  asset_ids: JSONColumnType<string[]>;
  position: number;
  data: JSONColumnType<Record<string, unknown>>;
}

/** An uploaded or generated image; files live under DATA_DIR/assets/{id}/{width}.{ext}. */
export interface AssetsTable {
  id: string;
  site_id: string;
  filename: string;
  content_type: string;
  width: number;
  height: number;
  focal_x: number;
  focal_y: number;
  alt_text: string;
  title: string;
  body: string;
  color_data: JSONColumnType<Record<string, string>>;
  /** Widths that exist on disk (SPEC 9.2 widths not above the original). */
  widths: JSONColumnType<number[]>;
  created_on: Generated<Date>;
}

export interface ContentTables {
  collections: CollectionsTable;
  items: ItemsTable;
  assets: AssetsTable;
}
