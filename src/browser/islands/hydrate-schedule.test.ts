import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDLE_FALLBACK_MS,
  IDLE_TIMEOUT_MS,
  scheduleHydration,
  strategyOf,
  type ScheduleEnv,
} from './hydrate-schedule.js';

/** An element stand-in: scheduling only listens for events on it. */
const element = () => new EventTarget() as unknown as Element;

class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly cb: (entries: Array<{ isIntersecting: boolean; intersectionRatio: number }>) => void,
    readonly opts: { rootMargin: string },
  ) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
}

describe('hydration strategies', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const timersOnly: ScheduleEnv = { setTimeout: (fn, ms) => setTimeout(fn, ms) };

  it('load hydrates at once', () => {
    const run = vi.fn();
    scheduleHydration(element(), 'load', run, timersOnly);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('idle uses requestIdleCallback with a timeout', () => {
    const run = vi.fn();
    const ric = vi.fn((fn: () => void, _opts: { timeout: number }) => setTimeout(fn, 50));
    scheduleHydration(element(), 'idle', run, { ...timersOnly, requestIdleCallback: ric });
    expect(ric).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('idle falls back to a short timeout without requestIdleCallback', () => {
    const run = vi.fn();
    scheduleHydration(element(), 'idle', run, timersOnly);
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('visible waits for the observer to report the island on screen, once', () => {
    const run = vi.fn();
    const el = element();
    scheduleHydration(el, 'visible', run, {
      ...timersOnly,
      IntersectionObserver: FakeObserver,
    });
    const io = FakeObserver.last!;
    expect(io.observed).toEqual([el]);
    expect(io.opts.rootMargin).toBe('200px');
    io.cb([{ isIntersecting: false, intersectionRatio: 0 }]);
    expect(run).not.toHaveBeenCalled();
    io.cb([{ isIntersecting: true, intersectionRatio: 0.5 }]);
    io.cb([{ isIntersecting: true, intersectionRatio: 1 }]);
    expect(run).toHaveBeenCalledTimes(1);
    expect(io.disconnected).toBe(true);
  });

  it('visible without IntersectionObserver hydrates when idle', () => {
    const run = vi.fn();
    scheduleHydration(element(), 'visible', run, timersOnly);
    vi.advanceTimersByTime(IDLE_FALLBACK_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'focusin', 'keydown'])(
    'interaction hydrates on the first %s and then stops listening',
    (type) => {
      const run = vi.fn();
      const el = element();
      scheduleHydration(el, 'interaction', run, timersOnly);
      vi.advanceTimersByTime(60_000);
      el.dispatchEvent(new Event('mouseover'));
      expect(run).not.toHaveBeenCalled();
      el.dispatchEvent(new Event(type));
      el.dispatchEvent(new Event('pointerdown'));
      el.dispatchEvent(new Event('keydown'));
      expect(run).toHaveBeenCalledTimes(1);
    },
  );

  it('reads the strategy attribute, idle when missing or unknown', () => {
    expect(strategyOf('load')).toBe('load');
    expect(strategyOf('interaction')).toBe('interaction');
    expect(strategyOf(undefined)).toBe('idle');
    expect(strategyOf('soon')).toBe('idle');
  });
});
