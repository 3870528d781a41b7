import {
  BLOCK_NAMES,
  BlockCode,
  type ContentBlock,
  type PageSection,
} from '../../../shared/content/blocks.js';
import { videoEmbedOf } from '../../../shared/content/video-url.js';
import { galleryBlockInput, gallerySettings } from '../../../shared/gallery/gallery-settings.js';
import type { CollectionRow, ItemRow } from '../../content/content-queries.js';
import { hiddenCollectionIds, type ContextDeps, type PageRequest } from './context-deps.js';
import { assetIdsOf, imageJson, itemJson } from './item-json.js';
import { attachProducts, unlistedIds } from './products-json.js';
import type { BlockJson, ItemJson, PageContext, SectionJson } from './types.js';

/** Most items a product list or summary block shows (SectionLimits: 1–12). */
const BLOCK_ITEMS_MAX = 12;
/** Events a summary reads to put the upcoming ones first. */
const EVENTS_SCAN = 100;

/** Where the sections sit: forms' island props name the page. */
export interface SectionsPage {
  collectionId: string;
  title: string;
}

/**
 * Page sections (`shared/content/blocks.ts`) as the theme's nodes (`blocks/page-block.block`):
 * images resolved, product lists and summaries loaded, form/newsletter/product island props.
 * Used for a page's own sections, the footer's and the 404 page's, and the builder's preview.
 * Products go through `attachProducts` on `ctx` (merchandising context is page-wide).
 */
export async function sectionsJson(
  deps: ContextDeps,
  req: PageRequest,
  ctx: PageContext,
  sections: readonly PageSection[],
  page: SectionsPage,
): Promise<SectionJson[]> {
  const { site, collections } = req.base;
  const blocks = sections.flatMap((s) => s.blocks);
  const needsUnlisted = blocks.some(
    (b) => b.type === BlockCode.PRODUCT || b.type === BlockCode.PRODUCT_LIST,
  );
  const unlisted = needsUnlisted ? await unlistedIds(deps, site.id) : [];
  const now = req.now ?? Date.now();
  const rowsByBlock = new Map<string, ItemRow[]>();
  await Promise.all(
    blocks.map(async (b) => {
      const rows = await blockRows(deps, req, b, unlisted, now);
      if (rows.length) rowsByBlock.set(b.id, rows);
    }),
  );
  const assetIds = [
    ...sections.flatMap((s) => (s.backgroundImageId ? [s.backgroundImageId] : [])),
    ...blocks.flatMap((b) => {
      if (b.type === BlockCode.IMAGE) return b.assetId ? [b.assetId] : [];
      if (b.type === BlockCode.GALLERY) return b.assetIds;
      return [];
    }),
    ...assetIdsOf([...rowsByBlock.values()].flat()),
  ];
  const assets = await deps.content.findAssets(deps.db, site.id, assetIds);
  const homeOf = (id: string): Pick<CollectionRow, 'url_id' | 'kind'> =>
    collections.find((c) => c.id === id) ?? { url_id: '', kind: 'page' };
  const listed: ItemJson[] = [];
  const single: ItemJson[] = [];
  const path = req.base.path;

  const blockJson = async (b: ContentBlock): Promise<BlockJson> => {
    const json: BlockJson = { id: b.id, type: b.type, typeName: BLOCK_NAMES[b.type], data: b };
    switch (b.type) {
      case BlockCode.IMAGE: {
        const a = b.assetId ? assets.get(b.assetId) : undefined;
        if (a) json.image = { ...imageJson(a), ...(b.alt ? { altText: b.alt } : {}) };
        break;
      }
      case BlockCode.GALLERY: {
        // A gallery page's settings and rule (`gallerySettings`), drawn by the same partial.
        const gallery = gallerySettings(galleryBlockInput(b));
        json.images = b.assetIds.flatMap((id) => {
          const a = assets.get(id);
          return a ? [imageJson(a)] : [];
        });
        json.gallery = gallery;
        json.entries = json.images.map((image) => ({
          title: image.title,
          excerpt: image.body,
          fullUrl: '',
          mainImage: image,
        }));
        json.perRow = gallery.thumbnailsPerRow;
        break;
      }
      case BlockCode.FORM:
      case BlockCode.NEWSLETTER: {
        const name = b.type === BlockCode.FORM ? 'form' : 'newsletter';
        const loader = deps.blockProps[name];
        const props = loader
          ? await loader({
              db: deps.db,
              site,
              block: { type: name, data: { formId: b.formId } },
              page: { collectionId: page.collectionId, path, title: page.title },
            })
          : null;
        if (props) json[name === 'form' ? 'formIsland' : 'newsletterIsland'] = props;
        break;
      }
      case BlockCode.VIDEO: {
        const embed = videoEmbedOf(b.url);
        if (embed) json.video = embed;
        break;
      }
      case BlockCode.MAP:
        json.mapUrl = `https://www.openstreetmap.org/?mlat=${b.lat}&mlon=${b.lng}#map=${b.zoom}/${b.lat}/${b.lng}`;
        break;
      case BlockCode.SOCIAL_LINKS:
        json.links = b.links.map((l) => ({ ...l, label: networkLabel(l.network) }));
        break;
      case BlockCode.SUMMARY:
      case BlockCode.PRODUCT_LIST:
      case BlockCode.PRODUCT: {
        const rows = rowsByBlock.get(b.id) ?? [];
        if (!rows.length) break;
        json.items = rows.map((r) =>
          itemJson(r, homeOf(r.collection_id), assets, ctx.websiteSettings),
        );
        const shop = json.items.filter((it) => homeOf(it.collectionId).kind === 'products');
        if (b.type === BlockCode.PRODUCT) single.push(...shop);
        else listed.push(...shop);
        if (b.type === BlockCode.SUMMARY) {
          json.source = homeOf(rows[0]!.collection_id).kind;
        }
        break;
      }
      default:
        break;
    }
    return json;
  };

  const out: SectionJson[] = await Promise.all(
    sections.map(async (s, i) => {
      const bg = s.backgroundImageId ? assets.get(s.backgroundImageId) : undefined;
      return {
        id: s.id,
        layout: s.layout,
        tone: s.tone,
        first: i === 0,
        ...(bg ? { backgroundImage: imageJson(bg) } : {}),
        blocks: await Promise.all(s.blocks.map(blockJson)),
      };
    }),
  );
  await attachProducts(deps.db, deps.catalog, site, ctx, listed, 'plp');
  // A product block hydrates the product form in its own tracking page type (SPEC 2.1).
  await attachProducts(deps.db, deps.catalog, site, ctx, single, 'product_block');
  for (const b of out.flatMap((s) => s.blocks)) {
    const island = b.type === BlockCode.PRODUCT ? b.items?.[0]?.productIsland : undefined;
    if (!island) continue;
    // 'Express Checkout' adds, then goes straight on to checkout (SPEC 4.1 path 3). Each block
    // has its own item rows, so setting it here touches no other block.
    if ((b.data as { expressCheckout?: boolean }).expressCheckout === true) {
      island.expressCheckout = true;
    }
    b.productIsland = island;
  }
  return out;
}

