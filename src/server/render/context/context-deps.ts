import type { Db } from '../../db/database.js';
import { customerAccountsOn } from '../../customers/customer-session.js';
import type { BlockPropsLoader } from '../block-props.js';
import type { ItemExtrasLoader, ListExtrasLoader } from '../item-extras.js';
import type { CatalogReader } from './catalog-reader.js';
import type { ContentReader } from './content-reader.js';
import type { SiteBase } from './site-context.js';

/** What the context builders read from: the database through the content and catalog readers. */
export interface ContextDeps {
  db: Db;
  catalog: CatalogReader;
  content: ContentReader;
  blockProps: Partial<Record<'form' | 'newsletter', BlockPropsLoader>>;
  /** Other domains' additions to an item page (comments, likes, share links; item-extras.ts). */
  itemExtras?: Readonly<Record<string, ItemExtrasLoader>>;
  /** Other domains' additions to a shop list's product cards (review stars; item-extras.ts). */
  listExtras?: Readonly<Record<string, ListExtrasLoader>>;
}

/** The parts of a request a page depends on (the page cache keys on exactly these). */
export interface PageQuery {
  offset: number;
  tag?: string | undefined;
  category?: string | undefined;
  q?: string | undefined;
}

export interface PageRequest {
  base: SiteBase;
  query: PageQuery;
  /** A signed-in owner previewing: draft products' and draft pages render instead of a 404. Never cached. */
  preview?: boolean;
  /** The render's clock (epoch ms): summaries put upcoming events first. Defaults to now. */
  now?: number;
  /**
   * Password-protected pages (issue 13) this visitor opened (ids of collections whose signed
   * cookie is valid); any other protected page renders its lock screen. Never cached.
   */
  unlocked?: ReadonlySet<string>;
  /** The lock screen's form: this request's crumb and the wrong-password text, if any. */
  lock?: { crumb: string; error: string };
  /** The blog post, event or gallery item a valid preview link opens, even unpublished. */
  previewItemId?: string;
  /**
   * Issue 14: the visitor is a signed-in customer or an owner of the site, so members-only
   * collections' items may show in search and summaries. Such renders are never cached.
   */
  member?: boolean;
}

/**
 * Issue 14: collections whose items this render must leave out of search results and of
 * summary, product list and product blocks:
 * - members-only ones, unless the website has customer accounts off (then they are public) or
 *   the visitor is a member (`req.member`);
 * - password-protected ones, unless this render is the owner's preview or the visitor's pass
 *   opened that collection (`req.unlocked`). A pass opens one page, not the site's search: like
 *   the hosted builders, a protected page's items are never listed where the lock is not asked.
 */
export function hiddenCollectionIds(
  req: Pick<PageRequest, 'base' | 'member' | 'preview' | 'unlocked'>,
): string[] {
  const membersHidden = !req.member && customerAccountsOn(req.base.site);
  return req.base.collections
    .filter(
      (c) =>
        (membersHidden && c.members_only) ||
        (c.password_hash !== null && !req.preview && !req.unlocked?.has(c.id)),
    )
    .map((c) => c.id);
}

/** Items per list page, by collection kind. */
export const PAGE_SIZES: Record<string, number> = {
  products: 24,
  blog: 10,
  events: 20,
  gallery: 60,
  search: 20,
};
