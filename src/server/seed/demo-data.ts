import fs from 'node:fs';
import path from 'node:path';
import type { PageSection } from '../../shared/content/blocks.js';
import type { NewProduct, NewVariant } from '../catalog/insert-product.js';
import type { InstallmentSettings, MerchandisingSettings } from '../catalog/tables.js';
import type { DemoArt } from './demo-art.js';
import type { SitePolicies } from '../../shared/content/site-api.js';

/**
 * The shape of a demo website's data file in `demo/` (JSON, so the content can be edited without
 * touching code). `demo-sites.ts` loads it into a fresh database.
 */
export interface DemoSiteData {
  site: {
    id: string;
    slug: string;
    title: string;
    description: string;
    language: string;
    currency: string;
    timeZone: string;
    minimumOrderSubtotalCents: number;
    multipleQuantityAllowedForServices: boolean;
    tweaks?: Record<string, string>;
    navigation: string[];
    /** Product reviews on (the main demo; new websites start with them off). */
    reviewsEnabled?: boolean;
    /** The store's written policies (HTML), linked from the footer at /policies/{kind}. */
    policies?: SitePolicies;
  };
  /** Merged under every product's own merchandising and installment settings. */
  defaults: {
    merchandising: Partial<MerchandisingSettings>;
    installment: Partial<InstallmentSettings>;
  };
  images: DemoImage[];
  /** Files digital products deliver (demo-files.ts). */
  files?: DemoFile[];
  collections: DemoCollection[];
  products: DemoProduct[];
  posts?: DemoPost[];
  gallery?: DemoGalleryImage[];
  events?: DemoEvent[];
}

/** A file a demo digital product delivers after purchase: a one-page PDF written from text. */
export interface DemoFile {
  id: string;
  filename: string;
  title: string;
  /** The page's lines, top to bottom (Latin-1: the PDF uses a standard font). */
  lines: string[];
}

export interface DemoImage {
  id: string;
  title: string;
  alt: string;
  /** Long description; SPEC 9.2 alt fallback reads it when alt is empty. */
  body?: string;
  width: number;
  height: number;
  focal?: { x: number; y: number };
  art: DemoArt;
}

export interface DemoCollection {
  id: string;
  urlId: string;
  title: string;
  description?: string;
  type: number;
  kind:
    | 'page'
    | 'splash'
    | 'folder'
    | 'products'
    | 'blog'
    | 'gallery'
    | 'events'
    | 'footer'
    | 'not-found';
  folderBehavior?: number | null;
  /** Place in the header navigation; null keeps it out. */
  navIndex: number | null;
  /** The navigation folder it sits in. */
  parentId?: string;
  sections?: PageSection[];
  settings?: Record<string, unknown>;
}

interface DemoItemBase {
  id: string;
  urlId: string;
  title: string;
  excerpt?: string;
  body?: string;
  tags?: string[];
  categories?: string[];
  image?: string;
  /** More images (product gallery). */
  images?: string[];
}

export interface DemoProduct extends DemoItemBase {
  /** Which SPEC 3.3 / 4.7 cases this product demonstrates (docs/catalog.md lists them). */
  covers: string[];
  product: Omit<NewProduct, 'itemId' | 'siteId' | 'variants'> & { variants: DemoVariant[] };
  /** A digital product's file: an id of the site's `files`. */
  digitalFile?: string;
}

/** A demo variant: the catalog's fields plus its shipping weight and its own image (issue 12). */
export interface DemoVariant extends NewVariant {
  weightGrams?: number;
  /** An image id of `images`: choosing this variant shows it in the product's gallery. */
  imageId?: string;
  /**
   * An event id of `events` (issue 14): `{date}` in the option values becomes that event's
   * date, written at seed (event-dates.ts), so a class's options and the events page agree.
   */
  eventId?: string;
}

export interface DemoPost extends DemoItemBase {
  author: string;
  /** Days before the seed ran (negative: a scheduled post's time, in the future). */
  daysAgo: number;
  /** Issue 13 item status; published when left out. A scheduled one goes live `-daysAgo` days on. */
  status?: 'draft' | 'scheduled' | 'needs-review' | 'private' | 'deprecated' | 'published';
  likeCount: number;
  publicCommentCount: number;
  commentState: number;
  starred?: boolean;
}

export type DemoGalleryImage = DemoItemBase;

export interface DemoEvent extends DemoItemBase {
  /** Days from the seed (negative: past) and the local hour it starts. */
  startInDays: number;
  /**
   * Moves the day forward to the next such weekday (0 Sunday … 6 Saturday, in the site's time
   * zone), so classes and markets fall on weekends whatever day the seed runs.
   */
  onWeekday?: number;
  startHour: number;
  durationHours: number;
  location: {
    addressTitle?: string;
    addressLine1: string;
    addressLine2: string;
    addressCountry: string;
    mapLat: number;
    mapLng: number;
  };
}

export function readDemoSite(demoDir: string, file: string): DemoSiteData {
  return JSON.parse(fs.readFileSync(path.join(demoDir, file), 'utf8')) as DemoSiteData;
}
