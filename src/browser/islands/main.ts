import { giveUpEarlyClicks, holdEarlyClicks } from './early-clicks.js';
import { hydrateIslands } from './hydrate.js';
import type { ScheduleEnv } from './hydrate-schedule.js';
import { listenForLightbox } from './lightbox/lightbox-trigger.js';
import { enhanceMenuButtons } from './menu/menu-button.js';

/**
 * The island loader (Vite entry `islands`, loaded as `<script type="module" async>`). It may run
 * before the document has finished parsing, so it scans now and again once parsing ends.
 */
const env: ScheduleEnv = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  requestIdleCallback: window.requestIdleCallback?.bind(window),
  IntersectionObserver: window.IntersectionObserver,
};

/** Islands whose hydration has started: an early tap and the schedule may both ask for one. */
const started = new WeakSet<HTMLElement>();

const hydrateOne = (el: HTMLElement) => {
  if (started.has(el)) return;
  started.add(el);
  import('./hydrate-island.js')
    .then((m) => m.hydrateIsland(el))
    .catch((err: unknown) => {
      console.warn('islands: could not load the hydrator', err);
      giveUpEarlyClicks(el);
    });
};

/** Gallery slideshows and sliders (theme-drawn) get their controls' module when a page has one. */
const enhanceGalleries = () => {
  // Only once parsed: an async loader may run while the gallery's HTML is still arriving.
  if (document.readyState === 'loading' || !document.querySelector('[data-gallery-slides]')) return;
  import('./gallery/gallery-slides.js')
    .then((m) => m.enhanceGallerySlides(document))
    .catch((err: unknown) => console.warn('gallery: could not load its controls', err));
};

holdEarlyClicks(document, hydrateOne);
const scan = () => {
  hydrateIslands(document, env, hydrateOne);
  enhanceGalleries();
  enhanceMenuButtons(document);
};
scan();
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', scan, { once: true });
}

listenForLightbox(document);
