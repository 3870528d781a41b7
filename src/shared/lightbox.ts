/** SPEC 2.2 / 9.1 lightbox rules, pure so the browser code and its tests share them. */

/** SPEC 9.1: the lightbox animates in and out in 0.3 s. */
export const LIGHTBOX_ANIMATION_MS = 300;
/** SPEC 9.1: top margin when the content is taller than the window. */
export const LIGHTBOX_TOP_MARGIN = 50;
/** A horizontal drag at least this long (px) is a swipe to the next or previous image. */
export const SWIPE_MIN_PX = 50;

/**
 * SPEC 2.2: content taller than the window starts `LIGHTBOX_TOP_MARGIN` px from the top (and the
 * overlay scrolls); otherwise it is centred.
 */
export function lightboxLayout(
  contentHeight: number,
  windowHeight: number,
): { tall: boolean; marginTop: number } {
  const tall = contentHeight > windowHeight;
  return { tall, marginTop: tall ? LIGHTBOX_TOP_MARGIN : 0 };
}

/**
 * The step a pointer drag asks for: a swipe to the left shows the next image (+1), to the right
 * the previous (-1); short or mostly vertical drags (scrolling a tall caption) are none (0).
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
