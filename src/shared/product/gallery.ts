/**
 * The product page's image gallery (issue 12): what the server gives the `product-gallery`
 * island, and which image a variant choice shows. Pure, so the server, the islands and the tests
 * share one rule.
 */
import type { OptionSelection } from './rules-product.js';
import type { ProductJson } from './types.js';

/** One image of the gallery: an asset (SPEC 3.7) reduced to what an `<img>` needs. */
export interface GalleryImageJson {
  /** The asset id (`mainImageId` of the item or of a variant). */
  id: string;
  /** `/static/images/{id}`; widths are `{assetUrl}/{w}w.webp` (SPEC 9.2). */
  assetUrl: string;
  width: number;
  height: number;
  altText: string;
  /** SPEC 3.7 mediaFocalPoint, 0–1 each. */
  focalPoint: { x: number; y: number };
}

/** Props of the `product-gallery` island (docs/rendering.md "Product gallery"). */
export interface ProductGalleryProps {
  /** The product (item) id: variant choices of this product's form move this gallery. */
  itemId: string;
  /** The product's images in the owner's order, main image first, then variant-only images. */
  images: GalleryImageJson[];
  /** Labels in the site's language (storefront-texts). */
  labels: GalleryLabels;
}

export interface GalleryLabels {
  /** 'Product images' — the region's name. */
  gallery: string;
  previous: string;
  next: string;
  /** 'Image {n} of {total}' */
  imageOf: string;
}

/** 'Image {n} of {total}' with its numbers. */
export function imageOfText(template: string, n: number, total: number): string {
  return template.replace('{n}', String(n)).replace('{total}', String(total));
}

/**
 * Gallery order: the item's main image, its other images, then any image only a variant names
 * (so choosing that variant has something to show); each asset once.
 */
export function galleryImageIds(
  mainImageId: string | null | undefined,
  assetIds: readonly string[],
  product: Pick<ProductJson, 'variants'> | undefined,
): string[] {
  const ids: string[] = [];
  const add = (id: string | null | undefined) => {
    if (id && !ids.includes(id)) ids.push(id);
  };
  add(mainImageId);
  assetIds.forEach(add);
  product?.variants.forEach((v) => add(v.mainImageId));
  return ids;
}

/**
 * The image a selection shows: the chosen variant's own image; with only some options chosen,
 * the image every variant still possible shares (choosing Glaze: Oatmeal shows the oatmeal mug
 * before a size is picked). Undefined: nothing chosen yet, or the candidates disagree — the
 * gallery stays where the shopper left it.
 */
export function variantImageId(
  product: Pick<ProductJson, 'variants'>,
  selection: OptionSelection,
): string | undefined {
  const chosen = Object.entries(selection).filter(([, v]) => v);
  if (chosen.length === 0) return undefined;
  const candidates = product.variants.filter((v) =>
    chosen.every(([name, value]) => v.attributes[name] === value),
  );
  const first = candidates[0]?.mainImageId;
  if (!first) return undefined;
  return candidates.every((v) => v.mainImageId === first) ? first : undefined;
}
