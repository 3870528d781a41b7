/**
 * The site's forms, pages and first product, which block panels offer and new blocks start
 * with. Fetched once when the builder opens (`loadSiteLists`) and forgotten when it closes, so
 * a form made in another screen shows up next time.
 */
import { PageApi, type PageListResponse } from '../../../../shared/content/page-api.js';
import { FormsApi, type FormListItemJson } from '../../../../shared/forms/owner-api.js';
import { ProductApi, type ProductListResponse } from '../../../../shared/product/owner-api.js';
import { editorFetch, withQuery } from '../../editor-fetch.js';

interface Lists {
  forms: Promise<FormListItemJson[]>;
  pages: Promise<PageListResponse>;
  firstProductId: Promise<string | null>;
}

let lists: Lists | null = null;
/** What has arrived so far, for the defaults of a block added now. */
export const known: {
  forms?: FormListItemJson[];
  pages?: PageListResponse;
  firstProductId?: string | null;
} = {};

function keep<K extends keyof typeof known>(
  key: K,
  p: Promise<Exclude<(typeof known)[K], undefined>>,
) {
  p.then(
    (v) => {
      known[key] = v;
    },
    () => undefined,
  );
  return p;
}

export function loadSiteLists(): Lists {
  lists ??= {
    forms: keep(
      'forms',
      editorFetch<{ items: FormListItemJson[] }>(FormsApi.list).then((r) => r.items),
    ),
    pages: keep('pages', editorFetch<PageListResponse>(PageApi.list)),
    firstProductId: keep(
      'firstProductId',
      editorFetch<ProductListResponse>(
        withQuery(ProductApi.list, { limit: 1, sort: 'title' }),
      ).then((r) => r.products[0]?.id ?? null),
    ),
  };
  return lists;
}

export function forgetSiteLists(): void {
  lists = null;
  delete known.forms;
  delete known.pages;
  delete known.firstProductId;
}
