/**
 * The add-to-cart button's states (SPEC 4.1, timings SPEC 9.1), free of React and the DOM so the
 * product form, the list-grid button and the quick view share one behaviour and tests drive it
 * with fake timers. Time comes in through an injected scheduler.
 */
import { ProductTexts } from '../product/rules-product.js';

export const ADD_TO_CART_TIMINGS = {
  /** 'Added!' appears this long after the add succeeded. */
  addedDelayMs: 1000,
  /** …and stays this long before the idle label returns. */
  addedHoldMs: 2000,
  /** A failed add returns to idle after this long. */
  failureResetMs: 1000,
  /** 'Select Option' on list grids. */
  selectOptionMs: 2000,
  /** The scale animation accompanying every label change. */
  scaleAnimationMs: 200,
} as const;

export const ADDING_TEXT = ProductTexts.ADDING;
export const ADDED_TEXT = ProductTexts.ADDED;
export const SELECT_OPTION_TEXT = ProductTexts.SELECT_OPTION;
export const SOLD_OUT_TEXT = ProductTexts.SOLD_OUT_BUTTON;

/** The state labels, in the site's language (src/shared/i18n/storefront-texts.ts). */
export interface AddToCartTexts {
  adding: string;
  added: string;
  selectOption: string;
  soldOut: string;
}

const ENGLISH_BUTTON_TEXTS: AddToCartTexts = {
  adding: ADDING_TEXT,
  added: ADDED_TEXT,
  selectOption: SELECT_OPTION_TEXT,
  soldOut: SOLD_OUT_TEXT,
};

export type AddToCartPhase = 'idle' | 'adding' | 'added' | 'select-option' | 'sold-out';

export interface AddToCartState {
  phase: AddToCartPhase;
  /** The text the button shows now. */
  text: string;
  disabled: boolean;
  /** True while 'Select Option' flags a list-grid button (no message is shown there). */
  flagged: boolean;
  /** Increments on every visible change, so the view can restart its scale animation. */
  changeCount: number;
}

export interface Scheduler {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realScheduler: Scheduler = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface AddToCartMachineOptions {
  /** The idle label ('Add To Cart', 'Subscribe' or the custom text). */
  idleText: string;
  soldOut?: boolean;
  /** Defaults to SPEC 4.1's English labels. */
  texts?: AddToCartTexts;
  scheduler?: Scheduler;
  /** Called when 'Added!' appears: list pages open the added-item popover then. */
  onAdded?: () => void;
}

export interface AddToCartMachine {
  getState(): AddToCartState;
  subscribe(listener: (state: AddToCartState) => void): () => void;
  /** A click: true when it starts adding; false when ignored (adding, added, sold out). */
  click(): boolean;
  /** The add (or navigation hand-off) succeeded: 'Added!' after 1 s, idle 2 s later. */
  succeed(): void;
  /**
   * The add failed: idle again after 1 s. `then: 'select-option'` (list grids, options missing)
   * rests on 'Select Option' for 2 s instead, and only then on the idle text.
   */
  fail(then?: 'select-option'): void;
  /** Back to idle at once (e.g. the custom form opened instead of adding). */
  reset(): void;
  /** List grids: options are missing, so flag the button with 'Select Option' for 2 s. */
  selectOption(): void;
  /** The chosen variant became sold out (or available again): disables and restores. */
  setSoldOut(soldOut: boolean): void;
  /** The idle label changed (variant, subscription choice); shown whenever idle. */
  setIdleText(text: string): void;
  /** Cancels pending timers (component unmount). */
  dispose(): void;
}

export function createAddToCartMachine(opts: AddToCartMachineOptions): AddToCartMachine {
  const scheduler = opts.scheduler ?? realScheduler;
  const texts = opts.texts ?? ENGLISH_BUTTON_TEXTS;
  let idleText = opts.idleText;
  let soldOut = opts.soldOut ?? false;
  let phase: AddToCartPhase = soldOut ? 'sold-out' : 'idle';
  let changeCount = 0;
  let timer: unknown = null;
  let state = compute();
  const listeners = new Set<(s: AddToCartState) => void>();

  function compute(): AddToCartState {
    const text =
      phase === 'adding'
        ? texts.adding
        : phase === 'added'
          ? texts.added
          : phase === 'select-option'
            ? texts.selectOption
            : phase === 'sold-out'
              ? texts.soldOut
              : idleText;
    return {
      phase,
      text,
      disabled: phase === 'sold-out',
      flagged: phase === 'select-option',
      changeCount,
    };
  }

  function emit(): void {
    const next = compute();
    if (next.text !== state.text || next.phase !== state.phase) changeCount += 1;
    state = { ...next, changeCount };
    for (const l of listeners) l(state);
  }

  function clearTimer(): void {
    if (timer !== null) scheduler.clearTimeout(timer);
    timer = null;
  }

  function later(ms: number, fn: () => void): void {
    clearTimer();
    timer = scheduler.setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  }

  /** Where the button rests: sold out wins over idle, so a restored label never enables it. */
  function rest(): void {
    phase = soldOut ? 'sold-out' : 'idle';
    emit();
  }

  function flagSelectOption(): void {
    phase = 'select-option';
    emit();
    later(ADD_TO_CART_TIMINGS.selectOptionMs, rest);
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    click() {
      if (phase === 'adding' || phase === 'added' || phase === 'sold-out') return false;
      clearTimer();
      phase = 'adding';
      emit();
      return true;
    },
    succeed() {
      if (phase !== 'adding') return;
      later(ADD_TO_CART_TIMINGS.addedDelayMs, () => {
        phase = 'added';
        emit();
        opts.onAdded?.();
        later(ADD_TO_CART_TIMINGS.addedHoldMs, rest);
      });
    },
    fail(then) {
      if (phase !== 'adding') return;
      later(ADD_TO_CART_TIMINGS.failureResetMs, () => {
        // Sold out in the meantime: nothing to select, the disabled label wins.
        if (then === 'select-option' && !soldOut) flagSelectOption();
        else rest();
      });
    },
    reset() {
      clearTimer();
      rest();
    },
    selectOption() {
      if (phase === 'adding' || phase === 'added' || phase === 'sold-out') return;
      flagSelectOption();
    },
    setSoldOut(next) {
      if (next === soldOut) return;
      soldOut = next;
      // An add in flight finishes on its own timers; it rests on the new state afterwards.
      if (phase === 'idle' || phase === 'sold-out' || phase === 'select-option') {
        clearTimer();
        rest();
      }
    },
    setIdleText(text) {
      if (text === idleText) return;
      idleText = text;
      if (phase === 'idle') emit();
    },
    dispose() {
      clearTimer();
      listeners.clear();
    },
  };
}
