import fs from 'node:fs/promises';
import path from 'node:path';
import { widthsFor } from '../../shared/images.js';
import { assetFilePath } from '../content/asset-files.js';

export interface RenderedImage {
  width: number;
  height: number;
  /** SPEC 9.2 widths written to disk, each as .webp and .jpg. */
  widths: number[];
  /** SPEC 3.7 colorData: average colours (hex, no '#') of the corners and centre. */
  colorData: Record<string, string>;
}

const hex = (r: number, g: number, b: number) =>
  [r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('');

/**
 * Rasterises an SVG once and writes every stored width of it under
 * DATA_DIR/assets/{assetId}/{width}w.{webp,jpg}. Fast settings on purpose (first start must be
 * quick on small machines): WebP effort 0, plain libjpeg.
 */
export async function renderImage(opts: {
  dataDir: string;
  assetId: string;
  svg: string;
  width: number;
  height: number;
}): Promise<RenderedImage> {
  const { dataDir, assetId, width, height } = opts;
  // Loaded on first use: only the first start renders images, and loading sharp (libvips) would
  // cost every later start about a seventh of a second.
  const { default: sharp } = await import('sharp');
  const raw = await sharp(Buffer.from(opts.svg))
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = { raw: { width: raw.info.width, height: raw.info.height, channels: 3 as const } };
  await fs.mkdir(path.dirname(assetFilePath(dataDir, assetId, 100, 'webp')), { recursive: true });
  const widths = widthsFor(width);
  await Promise.all(
    widths.flatMap((w) => {
      const base = sharp(raw.data, input).resize(w);
      return [
        base
          .clone()
          .webp({ quality: 80, effort: 0 })
          .toFile(assetFilePath(dataDir, assetId, w, 'webp')),
        base
          .clone()
          .jpeg({ quality: 82 })
          .toFile(assetFilePath(dataDir, assetId, w, 'jpg')),
      ];
    }),
  );
  // A 3×3 reduction gives the corner and centre averages in one pass.
  const grid = await sharp(raw.data, input)
    .resize(3, 3, { fit: 'fill', kernel: 'cubic' })
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
  return { width: raw.info.width, height: raw.info.height, widths, colorData };
}
