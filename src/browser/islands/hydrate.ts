import { scheduleHydration, strategyOf, type ScheduleEnv } from './hydrate-schedule.js';

/** Containers already scheduled, so a second scan (after parsing ends) skips them. */
const seen = new WeakSet<Element>();

/**
 * Finds every `[data-island]` under `root` and schedules its hydration. `hydrateOne` is imported
 * lazily: React and the island chunks load only when an island is due.
 */
export function hydrateIslands(
  root: ParentNode,
  env: ScheduleEnv,
  hydrateOne: (el: HTMLElement) => void,
): number {
  let scheduled = 0;
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]')) {
    if (seen.has(el)) continue;
    // Nested islands belong to their parent's React tree.
    if (el.parentElement?.closest('[data-island]')) continue;
    seen.add(el);
    scheduled += 1;
    scheduleHydration(el, strategyOf(el.dataset.hydrate), () => hydrateOne(el), env);
  }
  return scheduled;
}
