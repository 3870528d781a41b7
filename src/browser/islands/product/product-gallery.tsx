import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  bestWidth,
  imageUrl,
  srcset,
  thumbnailSrcset,
  thumbnailWidth,
} from '../../../shared/images.js';
import {
  imageOfText,
  type GalleryImageJson,
  type ProductGalleryProps,
} from '../../../shared/product/gallery.js';
import { onVariantImage } from './gallery-events.js';

/** The large image's slot: half the page beside the form from 48rem, the full width below. */
const MAIN_SIZES = '(min-width: 72rem) 36rem, (min-width: 48rem) 50vw, 100vw';
const THUMB_SIZES = '5rem';
/** The slots' widest CSS widths, for SPEC 9.2's thumbnail bucket (the `src`). */
const MAIN_SLOT = 576; // 36rem
const THUMB_SLOT = 80; // 5rem
/** A programmatic scroll still settling is not the shopper swiping; give up waiting after this. */
const SETTLE_MS = 700;

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function Img(props: {
  image: GalleryImageJson;
  sizes: string;
  /** The first large image paints at once; the rest wait until they near the view. */
  eager?: boolean;
  alt: string;
}) {
  const { image, sizes, eager, alt } = props;
  const thumb = sizes === THUMB_SIZES;
  const fp = image.focalPoint;
  // In a <picture>: React's server renderer would otherwise put a <link rel=preload> for every
  // eager image into the island's markup, which the browser's hydration does not expect.
  return (
    <picture>
      <img
        src={imageUrl(image.assetUrl, thumbnailWidth(thumb ? THUMB_SLOT : MAIN_SLOT, image.width))}
        srcSet={(thumb ? thumbnailSrcset : srcset)(image.assetUrl, image.width)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding={eager ? 'sync' : 'async'}
        {...(eager ? { fetchPriority: 'high' as const } : {})}
        style={{ objectPosition: `${Math.round(fp.x * 100)}% ${Math.round(fp.y * 100)}%` }}
      />
    </picture>
  );
}

/**
 * Island `product-gallery`: the product page's images as a large image and a thumbnail strip
 * (docs/rendering.md "Product gallery"). The large images sit side by side in a scroll-snapping
 * track, so a phone swipes them natively and the server's HTML works before hydration; the
 * island adds thumbnails, previous/next buttons, arrow keys, and follows the product form's
 * variant choice (gallery-events.ts). Every image has its box from width/height, so nothing
 * shifts as images arrive.
 */
export default function ProductGallery({ itemId, images, labels }: ProductGalleryProps) {
  const [current, setCurrent] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  // While a thumbnail's scroll is under way, the scroll position is not the shopper's choice.
  const target = useRef<{ index: number; until: number } | null>(null);
  const count = images.length;

  const go = useCallback(
    (index: number) => {
      const i = (index + count) % count;
      setCurrent(i);
      const el = track.current;
      if (!el) return;
      target.current = { index: i, until: Date.now() + SETTLE_MS };
      el.scrollTo({ left: i * el.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
    },
    [count],
  );

  useEffect(
    () =>
      onVariantImage(itemId, (imageId) => {
        const i = images.findIndex((im) => im.id === imageId);
        if (i >= 0) go(i);
      }),
    [itemId, images, go],
  );

  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const i = Math.round(el.scrollLeft / el.clientWidth);
    const t = target.current;
    if (t && Date.now() < t.until && i !== t.index) return;
    target.current = null;
    if (i !== current && i >= 0 && i < count) setCurrent(i);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
    if (step !== undefined) go(current + step);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(count - 1);
    else return;
    e.preventDefault();
  };

  const first = images[0];
  if (!first) return null;
  const many = count > 1;
  return (
    <div
      className="pg"
      data-lightbox-group=""
      role="region"
      aria-roledescription="carousel"
      aria-label={labels.gallery}
      data-current-image-id={images[current]?.id}
      onKeyDown={many ? onKeyDown : undefined}
    >
      <div className="pg-stage" style={{ aspectRatio: `${first.width} / ${first.height}` }}>
        {/* Divs, not a list: each slide is a group (APG carousel), and a list may hold only
            list items (axe 'list'). */}
        <div className="pg-track" ref={track} onScroll={many ? onScroll : undefined} tabIndex={-1}>
          {images.map((image, i) => (
            <div
              key={image.id}
              className="pg-slide"
              data-image-id={image.id}
              role="group"
              aria-roledescription="slide"
              aria-label={imageOfText(labels.imageOf, i + 1, count)}
              aria-hidden={many && i !== current ? true : undefined}
            >
              {/* Opens the lightbox (islands/lightbox); without script, the large file itself. */}
              <a
                className="pg-zoom"
                href={imageUrl(image.assetUrl, bestWidth(2500, image.width))}
                data-lightbox=""
                tabIndex={many && i !== current ? -1 : undefined}
              >
                <Img image={image} sizes={MAIN_SIZES} eager={i === 0} alt={image.altText} />
              </a>
            </div>
          ))}
        </div>
        {many ? (
          <>
            <button
              type="button"
              className="pg-arrow pg-prev"
              aria-label={labels.previous}
              onClick={() => go(current - 1)}
            >
              <Chevron flip />
            </button>
            <button
              type="button"
              className="pg-arrow pg-next"
              aria-label={labels.next}
              onClick={() => go(current + 1)}
            >
              <Chevron />
            </button>
            <span className="pg-count" aria-hidden="true">
              {current + 1} / {count}
            </span>
          </>
        ) : null}
      </div>
      {many ? (
        <ul className="pg-thumbs">
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                className="pg-thumb"
                aria-label={imageOfText(labels.imageOf, i + 1, count)}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              >
                <Img image={image} sizes={THUMB_SIZES} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Chevron({ flip }: { flip?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={flip ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
