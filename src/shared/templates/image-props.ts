/**
 * The template image component's props (SPEC 5.7 "Image template checks", SPEC 9.2 widths and
 * video thumbnails): which loader draws the image, and the checks every loader's props must pass.
 * Pure; the server's `image-component` formatter renders what these return.
 */
import { OwnerMessages } from '../owner-messages.js';
import { bestWidth, imageUrl, srcset as assetSrcset, VIDEO_THUMBNAIL_WIDTHS } from '../images.js';

export const IMAGE_LOADERS = ['sqs', 'raw', 'vimeo', 'youtube'] as const;
export type ImageLoader = (typeof IMAGE_LOADERS)[number];
export const VIDEO_THUMBNAIL_FORMATS = ['jpg', 'webp'] as const;

/** What a template gives the component (from the node and its arguments), unchecked. */
export interface ImageProps {
  loader?: string;
  src?: string;
  width?: unknown;
  height?: unknown;
  sizes?: string;
  srcset?: string;
  format?: string;
  videoId?: string;
}

/** Props that passed `checkImageProps`. */
export interface CheckedImage {
  loader: ImageLoader;
  width: number;
  height: number;
  src: string;
  srcset: string;
  sizes?: string;
}

function positiveInteger(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

const present = (v: string | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** YouTube's still images by width (SPEC 9.2: 120, 320, 480 and 640 wide). */
const YOUTUBE_NAMES: Record<number, string> = {
  120: 'default',
  320: 'mqdefault',
  480: 'hqdefault',
  640: 'sddefault',
};

/** A video's thumbnail at one SPEC 9.2 width. */
export function videoThumbnailUrl(
  loader: 'youtube' | 'vimeo',
  ref: string,
  width: number,
  format: 'jpg' | 'webp' = 'jpg',
): string {
  if (loader === 'youtube') {
    const dir = format === 'webp' ? 'vi_webp' : 'vi';
    return `https://i.ytimg.com/${dir}/${encodeURIComponent(ref)}/${YOUTUBE_NAMES[width] ?? 'hqdefault'}.${format}`;
  }
  // Vimeo's thumbnail address (its API's `base_link`) takes the width as a suffix.
  return `${ref}_${width}.${format}`;
}

/** `srcset` of a video's thumbnails at SPEC 9.2's 120, 320, 480 and 640 wide. */
export function videoThumbnailSrcset(
  loader: 'youtube' | 'vimeo',
  ref: string,
  format: 'jpg' | 'webp' = 'jpg',
): string {
  return VIDEO_THUMBNAIL_WIDTHS.map(
    (w) => `${videoThumbnailUrl(loader, ref, w, format)} ${w}w`,
  ).join(', ');
}

/**
 * SPEC 5.7's checks, all of them (an author fixes every problem in one go): width and height
 * positive integers; sizes required with sqs; srcset only with raw; format only with vimeo or
 * youtube, and then jpg or webp; a video id for youtube; src unless the loader is youtube.
 * Returns the errors, or the image's `src` and `srcset` when there are none.
 */
export function checkImageProps(
  props: ImageProps,
): { ok: true; image: CheckedImage } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const loader = (props.loader ?? 'sqs') as ImageLoader;
  if (!IMAGE_LOADERS.includes(loader))
    return { ok: false, errors: [OwnerMessages.IMAGE_LOADER_UNKNOWN] };
  const width = positiveInteger(props.width);
  const height = positiveInteger(props.height);
  if (width === undefined) errors.push(OwnerMessages.IMAGE_WIDTH_INVALID);
  if (height === undefined) errors.push(OwnerMessages.IMAGE_HEIGHT_INVALID);
  if (loader === 'sqs' && !present(props.sizes)) errors.push(OwnerMessages.IMAGE_SIZES_REQUIRED);
  if (loader !== 'raw' && props.srcset !== undefined)
    errors.push(OwnerMessages.IMAGE_SRCSET_NOT_ALLOWED);
  const video = loader === 'vimeo' || loader === 'youtube';
  if (props.format !== undefined) {
    if (!video) errors.push(OwnerMessages.IMAGE_FORMAT_NOT_ALLOWED);
    else if (!(VIDEO_THUMBNAIL_FORMATS as readonly string[]).includes(props.format))
      errors.push(OwnerMessages.IMAGE_FORMAT_INVALID);
  }
  if (loader === 'youtube' && !present(props.videoId))
    errors.push(OwnerMessages.IMAGE_VIDEO_ID_REQUIRED);
  if (loader !== 'youtube' && !present(props.src)) errors.push(OwnerMessages.IMAGE_SRC_REQUIRED);
  if (errors.length > 0 || width === undefined || height === undefined)
    return { ok: false, errors };

  const format = props.format === 'webp' ? 'webp' : 'jpg';
  let src: string;
  let srcset: string;
  if (loader === 'sqs') {
    // Our own assets: the SPEC 9.2 widths stored for this original.
    src = imageUrl(props.src!, bestWidth(750, width));
    srcset = assetSrcset(props.src!, width);
  } else if (loader === 'raw') {
    src = props.src!;
    srcset = props.srcset ?? '';
  } else {
    const ref = loader === 'youtube' ? props.videoId! : props.src!;
    src = videoThumbnailUrl(loader, ref, 480, format);
    srcset = videoThumbnailSrcset(loader, ref, format);
  }
  return {
    ok: true,
    image: {
      loader,
      width,
      height,
      src,
      srcset,
      ...(present(props.sizes) ? { sizes: props.sizes } : {}),
    },
  };
}
