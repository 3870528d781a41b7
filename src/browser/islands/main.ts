import { holdEarlyClicks } from './early-clicks.js';
import { hydrateIslands } from './hydrate.js';
import type { ScheduleEnv } from './hydrate-schedule.js';

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
    .catch((err: unknown) => console.warn('islands: could not load the hydrator', err));
};

holdEarlyClicks(document, hydrateOne);
const scan = () => hydrateIslands(document, env, hydrateOne);
scan();
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', scan, { once: true });
}
