import type { Sharp } from 'sharp';
import { widthsFor } from '../../shared/images.js';
import { imageKey, type ImageExt } from '../content/asset-files.js';
import type { ObjectStorage } from './storage/index.js';

/**
 * The one image encoding (SPEC 9.2): every stored width of an image as WebP and JPEG, and its
 * SPEC 3.7 colorData. The seed's generated artwork, its re-render after a lost file and owner
 * uploads all come through here.
 */

/** Decoded pixels, sRGB, 3 channels or 4 with alpha. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

export interface EncodedImage {
  /** SPEC 9.2 widths, each as .webp and .jpg. */
  widths: number[];
  /** SPEC 3.7 colorData: average colours (hex, no '#') of the corners and centre. */
  colorData: Record<string, string>;
  outputs: { width: number; ext: ImageExt; bytes: Buffer }[];
}

/** The widest SPEC 9.2 width: nothing larger is ever stored, so nothing larger is decoded. */
export const WIDEST_STORED = 2500;

type SharpFactory = (typeof import('sharp'))['default'];

let sharpModule: Promise<SharpFactory> | undefined;
/**
 * sharp (libvips) loads on first use: only the first start and uploads need it, and loading it
 * would cost every start about a seventh of a second.
 */
export function loadSharp(): Promise<SharpFactory> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

const hex = (r: number, g: number, b: number) =>
  [r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('');

/** Pixels of a pipeline as sRGB raw bytes, alpha kept only when the image has it. */
export async function toRaw(pipeline: Sharp, hasAlpha: boolean): Promise<RawImage> {
  const srgb = pipeline.toColourspace('srgb');
  const out = await (hasAlpha ? srgb.ensureAlpha() : srgb.removeAlpha())
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: out.data,
    width: out.info.width,
    height: out.info.height,
    channels: out.info.channels === 4 ? 4 : 3,
  };
}

/**
 * Every stored width of an image `originalWidth` wide, from its pixels (already at most
 * WIDEST_STORED wide). Fast settings on purpose — two small cores encode the demo at first start
 * and every upload: WebP effort 0 at q80, plain libjpeg at q82. JPEG has no alpha: transparent
 * parts become white there; the WebP keeps them.
 */
export async function encodeImage(raw: RawImage, originalWidth: number): Promise<EncodedImage> {
  const sharp = await loadSharp();
  const input = { raw: { width: raw.width, height: raw.height, channels: raw.channels } };
  const widths = widthsFor(originalWidth);
  const outputs = await Promise.all(
    widths.flatMap((width) => {
      const base = sharp(raw.data, input).resize(width);
      return [
        base
          .clone()
          .webp({ quality: 80, effort: 0 })
          .toBuffer()
          .then((bytes) => ({ width, ext: 'webp' as const, bytes })),
        base
          .clone()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82 })
          .toBuffer()
          .then((bytes) => ({ width, ext: 'jpg' as const, bytes })),
      ];
    }),
  );
  // A 3×3 reduction gives the corner and centre averages in one pass.
  const grid = await sharp(raw.data, input)
    .flatten({ background: '#ffffff' })
    .resize(3, 3, { fit: 'fill', kernel: 'cubic' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const at = (x: number, y: number) => {
    const i = (y * 3 + x) * 3;
    return hex(grid[i] ?? 0, grid[i + 1] ?? 0, grid[i + 2] ?? 0);
  };
  const colorData = {
    topLeftAverage: at(0, 0),
    topRightAverage: at(2, 0),
    bottomLeftAverage: at(0, 2),
    bottomRightAverage: at(2, 2),
    centerAverage: at(1, 1),
    suggestedBgColor: at(0, 0),
  };
  return { widths, colorData, outputs };
}

/**
 * Puts every encoded width of one revision into the storage; when one put fails, removes the
 * ones that went in (no orphan objects) and rethrows.
 */
export async function storeImage(
  storage: ObjectStorage,
  assetId: string,
  revision: number,
  image: EncodedImage,
): Promise<string[]> {
  const keys = image.outputs.map((o) => imageKey(assetId, revision, o.width, o.ext));
  try {
    await Promise.all(
      image.outputs.map((o, i) =>
        storage.put(keys[i]!, o.bytes, {
          contentType: o.ext === 'webp' ? 'image/webp' : 'image/jpeg',
        }),
      ),
    );
  } catch (err) {
    await storage.delete(keys).catch(() => undefined);
    throw err;
  }
  return keys;
}
