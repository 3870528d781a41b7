import { PageType } from '../../../shared/enums.js';
import type { PageBlock } from '../../content/tables.js';
import type { CollectionRow, ItemRow } from '../../content/content-queries.js';
import type { ContextDeps, PageRequest } from './context-deps.js';
import { assetIdsOf, imageJson, itemJson } from './item-json.js';
import { attachProducts, unlistedIds } from './products-json.js';
import { baseContext, collectionJson } from './site-context.js';
import type { BlockJson, ItemJson, PageContext } from './types.js';

/** Most items a products/summary block lists. */
const BLOCK_ITEMS_MAX = 12;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/**
 * A layout page (pageType 2; the home page is the collection with url id ''). Each block becomes
 * a node with what its template needs: images resolved, product lists loaded, and the island
 * props of form and newsletter blocks from the forms domain's loaders.
 */
export async function buildPageContext(
  deps: ContextDeps,
  req: PageRequest,
  collection: CollectionRow,
): Promise<PageContext> {
  const { site, collections } = req.base;
  const blocks: PageBlock[] = Array.isArray(collection.blocks) ? collection.blocks : [];
  const ctx = baseContext(req.base, {
    pageType: PageType.PAGE,
    templateFile: 'collections/page.page',
    title: collection.url_id === '' ? site.title : collection.title,
    description: collection.description,
  });

  // Draft and hidden products appear in no block.
  const hasItemBlocks = blocks.some((b) => ['product', 'products', 'summary'].includes(b.type));
  const unlisted = hasItemBlocks ? await unlistedIds(deps, site.id) : [];
  // Items shown by product/summary blocks: one list query per such block (pages have few).
  const blockRows = await Promise.all(
    blocks.map(async (b): Promise<ItemRow[]> => {
      if (b.type === 'product') {
        const id = str(b.data.itemId);
        return id && !unlisted.includes(id)
          ? deps.content.findItemsByIds(deps.db, site.id, [id])
          : [];
      }
      if (b.type === 'products' || b.type === 'summary') {
        const urlId = str(b.data.collection) ?? str(b.data.collectionUrlId) ?? 'shop';
        const source = collections.find((c) => c.url_id === urlId);
        if (!source) return [];
        const limit = Math.min(Number(b.data.limit) || 4, BLOCK_ITEMS_MAX);
        const { rows } = await deps.content.listItems(deps.db, site.id, source.id, {
          offset: 0,
          limit,
          order: source.kind === 'blog' ? 'newest' : 'position',
          excludeIds: source.kind === 'products' ? unlisted : undefined,
        });
        return rows;
      }
      return [];
    }),
  );
  const blockAssetIds = blocks.flatMap((b) => {
    if (b.type === 'image') return str(b.data.assetId) ? [b.data.assetId as string] : [];
    if (b.type === 'gallery' && Array.isArray(b.data.assetIds)) {
      return (b.data.assetIds as unknown[]).filter((x): x is string => typeof x === 'string');
    }
    return [];
  });
  const assets = await deps.content.findAssets(deps.db, site.id, [
    ...blockAssetIds,
    ...assetIdsOf(blockRows.flat()),
  ]);

  const page = { collectionId: collection.id, path: req.base.path, title: collection.title };
  const products: ItemJson[] = [];
  const blockProduct: ItemJson[] = [];
  const out: BlockJson[] = await Promise.all(
    blocks.map(async (b, i): Promise<BlockJson> => {
      const json: BlockJson = { type: b.type, typeName: `${b.type}-block`, data: b.data };
      if (b.type === 'image') {
        const a = assets.get(str(b.data.assetId) ?? '');
        if (a) json.image = imageJson(a);
      } else if (b.type === 'gallery') {
        const ids = Array.isArray(b.data.assetIds) ? (b.data.assetIds as string[]) : [];
        json.images = ids.flatMap((id) => {
          const a = assets.get(id);
          return a ? [imageJson(a)] : [];
        });
      } else if (b.type === 'form' || b.type === 'newsletter') {
        const loader = deps.blockProps[b.type];
        const props = loader ? await loader({ db: deps.db, site, block: b, page }) : null;
        if (props) json[b.type === 'form' ? 'formIsland' : 'newsletterIsland'] = props;
      } else {
        const rows = blockRows[i] ?? [];
        if (rows.length) {
          json.items = rows.map((r) => {
            const home = collections.find((c) => c.id === r.collection_id);
            return itemJson(r, home ?? { url_id: '', kind: 'page' }, assets, ctx.websiteSettings);
          });
          const isShop = (it: ItemJson) =>
            collections.find((c) => c.id === it.collectionId)?.kind === 'products';
          if (b.type === 'product') blockProduct.push(...json.items.filter(isShop));
          else products.push(...json.items.filter(isShop));
        }
      }
      return json;
    }),
  );
  await attachProducts(deps.db, deps.catalog, site, ctx, products, 'plp');
  // A product block hydrates the product form in its own tracking page type (SPEC 2.1).
  await attachProducts(deps.db, deps.catalog, site, ctx, blockProduct, 'product_block');
  for (const b of out) {
    const island = b.type === 'product' ? b.items?.[0]?.productIsland : undefined;
    if (!island) continue;
    // The block's button setting: 'Express Checkout' adds, then goes straight on to checkout
    // (SPEC 4.1 path 3). Each block has its own item rows, so setting it here touches no other.
    if (b.data.expressCheckout === true) island.expressCheckout = true;
    b.productIsland = island;
  }

  const hasOwnHeading = blocks.some(
    (b) => b.type === 'html' && /<h1[\s>]/i.test(String(b.data.html ?? '')),
  );
  ctx.collection = { ...collectionJson(collection), blocks: out, hasOwnHeading };
  // The page's forms at the top of `?format=json` too (issue: id, name, fields…), besides the
  // island props each block carries.
  const forms = out.flatMap((b) => {
    const island = (b.formIsland ?? b.newsletterIsland) as { form?: unknown } | undefined;
    return island?.form ? [island.form] : [];
  });
  if (forms.length) ctx.forms = forms;
  return ctx;
}
