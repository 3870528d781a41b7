/**
 * When each island hydrates (docs/islands.md). Kept apart from React so the loader's entry chunk
 * stays tiny and the timing is testable with fake timers and fake observers.
 */
export type HydrateStrategy = 'load' | 'idle' | 'visible' | 'interaction';

export const HYDRATE_STRATEGIES: readonly HydrateStrategy[] = [
  'load',
  'idle',
  'visible',
  'interaction',
];
export const DEFAULT_STRATEGY: HydrateStrategy = 'idle';

/** An idle callback never waits longer than this (busy pages still get their islands). */
export const IDLE_TIMEOUT_MS = 2000;
/** Without requestIdleCallback (Safari), a short timeout stands in. */
export const IDLE_FALLBACK_MS = 200;
/** Hydrate 'visible' islands a little before they scroll into view. */
export const VISIBLE_ROOT_MARGIN = '200px';
/** The first of these on an 'interaction' island hydrates it. */
export const INTERACTION_EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;

export function strategyOf(value: string | null | undefined): HydrateStrategy {
  return HYDRATE_STRATEGIES.includes(value as HydrateStrategy)
    ? (value as HydrateStrategy)
    : DEFAULT_STRATEGY;
}

/** The parts of `window` scheduling uses; tests pass fakes. */
export interface ScheduleEnv {
  setTimeout: (fn: () => void, ms: number) => unknown;
  requestIdleCallback?: (fn: () => void, opts: { timeout: number }) => unknown;
  IntersectionObserver?: new (
    cb: (entries: Array<{ isIntersecting: boolean; intersectionRatio: number }>) => void,
    opts: { rootMargin: string },
  ) => { observe(el: Element): void; disconnect(): void };
}

/** Calls `run` once, when `strategy` says the island at `el` should hydrate. */
export function scheduleHydration(
  el: Element,
  strategy: HydrateStrategy,
  run: () => void,
  env: ScheduleEnv,
): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  switch (strategy) {
    case 'load':
      once();
      return;
    case 'idle':
      whenIdle(once, env);
      return;
    case 'visible': {
      if (!env.IntersectionObserver) return whenIdle(once, env);
      const io = new env.IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting || e.intersectionRatio > 0)) {
            io.disconnect();
            once();
          }
        },
        { rootMargin: VISIBLE_ROOT_MARGIN },
      );
      io.observe(el);
      return;
    }
    case 'interaction': {
      // Capture phase: the island hydrates before the event reaches anything inside it. The
      // event itself is not replayed; the component is live for the next one.
      const handler = () => {
        for (const type of INTERACTION_EVENTS) el.removeEventListener(type, handler, true);
        once();
      };
      for (const type of INTERACTION_EVENTS) el.addEventListener(type, handler, true);
      return;
    }
  }
}

function whenIdle(fn: () => void, env: ScheduleEnv): void {
  if (env.requestIdleCallback) env.requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS });
  else env.setTimeout(fn, IDLE_FALLBACK_MS);
}
