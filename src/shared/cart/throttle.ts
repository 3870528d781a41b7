import type { Scheduler } from './add-to-cart-machine.js';
import { realScheduler } from './add-to-cart-machine.js';

/**
 * Leading + trailing throttle: runs at once, then at most once per `ms`, with the last call
 * honoured so the final scroll position is always applied (popover repositioning, SPEC 9.1).
 */
export function throttle(
  fn: () => void,
  ms: number,
  scheduler: Scheduler = realScheduler,
): { run: () => void; cancel: () => void } {
  let timer: unknown = null;
  let pending = false;
  const fire = () => {
    timer = null;
    if (pending) {
      pending = false;
      fn();
      timer = scheduler.setTimeout(fire, ms);
    }
  };
  return {
    run() {
      if (timer !== null) {
        pending = true;
        return;
      }
      fn();
      timer = scheduler.setTimeout(fire, ms);
    },
    cancel() {
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
      pending = false;
    },
  };
}
