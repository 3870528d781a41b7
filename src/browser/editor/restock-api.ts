import type {
  RestockSignUpGroupJson,
  RestockSignUpGroupsResponse,
} from '../../shared/restock/types.js';
import { RESTOCK_PATHS } from './editor-constants.js';
import { editorFetch, withQuery } from './editor-fetch.js';
import { fetchAllPages } from './fetch-all-pages.js';

/** Every sign-up group of the website: the pages followed until `hasNextPage` is false (SPEC 7). */
export function loadRestockGroups(signal?: AbortSignal): Promise<RestockSignUpGroupJson[]> {
  return fetchAllPages(
    (cursor) =>
      editorFetch<RestockSignUpGroupsResponse>(
        withQuery(RESTOCK_PATHS.groups, { cursor, limit: 200 }),
        signal ? { signal } : {},
      ),
    (page) => page.signUpGroups,
  );
}

/** 'Size: Small · Color: Sea Glass', else the SKU: how a variant is named on screen. */
export function variantName(g: Pick<RestockSignUpGroupJson, 'attributes' | 'sku'>): string {
  const options = Object.entries(g.attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join(' · ');
  return options || g.sku || 'Only variant';
}
