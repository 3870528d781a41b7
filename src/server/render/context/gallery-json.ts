import { altText, focalPoint } from '../../../shared/images.js';
import { themeTexts } from '../../../shared/i18n/storefront-texts.js';
import {
  galleryImageIds,
  type GalleryImageJson,
  type ProductGalleryProps,
} from '../../../shared/product/gallery.js';
import type { ProductJson } from '../../../shared/product/types.js';
import type { AssetRow, ItemRow } from '../../content/content-queries.js';
import type { ContextDeps } from './context-deps.js';
import { imageJson } from './item-json.js';

function galleryImage(asset: AssetRow, title: string): GalleryImageJson {
  return {
    id: asset.id,
    // The item JSON's own URL rule (one home: it may carry the asset's revision).
    assetUrl: imageJson(asset).assetUrl,
    width: asset.width,
    height: asset.height,
    // A product photo is content: without alt text or a body, the product's name describes it.
    altText: altText(asset.alt_text, asset.body) || asset.title || title,
    focalPoint: focalPoint({ x: asset.focal_x, y: asset.focal_y }),
  };
}

/**
 * The `product-gallery` island's props for a product page (docs/rendering.md "Product
 * gallery"): the item's images, then images only a variant names (fetched here when the page
 * did not load them yet). Undefined with fewer than two images: the theme shows the one image
 * as a plain `<img>` and no island code is needed.
 */
export async function galleryProps(
  deps: Pick<ContextDeps, 'db' | 'content'>,
  siteId: string,
  language: string,
  row: Pick<ItemRow, 'id' | 'title' | 'main_image_id' | 'asset_ids'>,
  product: Pick<ProductJson, 'variants'> | undefined,
  loaded: Map<string, AssetRow>,
): Promise<ProductGalleryProps | undefined> {
  const ids = galleryImageIds(row.main_image_id, row.asset_ids, product);
  if (ids.length < 2) return undefined;
  const missing = ids.filter((id) => !loaded.has(id));
  const more = missing.length ? await deps.content.findAssets(deps.db, siteId, missing) : loaded;
  const images = ids.flatMap((id) => {
    const asset = loaded.get(id) ?? more.get(id);
    // Only pictures: a file of the media library (no size) named by mistake is left out.
    return asset && asset.width > 0 && asset.height > 0 ? [galleryImage(asset, row.title)] : [];
  });
  if (images.length < 2) return undefined;
  const t = themeTexts(language);
  return {
    itemId: row.id,
    images,
    labels: {
      gallery: t.productImagesText,
      previous: t.previousImageText,
      next: t.nextImageText,
      imageOf: t.imageOfText,
    },
  };
}
