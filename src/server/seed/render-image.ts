import { encodeImage, loadSharp, storeImage, toRaw } from '../media/image-pipeline.js';
import type { ObjectStorage } from '../media/storage/index.js';

export interface RenderedImage {
  width: number;
  height: number;
  /** SPEC 9.2 widths stored, each as .webp and .jpg. */
  widths: number[];
  /** SPEC 3.7 colorData: average colours (hex, no '#') of the corners and centre. */
  colorData: Record<string, string>;
}

/**
 * Rasterises a generated SVG once and stores every width of it in the media storage
 * (`assets/{assetId}/{width}w.{webp,jpg}`, media/image-pipeline.ts's encoding).
 */
export async function renderImage(opts: {
  storage: ObjectStorage;
  assetId: string;
  svg: string;
  width: number;
  height: number;
}): Promise<RenderedImage> {
  const { width, height } = opts;
  const sharp = await loadSharp();
  const raw = await toRaw(
    sharp(Buffer.from(opts.svg)).resize(width, height, { fit: 'cover' }),
    false,
  );
  const encoded = await encodeImage(raw, raw.width);
  await storeImage(opts.storage, opts.assetId, 1, encoded);
  return {
    width: raw.width,
    height: raw.height,
    widths: encoded.widths,
    colorData: encoded.colorData,
  };
}
