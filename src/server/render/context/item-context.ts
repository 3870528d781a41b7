import { PageType } from '../../../shared/enums.js';
import { stripTags } from '../../../shared/html.js';
import type { CollectionRow, ItemRow } from '../../content/content-queries.js';
import type { ContextDeps, PageRequest } from './context-deps.js';
import { assetIdsOf, itemJson } from './item-json.js';
import { galleryProps } from './gallery-json.js';
import { attachProducts } from './products-json.js';
import { productStructuredData, scriptJson } from './product-structured-data.js';
import { baseContext, collectionJson } from './site-context.js';
import type { PageContext } from './types.js';

/** How many related products a product page shows. */
const RELATED_LIMIT = 4;
/** How many add-on products a product page offers beside its own button. */
const ADD_ONS_LIMIT = 4;

/**
 * A content item's page (pageType 50): a product (`/shop/p/{slug}`), a blog post, an event or a
 * gallery image. Undefined when no such item exists (the route answers 404). A product page also
 * carries its related products (plp cards) and its add-on products (SPEC 1.1: compact product
 * forms whose add-to-cart events say pageType 'add-on').
 */
export async function buildItemContext(
  deps: ContextDeps,
  req: PageRequest,
  collection: CollectionRow,
  slug: string,
): Promise<PageContext | undefined> {
  const { site } = req.base;
  // Unpublished items are 404s, except the one a preview link opens (issue 13).
  const row = await deps.content.findItem(
    deps.db,
    site.id,
    collection.id,
    slug,
    collection.kind === 'products' ? undefined : req.previewItemId,
  );
  if (!row) return undefined;
  const isProduct = collection.kind === 'products';
  const unlisted = isProduct
    ? await deps.catalog.unlistedItemIds(deps.db, site.id)
    : { draft: [], hidden: [] };
  // A draft is nowhere on the live site; its owner may preview it. Hidden products open by link.
  if (unlisted.draft.includes(row.id) && !req.preview) return undefined;
  const shown = (id: string) => !unlisted.draft.includes(id) && !unlisted.hidden.includes(id);
  const [relatedIds, addOnIds] = isProduct
    ? await Promise.all([
        deps.catalog.relatedItemIds(deps.db, site.id, row.id),
        deps.catalog.addOnItemIds(deps.db, site.id, row.id),
      ])
    : [[], []];
  // A product is never its own add-on, whatever the stored list says; unlisted ones are never
  // offered beside another.
  const addOnWanted = addOnIds.filter((id) => id !== row.id && shown(id));
  const [relatedRows, addOnRows] = await Promise.all([
    deps.content.findItemsByIds(deps.db, site.id, relatedIds.filter(shown)),
    deps.content.findItemsByIds(deps.db, site.id, addOnWanted),
  ]);
  const related = relatedRows.slice(0, RELATED_LIMIT);
  const assets = await deps.content.findAssets(
    deps.db,
    site.id,
    assetIdsOf([row, ...related, ...addOnRows]),
  );
  const ctx = baseContext(req.base, {
    pageType: PageType.ITEM,
    templateFile: `collections/${collection.kind}.item`,
    title: row.title,
    description: stripTags(row.excerpt || row.body).slice(0, 160),
  });
  const item = itemJson(row, collection, assets, ctx.websiteSettings);
  ctx.collection = collectionJson(collection);
  ctx.item = item;
  // On a gallery image's own page the image is the content, never decoration: without alt text
  // or a body to take it from, it is described by the item's title.
  if (collection.kind === 'gallery' && item.mainImage && !item.mainImage.altText) {
    item.mainImage = { ...item.mainImage, altText: row.title };
  }
  if (isProduct) {
    const toJson = (r: ItemRow) => {
      const home = req.base.collections.find((c) => c.id === r.collection_id) ?? collection;
      return itemJson(r, home, assets, ctx.websiteSettings);
    };
    await attachProducts(deps.db, deps.catalog, site, ctx, [item], 'pdp');
    const gallery = await galleryProps(
      deps,
      site.id,
      site.language,
      row,
      item.structuredContent,
      assets,
    );
    if (gallery) item.gallery = gallery;
    if (related.length) {
      const relatedJson = related.map(toJson);
      await attachProducts(deps.db, deps.catalog, site, ctx, relatedJson, 'plp');
      item.relatedItems = relatedJson;
    }
    if (addOnRows.length) {
      const addOnJson = addOnRows.map(toJson);
      await attachProducts(deps.db, deps.catalog, site, ctx, addOnJson, 'add-on');
      // Only items that are still products of this site can be bought as add-ons.
      const addOns = addOnJson.filter((a) => a.productIsland).slice(0, ADD_ONS_LIMIT);
      if (addOns.length) item.addOns = addOns;
    }
  }
  for (const load of Object.values(deps.itemExtras ?? {})) {
    await load({ db: deps.db, site, item, collectionKind: collection.kind });
  }
  // After the extras: the reviews domain's rating joins the Offers as AggregateRating.
  const structured = isProduct ? productStructuredData(item, req.base.baseUrl) : undefined;
  if (structured) ctx.structuredData = scriptJson(structured);
  return ctx;
}