/** Items a product, product list or summary block shows; none for other blocks. */
async function blockRows(
  deps: ContextDeps,
  req: PageRequest,
  b: ContentBlock,
  unlisted: string[],
  now: number,
): Promise<ItemRow[]> {
  const siteId = req.base.site.id;
  // Issue 14: members-only and locked collections' items stay off the pages visitors share.
  const hidden = hiddenCollectionIds(req);
  if (b.type === BlockCode.PRODUCT) {
    if (!b.itemId || unlisted.includes(b.itemId)) return [];
    const rows = await deps.content.findItemsByIds(deps.db, siteId, [b.itemId]);
    return rows.filter((r) => !hidden.includes(r.collection_id));
  }
  if (b.type !== BlockCode.PRODUCT_LIST && b.type !== BlockCode.SUMMARY) return [];
  const source = req.base.collections.find((c) => c.id === b.collectionId);
  if (!source || hidden.includes(source.id)) return [];
  const limit = Math.min(b.limit, BLOCK_ITEMS_MAX);
  if (source.kind === 'events') {
    // Upcoming events first, soonest first; past ones after, latest first.
    const { rows } = await deps.content.listItems(deps.db, siteId, source.id, {
      offset: 0,
      limit: EVENTS_SCAN,
      order: 'start-date',
    });
    const ends = (r: ItemRow) => Number(r.end_date ?? r.start_date ?? 0);
    const upcoming = rows.filter((r) => ends(r) >= now);
    const past = rows.filter((r) => ends(r) < now).reverse();
    return [...upcoming, ...past].slice(0, limit);
  }
  const { rows } = await deps.content.listItems(deps.db, siteId, source.id, {
    offset: 0,
    limit,
    order: source.kind === 'blog' ? 'newest' : 'position',
    excludeIds: source.kind === 'products' ? unlisted : undefined,
  });
  return rows;
}

const NETWORK_LABELS: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  twitter: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  threads: 'Threads',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  email: 'Email',
};

/** The name a social link shows ('instagram' → 'Instagram'; unknown names as written). */
function networkLabel(network: string): string {
  return NETWORK_LABELS[network.toLowerCase()] ?? network;
}
