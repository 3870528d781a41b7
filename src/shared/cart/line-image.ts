import { thumbnailBucket, widthsFor, imageUrl } from '../images.js';

/**
 * The picture a cart line shows (issue 14): the chosen variant's own image when it has one, else
 * the product's first image. The cart API sends it with each entry (`image`, docs/cart-api.md).
 */
export interface CartLineImage {
  /** `{assetUrl}/{w}w.webp` is one stored width (SPEC 9.2). */
  assetUrl: string;
  /** The original's size, so the stored widths are known. */
  width: number;
  height: number;
  altText: string;
}

/** What an `<img>` for a square thumbnail slot needs: no layout shift, the right file. */
export interface ThumbnailSource {
  src: string;
  srcSet: string;
  sizes: string;
  /** The slot's size in CSS px (the picture is cropped to fill it). */
  width: number;
  height: number;
}

/** Cart thumbnails are drawn this wide (CSS px); screens up to 2× get a sharp picture. */
export const CART_THUMB_PX = 72;
const MAX_DENSITY = 2;

/**
 * The sources of a thumbnail `slotPx` wide: SPEC 9.2's bucket for the slot at the densest screen
 * served decides the widest file loaded (72 px × 2 = 144 → 300w), never wider than the original
 * was stored; narrower stored widths are offered for 1× screens.
 */
export function thumbnailSource(image: CartLineImage, slotPx = CART_THUMB_PX): ThumbnailSource {
  const bucket = Number.parseInt(thumbnailBucket(slotPx * MAX_DENSITY), 10);
  const stored = widthsFor(image.width);
  const usable = stored.filter((w) => w <= bucket);
  const widths = usable.length > 0 ? usable : [stored[0]!];
  const widest = widths[widths.length - 1]!;
  return {
    src: imageUrl(image.assetUrl, widest),
    srcSet: widths.map((w) => `${imageUrl(image.assetUrl, w)} ${w}w`).join(', '),
    sizes: `${slotPx}px`,
    width: slotPx,
    height: slotPx,
  };
}

/**
 * A line's image: the variant's own (by variant id) or the product's first. Null when the
 * product has no picture.
 */
export function lineImage(
  images: { product: CartLineImage | null; variants: Readonly<Record<string, CartLineImage>> },
  variantId: string,
): CartLineImage | null {
  return images.variants[variantId] ?? images.product;
}
