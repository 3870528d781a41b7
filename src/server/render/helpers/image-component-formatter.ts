import { Formatter, type Context, type Variable } from '@squarespace/template-engine';
import { escapeHtml } from '../../../shared/html.js';
import { parseOriginalSize } from '../../../shared/images.js';
import { checkImageProps, type ImageProps } from '../../../shared/templates/image-props.js';
import { SIZES_PRESETS } from '../formatters.js';
import { helperError, parseHelperArgs, valueOf } from './helper-args.js';

interface ImageNode {
  loader?: string;
  src?: string;
  assetUrl?: string;
  originalSize?: string;
  width?: unknown;
  height?: unknown;
  sizes?: string;
  srcset?: string;
  format?: string;
  videoId?: string;
  alt?: string;
  altText?: string;
  mediaFocalPoint?: { x: number; y: number };
}

/**
 * `{mainImage|image-component sizes=grid}`, `{video|image-component;loader=youtube;video-id=…;
 * width=640;height=360;sizes=100vw}`: an `<img>` from props checked by SPEC 5.7's rules
 * (`checkImageProps`). Props come from the node (an image item: `assetUrl`, `originalSize`,
 * `altText`…, or an object of props) and the arguments, which win. A prop that breaks a rule
 * renders nothing and reports each error.
 */
export class ImageComponentFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    if (!first) return;
    const v = valueOf(first);
    const node: ImageNode = v && typeof v === 'object' ? (v as ImageNode) : {};
    const { flags, values } = parseHelperArgs(args);
    const size = parseOriginalSize(node.originalSize);
    const sizesArg = values.get('sizes') ?? node.sizes;
    const props: ImageProps = {
      loader: values.get('loader') ?? node.loader,
      src: values.get('src') ?? node.src ?? node.assetUrl,
      width: values.get('width') ?? node.width ?? size?.width,
      height: values.get('height') ?? node.height ?? size?.height,
      sizes: sizesArg !== undefined ? (SIZES_PRESETS[sizesArg] ?? sizesArg) : undefined,
      srcset: values.get('srcset') ?? node.srcset,
      format: values.get('format') ?? node.format,
      videoId: values.get('video-id') ?? node.videoId,
    };
    // A missing node (an item without an image) draws nothing and is not an error, unless the
    // arguments name the image themselves.
    if (v === undefined && !values.has('src') && !values.has('video-id')) return first.set('');
    const checked = checkImageProps(props);
    if (!checked.ok) {
      for (const e of checked.errors) helperError(ctx, 'image-component', e);
      return first.set('');
    }
    const img = checked.image;
    const alt = values.get('alt') ?? node.alt ?? node.altText ?? '';
    const loading = flags.has('eager') ? 'eager' : 'lazy';
    const fp = img.loader === 'sqs' ? node.mediaFocalPoint : undefined;
    const attrs = [
      `src="${escapeHtml(img.src)}"`,
      img.srcset ? `srcset="${escapeHtml(img.srcset)}"` : '',
      img.sizes ? `sizes="${escapeHtml(img.sizes)}"` : '',
      `width="${img.width}" height="${img.height}"`,
      `alt="${escapeHtml(alt)}"`,
      `loading="${loading}" decoding="${loading === 'eager' ? 'sync' : 'async'}"`,
      flags.has('high') ? 'fetchpriority="high"' : '',
      values.has('class') ? `class="${escapeHtml(values.get('class')!)}"` : '',
      fp ? `style="object-position:${Math.round(fp.x * 100)}% ${Math.round(fp.y * 100)}%"` : '',
    ];
    first.set(`<img ${attrs.filter(Boolean).join(' ')}>`);
  }
}
