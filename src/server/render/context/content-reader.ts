import type {
  findAssets,
  findItem,
  findItemsByIds,
  listItems,
  searchItems,
} from '../../content/content-queries.js';

/**
 * What rendering reads from the content domain. Passed in like the catalog reader, so the page
 * renderer can memoize it per content version (`read-memo.ts`) and tests can pass fakes.
 */
export interface ContentReader {
  listItems: typeof listItems;
  findItem: typeof findItem;
  findItemsByIds: typeof findItemsByIds;
  findAssets: typeof findAssets;
  searchItems: typeof searchItems;
}
