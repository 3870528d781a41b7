/** SPEC 9.2 image rules: widths, thumbnail buckets, original size, srcset, alt text, colour. */
import { Messages } from './errors.js';

/** SPEC 9.2: the widths an image is stored in. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
/** SPEC 9.2: video thumbnail widths. */
export const VIDEO_THUMBNAIL_WIDTHS = [120, 320, 480, 640] as const;
/** SPEC 9.2 default focal point. */
export const DEFAULT_FOCAL_POINT = { x: 0.5, y: 0.5 } as const;
/** SPEC 9.2: alt text falls back to this many characters of the body. */
export const ALT_TEXT_MAX = 250;
/** SPEC 9.2: colours (as 24-bit numbers) above this are light. */
export const LIGHT_DARK_THRESHOLD = 8388607;
/** SPEC 8.6 text for a size that is not 'WxH'. */
export const INVALID_ORIGINAL_SIZE = Messages.INVALID_ORIGINAL_SIZE;

export type ImageFormat = 'webp' | 'jpg';

/** SPEC 9.2 bucket: over 1000 → 1500w, over 750 → 1000w, … otherwise 100w. */
export function thumbnailBucket(width: number): string {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
}

/** SPEC 3.7 `originalSize` 'WxH' → numbers, or undefined when it is not two positive integers. */
export function parseOriginalSize(
  originalSize: unknown,
): { width: number; height: number } | undefined {
  if (typeof originalSize !== 'string') return undefined;
  const m = /^\s*(\d+)\s*x\s*(\d+)\s*$/i.exec(originalSize);
  if (!m) return undefined;
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (width <= 0 || height <= 0) return undefined;
  return { width, height };
}

/** The template helpers' width: the number, or SPEC 8.6's message for a bad size. */
export function imageWidth(originalSize: unknown): number | string {
  return parseOriginalSize(originalSize)?.width ?? INVALID_ORIGINAL_SIZE;
}

export function imageHeight(originalSize: unknown): number | string {
  return parseOriginalSize(originalSize)?.height ?? INVALID_ORIGINAL_SIZE;
}

/**
 * The stored widths for an original this wide: every SPEC width not above it, and at least the
 * smallest (a tiny original is scaled up once rather than having no file at all).
 */
export function widthsFor(originalWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((w) => w <= originalWidth);
  return widths.length > 0 ? widths : [IMAGE_WIDTHS[0]];
}

/** `{assetUrl}/{w}w.{format}` — the URL of one stored width. */
export function imageUrl(assetUrl: string, width: number, format: ImageFormat = 'webp'): string {
  return `${assetUrl}/${width}w.${format}`;
}

/** `srcset` for an asset: '{assetUrl}/100w.webp 100w, …' up to the original width. */
export function srcset(
  assetUrl: string,
  originalWidth: number,
  format: ImageFormat = 'webp',
): string {
  return widthsFor(originalWidth)
    .map((w) => `${imageUrl(assetUrl, w, format)} ${w}w`)
    .join(', ');
}

/**
 * The stored width that answers `{assetUrl}?format={w}w` (the engine's image helpers' URLs) or a
 * bare `{assetUrl}` / `?format=original`: a stored SPEC 9.2 width itself; a SPEC width wider than
 * the original, or no width at all, gets the widest stored copy. Anything else is undefined (404).
 */
export function storedWidthFor(
  format: string | undefined,
  stored: readonly number[],
): number | undefined {
  if (stored.length === 0) return undefined;
  const widest = Math.max(...stored);
  if (format === undefined || format === '' || format === 'original') return widest;
  const m = /^(\d{1,5})w$/.exec(format);
  const width = m ? Number(m[1]) : NaN;
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return undefined;
  if (stored.includes(width)) return width;
  return width > widest ? widest : undefined;
}

/** SPEC 9.2's thumbnail bucket as a number of pixels (100 … 1500). */
export function bucketWidth(slotWidth: number): number {
  return Number.parseInt(thumbnailBucket(slotWidth), 10);
}

/** The largest width the thumbnail bucket ever gives. */
export const THUMBNAIL_MAX_WIDTH = bucketWidth(Number.MAX_SAFE_INTEGER);

/**
 * The stored width a thumbnail slot this wide loads (issue 14): SPEC 9.2's bucket, or the widest
 * stored copy when the original is narrower than the bucket.
 */
export function thumbnailWidth(slotWidth: number, originalWidth: number): number {
  const bucket = bucketWidth(slotWidth);
  const widths = widthsFor(originalWidth);
  return widths.filter((w) => w <= bucket).pop() ?? widths[0]!;
}

/**
 * `srcset` for a thumbnail: the SPEC widths up to the largest bucket (1500w). A browser takes the
 * smallest candidate that covers the slot at its pixel density, which over these widths is the
 * bucket of SPEC 9.2 for that many device pixels; it never fetches the 2500w copy for a thumbnail.
 */
export function thumbnailSrcset(
  assetUrl: string,
  originalWidth: number,
  format: ImageFormat = 'webp',
): string {
  return widthsFor(originalWidth)
    .filter((w) => w <= THUMBNAIL_MAX_WIDTH)
    .map((w) => `${imageUrl(assetUrl, w, format)} ${w}w`)
    .join(', ');
}

/** The stored width to use as `src` for a slot this wide (the smallest that covers it). */
export function bestWidth(slotWidth: number, originalWidth: number): number {
  const widths = widthsFor(originalWidth);
  return widths.find((w) => w >= slotWidth) ?? widths[widths.length - 1] ?? IMAGE_WIDTHS[0];
}

/** Focal point of an asset, defaulting to the centre (SPEC 9.2). */
export function focalPoint(p: { x?: number | null; y?: number | null } | null | undefined): {
  x: number;
  y: number;
} {
  const ok = (n: number | null | undefined): n is number =>
    typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 1;
  return {
    x: ok(p?.x) ? p.x : DEFAULT_FOCAL_POINT.x,
    y: ok(p?.y) ? p.y : DEFAULT_FOCAL_POINT.y,
  };
}

/** SPEC 9.2: the alt text, or the first 250 characters of the body with tags stripped. */
export function altText(alt: string | null | undefined, body: string | null | undefined): string {
  const own = (alt ?? '').trim();
  if (own) return own;
  const text = (body ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, ALT_TEXT_MAX);
}

/** A colour as '#rrggbb', 'rrggbb' or '#rgb' → its 24-bit value, or undefined. */
export function colorValue(hex: string): number | undefined {
  let h = hex.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(h)) h = [...h].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) return undefined;
  return parseInt(h, 16);
}

/** SPEC 9.2: light when the colour's 24-bit value is above the threshold (dark text reads on it). */
export function isLightColor(hex: string): boolean {
  const v = colorValue(hex);
  return v !== undefined && v > LIGHT_DARK_THRESHOLD;
}
