import { nextSlide, slideScrollLeft, type SlideAlignment } from '../../../shared/gallery/slides.js';

/**
 * The gallery slideshow's and slider's controls (SPEC 3.7; docs/rendering.md "Gallery designs").
 * The theme draws everything (a scroll-snapping track that swipes without script, arrows, dots,
 * thumbnails, the pause button); this module, loaded only on pages that have such a gallery,
 * makes the buttons move the track, keeps dots and thumbnails on the current slide, takes ← / →
 * and plays a slideshow every `data-autoplay` seconds (SPEC 9.2: 5 s by default, 1–10). Autoplay
 * pauses while pointed at or focused, while the tab is hidden, when the visitor presses pause,
 * and never starts under reduced motion.
 */
/** A programmatic scroll still settling after this long is the shopper's own again. */
const SETTLE_MS = 900;

export function enhanceGallerySlides(doc: Document): void {
  for (const root of doc.querySelectorAll<HTMLElement>('[data-gallery-slides]')) {
    if (root.dataset.ready) continue;
    enhance(root);
  }
}

function enhance(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('.gs-track');
  if (!track) return;
  const slides = Array.from(track.querySelectorAll<HTMLElement>('.gs-slide'));
  const count = slides.length;
  if (count === 0) return;
  const align = (root.dataset.align ?? 'center') as SlideAlignment;
  const dots = Array.from(root.querySelectorAll<HTMLElement>('.gs-dot'));
  const thumbs = Array.from(root.querySelectorAll<HTMLElement>('.gs-thumb'));
  const play = root.querySelector<HTMLButtonElement>('.gs-play');
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let current = 0;

  const mark = (i: number) => {
    current = i;
    root.dataset.current = String(i);
    slides.forEach((s, j) => s.classList.toggle('is-active', j === i));
    for (const list of [dots, thumbs]) {
      list.forEach((b, j) => {
        if (j === i) b.setAttribute('aria-current', 'true');
        else b.removeAttribute('aria-current');
      });
    }
    // The thumbnail strip, and a row of more dots than fit, keep the current one in view.
    for (const [el, row] of [
      [thumbs[i], thumbs[i]?.closest<HTMLElement>('.gs-thumbs')],
      [dots[i], dots[i]?.parentElement],
    ] as const) {
      if (!el || !row || row.scrollWidth <= row.clientWidth) continue;
      const box = el.getBoundingClientRect();
      const at = row.scrollLeft + box.left - row.getBoundingClientRect().left;
      row.scrollTo({
        left: at - (row.clientWidth - box.width) / 2,
        behavior: reduced ? 'auto' : 'smooth',
      });
    }
  };

  // While a button's smooth scroll is under way, the slides it passes are not the choice.
  let target: { index: number; until: number } | null = null;

  const go = (i: number) => {
    const index = nextSlide(current, i - current, count);
    target = { index, until: Date.now() + SETTLE_MS };
    const slide = slides[index]!;
    track.scrollTo({
      left: slideScrollLeft(
        { left: slide.offsetLeft - track.offsetLeft, width: slide.offsetWidth },
        track.clientWidth,
        align,
      ),
      behavior: reduced ? 'auto' : 'smooth',
    });
    mark(index);
  };

  // Where the shopper swiped to: the slide whose anchor is nearest the track's.
  let frame = 0;
  track.addEventListener(
    'scroll',
    () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        let best = current;
        let bestDistance = Infinity;
        slides.forEach((s, j) => {
          const target = slideScrollLeft(
            { left: s.offsetLeft - track.offsetLeft, width: s.offsetWidth },
            track.clientWidth,
            align,
          );
          const d = Math.abs(target - track.scrollLeft);
          if (d < bestDistance) [best, bestDistance] = [j, d];
        });
        if (target && Date.now() < target.until && best !== target.index) return;
        target = null;
        if (best !== current) mark(best);
      });
    },
    { passive: true },
  );

  root.querySelector('.gs-prev')?.addEventListener('click', () => go(current - 1));
  root.querySelector('.gs-next')?.addEventListener('click', () => go(current + 1));
  dots.forEach((d, j) => d.addEventListener('click', () => go(j)));
  thumbs.forEach((t, j) => t.addEventListener('click', () => go(j)));
  root.addEventListener('keydown', (e) => {
    if ((e.target as Element).closest('input,textarea,select')) return;
    if (e.key === 'ArrowLeft') go(current - 1);
    else if (e.key === 'ArrowRight') go(current + 1);
    else return;
    e.preventDefault();
  });

  const seconds = Number(root.dataset.autoplay ?? 0);
  if (seconds > 0 && !reduced) {
    let timer = 0;
    let pausedByVisitor = false;
    let hovered = false;
    let focused = false;
    const schedule = () => {
      clearInterval(timer);
      if (pausedByVisitor || hovered || focused || document.hidden) return;
      timer = window.setInterval(() => go(current + 1), seconds * 1000);
    };
    root.addEventListener('pointerenter', () => {
      hovered = true;
      schedule();
    });
    root.addEventListener('pointerleave', () => {
      hovered = false;
      schedule();
    });
    root.addEventListener('focusin', () => {
      focused = true;
      schedule();
    });
    root.addEventListener('focusout', (e) => {
      if (root.contains(e.relatedTarget as Node | null)) return;
      focused = false;
      schedule();
    });
    document.addEventListener('visibilitychange', schedule);
    play?.addEventListener('click', () => {
      pausedByVisitor = !pausedByVisitor;
      play.setAttribute('aria-pressed', String(pausedByVisitor));
      const label = pausedByVisitor ? play.dataset.playLabel : play.dataset.pauseLabel;
      if (label) play.setAttribute('aria-label', label);
      schedule();
    });
    schedule();
  } else if (play) play.hidden = true;

  mark(0);
  root.dataset.ready = 'true';
}
