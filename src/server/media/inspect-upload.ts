import { ErrorCode } from '../../shared/errors.js';
import { MediaLimits } from '../../shared/media/api.js';
import { fileTooLargeText, fileTypeText, formatSize } from '../../shared/media/messages.js';
import { appError } from '../errors/app-error.js';
import {
  encodeImage,
  loadSharp,
  toRaw,
  WIDEST_STORED,
  type EncodedImage,
} from './image-pipeline.js';
import type { ReceivedFile } from './receive-upload.js';
import { claimsImage, sniff } from './sniff.js';

export type InspectedUpload =
  | {
      kind: 'image';
      contentType: string;
      width: number;
      height: number;
      encoded: EncodedImage;
    }
  | { kind: 'file'; contentType: string };

/** sharp's format names for the image types we take (AVIF is HEIF with AV1 inside). */
const SHARP_FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/avif',
};

/**
 * Decides what an upload is from its bytes and, for images, encodes every stored width.
 *
 * - Images (JPEG, PNG, WebP, GIF, AVIF by signature) must also decode with sharp; their
 *   dimensions are read from the header first and more than MediaLimits.imagePixelsMax pixels
 *   is refused before any decoding (a small file can claim huge dimensions). EXIF orientation
 *   is applied; only the first frame of an animation is kept.
 * - SVG is refused: it is a document that can carry script and external references, and served
 *   from the site's origin it would be a stored XSS; sanitising it well is a project of its own.
 *   Owners upload a PNG or WebP of it instead.
 * - Other files are taken when their signature is a known download type (sniff.ts).
 *
 * Every refusal is SPEC 8.7's text: 415 "…does not appear to be a supported image file." when
 * the name or claimed type said image, else "…a supported file."; 413 when too large.
 */
export async function inspectUpload(file: ReceivedFile): Promise<InspectedUpload> {
  const sniffed = sniff(file.head);
  const saysImage = claimsImage(file.filename, file.claimedType);
  if (!sniffed || sniffed.kind === 'svg') {
    throw appError(
      ErrorCode.FILE_TYPE_UNSUPPORTED,
      fileTypeText(file.filename, saysImage || sniffed?.kind === 'svg' ? 'image' : 'file'),
    );
  }
  if (sniffed.kind === 'file') {
    if (file.size > MediaLimits.fileBytesMax) {
      throw appError(
        ErrorCode.FILE_TOO_LARGE,
        fileTooLargeText(file.filename, formatSize(MediaLimits.fileBytesMax)),
      );
    }
    return { kind: 'file', contentType: sniffed.contentType };
  }
  if (file.size > MediaLimits.imageBytesMax) {
    throw appError(
      ErrorCode.FILE_TOO_LARGE,
      fileTooLargeText(file.filename, formatSize(MediaLimits.imageBytesMax)),
    );
  }
  return inspectImage(file);
}

async function inspectImage(file: ReceivedFile): Promise<InspectedUpload> {
  const sharp = await loadSharp();
  const notImage = () =>
    appError(ErrorCode.FILE_TYPE_UNSUPPORTED, fileTypeText(file.filename, 'image'));
  const opts = { limitInputPixels: MediaLimits.imagePixelsMax, failOn: 'error' as const };
  let meta;
  try {
    meta = await sharp(file.path, { ...opts, limitInputPixels: false }).metadata();
  } catch {
    throw notImage();
  }
  const contentType = SHARP_FORMATS[meta.format ?? ''];
  if (!contentType || (meta.format === 'heif' && meta.compression !== 'av1')) throw notImage();
  const { width = 0, height = 0 } = meta;
  if (width * height > MediaLimits.imagePixelsMax) {
    const megapixels = `${Math.round(MediaLimits.imagePixelsMax / 1_000_000)} megapixels`;
    throw appError(ErrorCode.FILE_TOO_LARGE, fileTooLargeText(file.filename, megapixels));
  }
  if (width < 1 || height < 1) throw notImage();
  // EXIF orientations 5–8 turn the picture a quarter: its shown width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const shownWidth = turned ? height : width;
  const shownHeight = turned ? width : height;
  try {
    // Decoded once, already no wider than the widest stored width, then encoded per width.
    const raw = await toRaw(
      sharp(file.path, opts).rotate().resize({ width: WIDEST_STORED, withoutEnlargement: true }),
      meta.hasAlpha === true,
    );
    const encoded = await encodeImage(raw, shownWidth);
    return { kind: 'image', contentType, width: shownWidth, height: shownHeight, encoded };
  } catch {
    // Valid header, broken pixels (truncated, corrupt).
    throw notImage();
  }
}
