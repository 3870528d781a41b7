import { PRODUCTS_COLLECTION_TYPE } from './editor-constants.js';
import { editorFetch } from './editor-fetch.js';
import {
  inventoryProducts,
  type InventoryProduct,
  type ShopContextJson,
} from './inventory-rows.js';

interface NavigationContextJson extends ShopContextJson {
  navigation?: { fullUrl?: string }[];
}

/** `/shop?offset=24` → `/shop?offset=24&format=json`. */
export function jsonUrl(path: string): string {
  const u = new URL(path, 'http://x');
  u.searchParams.set('format', 'json');
  return `${u.pathname}${u.search}`;
}

/**
 * The stocked products of every product list page in the site's navigation, read from the
 * storefront's own `?format=json` context (the catalog has no owner listing endpoint), following
 * each list's pagination. The context reflects stock at once: a stock change bumps the site's
 * content version, which the page cache is keyed on.
 */
export async function loadShopProducts(signal: AbortSignal): Promise<InventoryProduct[]> {
  const home = await editorFetch<NavigationContextJson>(jsonUrl('/'), { signal });
  const paths = new Set<string>();
  for (const n of home.navigation ?? []) {
    // Same-site page paths only (navigation may hold external links); the cart is no list.
    if (n.fullUrl?.startsWith('/') && !n.fullUrl.startsWith('//') && n.fullUrl !== '/cart')
      paths.add(n.fullUrl);
  }
  const failures: unknown[] = [];
  const lists = await Promise.all(
    [...paths].map(async (path) => {
      const pages: ShopContextJson[] = [];
      try {
        let next: string | undefined = path;
        for (let i = 0; next && i < 100; i++) {
          const page: ShopContextJson = await editorFetch<ShopContextJson>(jsonUrl(next), {
            signal,
          });
          if (page.collection?.type !== PRODUCTS_COLLECTION_TYPE) break;
          pages.push(page);
          next = page.pagination?.nextPage ? page.pagination.nextPageUrl : undefined;
        }
      } catch (err) {
        // One broken page must not hide the others' products; with nothing at all, it is the error.
        if (signal.aborted) throw err;
        failures.push(err);
      }
      return pages;
    }),
  );
  const products = inventoryProducts(lists.flat());
  if (products.length === 0 && failures.length > 0) throw failures[0];
  return products;
}
