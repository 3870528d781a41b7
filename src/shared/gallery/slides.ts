/** Slideshow and slider arithmetic (SPEC 3.7 active alignment), shared by the module and tests. */

export type SlideAlignment = 'center' | 'left' | 'right';

/** The slide `step` away from `current`, wrapping at both ends. */
export function nextSlide(current: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((current + step) % count) + count) % count;
}

/**
 * The track's scroll position that shows a slide at the active alignment: its left edge at the
 * track's left, its centre at the track's centre, or its right edge at the track's right.
 */
export function slideScrollLeft(
  slide: { left: number; width: number },
  trackWidth: number,
  align: SlideAlignment,
): number {
  const left =
    align === 'left'
      ? slide.left
      : align === 'right'
        ? slide.left + slide.width - trackWidth
        : slide.left - (trackWidth - slide.width) / 2;
  return Math.max(0, left);
}
