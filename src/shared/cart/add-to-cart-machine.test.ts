import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADD_TO_CART_TIMINGS,
  createAddToCartMachine,
  type AddToCartMachineOptions,
} from './add-to-cart-machine.js';

function machine(opts: Partial<AddToCartMachineOptions> = {}) {
  return createAddToCartMachine({ idleText: 'Add To Cart', ...opts });
}

describe('add-to-cart button machine (SPEC 4.1, 9.1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pins the SPEC 9.1 timings', () => {
    expect(ADD_TO_CART_TIMINGS).toEqual({
      addedDelayMs: 1000,
      addedHoldMs: 2000,
      failureResetMs: 1000,
      selectOptionMs: 2000,
      scaleAnimationMs: 200,
    });
  });

  it('shows the idle label, then Adding… at once on click', () => {
    const m = machine();
    expect(m.getState()).toMatchObject({ phase: 'idle', text: 'Add To Cart', disabled: false });
    expect(m.click()).toBe(true);
    expect(m.getState()).toMatchObject({ phase: 'adding', text: 'Adding…' });
  });

  it('on success shows Added! after 1 s, then idle 2 s later, calling onAdded once', () => {
    const onAdded = vi.fn();
    const m = machine({ onAdded });
    m.click();
    m.succeed();
    vi.advanceTimersByTime(999);
    expect(m.getState().text).toBe('Adding…');
    expect(onAdded).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(m.getState()).toMatchObject({ phase: 'added', text: 'Added!' });
    expect(onAdded).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1999);
    expect(m.getState().text).toBe('Added!');
    vi.advanceTimersByTime(1);
    expect(m.getState()).toMatchObject({ phase: 'idle', text: 'Add To Cart' });
    expect(onAdded).toHaveBeenCalledTimes(1);
  });

  it('on failure returns to idle after 1 s without Added!', () => {
    const onAdded = vi.fn();
    const m = machine({ onAdded });
    m.click();
    m.fail();
    vi.advanceTimersByTime(999);
    expect(m.getState().phase).toBe('adding');
    vi.advanceTimersByTime(1);
    expect(m.getState()).toMatchObject({ phase: 'idle', text: 'Add To Cart' });
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('ignores clicks while adding and while added', () => {
    const m = machine();
    expect(m.click()).toBe(true);
    expect(m.click()).toBe(false);
    m.succeed();
    vi.advanceTimersByTime(1000);
    expect(m.getState().phase).toBe('added');
    expect(m.click()).toBe(false);
    expect(m.getState().phase).toBe('added');
    vi.advanceTimersByTime(2000);
    expect(m.click()).toBe(true);
  });

  it('shows Select Option for 2 s, flagged, then restores the old text', () => {
    const m = machine({ idleText: 'Buy me' });
    m.selectOption();
    expect(m.getState()).toMatchObject({ text: 'Select Option', flagged: true, disabled: false });
    vi.advanceTimersByTime(1999);
    expect(m.getState().text).toBe('Select Option');
    vi.advanceTimersByTime(1);
    expect(m.getState()).toMatchObject({ phase: 'idle', text: 'Buy me', flagged: false });
  });

  it('a second Select Option restarts the 2 s', () => {
    const m = machine();
    m.selectOption();
    vi.advanceTimersByTime(1500);
    m.selectOption();
    vi.advanceTimersByTime(1500);
    expect(m.getState().text).toBe('Select Option');
    vi.advanceTimersByTime(500);
    expect(m.getState().text).toBe('Add To Cart');
  });

  it('a click during Select Option starts adding and cancels the restore timer', () => {
    const m = machine();
    m.selectOption();
    expect(m.click()).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(m.getState().phase).toBe('adding');
  });

  it('Select Option is ignored while adding or added', () => {
    const m = machine();
    m.click();
    m.selectOption();
    expect(m.getState().phase).toBe('adding');
  });

  it('sold out shows Sold Out on a disabled button that ignores clicks, restored later', () => {
    const m = machine({ soldOut: true });
    expect(m.getState()).toMatchObject({ phase: 'sold-out', text: 'Sold Out', disabled: true });
    expect(m.click()).toBe(false);
    m.setSoldOut(false);
    expect(m.getState()).toMatchObject({ phase: 'idle', text: 'Add To Cart', disabled: false });
    m.setSoldOut(true);
    expect(m.getState().text).toBe('Sold Out');
  });

  it('sold out arriving during an add applies once the add settles', () => {
    const m = machine();
    m.click();
    m.setSoldOut(true);
    expect(m.getState().phase).toBe('adding');
    m.succeed();
    vi.advanceTimersByTime(3000);
    expect(m.getState()).toMatchObject({ phase: 'sold-out', disabled: true });
  });

  it('sold out cancels a pending Select Option', () => {
    const m = machine();
    m.selectOption();
    m.setSoldOut(true);
    vi.advanceTimersByTime(2000);
    expect(m.getState().text).toBe('Sold Out');
  });

  it('reset returns to idle at once and drops pending timers', () => {
    const onAdded = vi.fn();
    const m = machine({ onAdded });
    m.click();
    m.succeed();
    m.reset();
    expect(m.getState().phase).toBe('idle');
    vi.advanceTimersByTime(5000);
    expect(onAdded).not.toHaveBeenCalled();
    expect(m.getState().phase).toBe('idle');
  });

  it('a new idle label shows when idle and after an add', () => {
    const m = machine();
    m.setIdleText('Subscribe');
    expect(m.getState().text).toBe('Subscribe');
    m.click();
    m.setIdleText('Add To Cart');
    expect(m.getState().text).toBe('Adding…');
    m.fail();
    vi.advanceTimersByTime(1000);
    expect(m.getState().text).toBe('Add To Cart');
  });

  it("fail('select-option'): Adding… for 1 s, Select Option for 2 s, then the idle text", () => {
    const m = machine();
    m.click();
    m.fail('select-option');
    vi.advanceTimersByTime(999);
    expect(m.getState().text).toBe('Adding…');
    vi.advanceTimersByTime(1);
    expect(m.getState()).toMatchObject({ phase: 'select-option', flagged: true });
    vi.advanceTimersByTime(1999);
    expect(m.getState().text).toBe('Select Option');
    vi.advanceTimersByTime(1);
    expect(m.getState()).toMatchObject({ phase: 'idle', text: 'Add To Cart', flagged: false });
  });

  it("fail('select-option') rests on Sold Out when the product sold out meanwhile", () => {
    const m = machine();
    m.click();
    m.fail('select-option');
    m.setSoldOut(true);
    vi.advanceTimersByTime(1000);
    expect(m.getState()).toMatchObject({ phase: 'sold-out', flagged: false });
  });

  it('succeed/fail outside adding do nothing', () => {
    const m = machine();
    m.succeed();
    m.fail();
    vi.advanceTimersByTime(5000);
    expect(m.getState().phase).toBe('idle');
  });

  it('notifies subscribers and counts visible changes for the scale animation', () => {
    const m = machine();
    const seen: string[] = [];
    const unsubscribe = m.subscribe((s) => seen.push(s.text));
    const before = m.getState().changeCount;
    m.click();
    m.succeed();
    vi.advanceTimersByTime(3000);
    expect(seen).toEqual(['Adding…', 'Added!', 'Add To Cart']);
    expect(m.getState().changeCount).toBe(before + 3);
    unsubscribe();
    m.click();
    expect(seen).toHaveLength(3);
  });

  it('dispose cancels timers', () => {
    const onAdded = vi.fn();
    const m = machine({ onAdded });
    m.click();
    m.succeed();
    m.dispose();
    vi.advanceTimersByTime(5000);
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('uses an injected scheduler', () => {
    const jobs: Array<{ fn: () => void; ms: number }> = [];
    const m = machine({
      scheduler: {
        setTimeout: (fn, ms) => jobs.push({ fn, ms }),
        clearTimeout: () => undefined,
      },
    });
    m.click();
    m.fail();
    expect(jobs.map((j) => j.ms)).toEqual([1000]);
    jobs[0]!.fn();
    expect(m.getState().phase).toBe('idle');
  });
});
