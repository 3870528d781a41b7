/** Keyset pages: `{ …, hasNextPage, nextPageCursor }` (SPEC 3.5 group and sign-up lists). */
export interface CursorPage {
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/**
 * Follows `nextPageCursor` until `hasNextPage` is false (SPEC 7: "pages followed until
 * hasNextPage is false") and returns every page's items in order. `maxPages` stops a server that
 * never ends the list from looping forever.
 */
export async function fetchAllPages<P extends CursorPage, T>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  itemsOf: (page: P) => T[],
  maxPages = 100,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const page = await fetchPage(cursor);
    out.push(...itemsOf(page));
    if (!page.hasNextPage || !page.nextPageCursor) return out;
    cursor = page.nextPageCursor;
  }
  return out;
}
