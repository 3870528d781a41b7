import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showAddedPopover } from './added-popover.js';

/**
 * Unit tests run without a DOM library, so this is the smallest stand-in for the few DOM calls the
 * popover makes: elements that can be appended, removed, clicked and measured, a header whose box
 * the test moves, and window listeners the test fires. The popover's own logic (placement,
 * throttling, removal) is the real code.
 */
class FakeElement {
  className = '';
  type = '';
  textContent = '';
  style: Record<string, string> = {};
  dataset: Record<string, string> = {};
  attributes: Record<string, string> = {};
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  rect = { top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 };
  private listeners: Record<string, Array<() => void>> = {};
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  append(...els: FakeElement[]) {
    for (const el of els) this.appendChild(el);
  }
  appendChild(el: FakeElement) {
    el.parent = this;
    this.children.push(el);
    return el;
  }
  remove() {
    if (!this.parent) return;
    this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
  addEventListener(type: string, fn: () => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  click() {
    for (const fn of this.listeners.click ?? []) fn();
  }
  getBoundingClientRect() {
    return this.rect;
  }
}

function fakePage() {
  const body = new FakeElement();
  const header = new FakeElement();
  header.rect = { top: 0, bottom: 80, left: 0, right: 1200, width: 1200, height: 80 };
  const listeners = new Map<string, Set<() => void>>();
  vi.stubGlobal('document', {
    body,
    head: new FakeElement(),
    documentElement: { clientWidth: 1200 },
    createElement: () => new FakeElement(),
    // The product stylesheet is already in the page (the server inlines it).
    getElementById: () => ({}),
    querySelector: (sel: string) => (sel.includes('header') ? header : null),
    querySelectorAll: () => [],
  });
  vi.stubGlobal('window', {
    addEventListener: (type: string, fn: () => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(fn);
    },
    removeEventListener: (type: string, fn: () => void) => listeners.get(type)?.delete(fn),
  });
  const fire = (type: string) => {
    for (const fn of listeners.get(type) ?? []) fn();
  };
  const popovers = () => body.children.filter((c) => c.dataset.testid === 'added-popover');
  /** The page scrolled so that the header's bottom is now at `bottom`. */
  const scrollHeaderTo = (bottom: number) => {
    header.rect = { ...header.rect, top: bottom - 80, bottom };
  };
  return { body, fire, popovers, scrollHeaderTo, listeners };
}

describe('added-item popover (SPEC 2.2, 9.1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    // Leave no popover (and no timer) behind for the next test.
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('hangs 16 px under the header, 33 px from the right, and is removed after 3000 ms', () => {
    const page = fakePage();
    showAddedPopover('Mug');
    const [box] = page.popovers();
    expect(box).toBeDefined();
    expect(box!.attributes.role).toBe('status');
    expect(box!.children[0]!.textContent).toBe('Mug was added to your cart.');
    expect(box!.style).toMatchObject({ top: '96px', right: '33px' });
    expect(box!.dataset.placement).toBe('under-header');
    vi.advanceTimersByTime(2999);
    expect(page.popovers()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(page.popovers()).toHaveLength(0);
    // Its scroll and resize listeners went with it.
    expect(page.listeners.get('scroll')?.size ?? 0).toBe(0);
    expect(page.listeners.get('resize')?.size ?? 0).toBe(0);
  });

  it('repositions on scroll at once, then at most once per 100 ms with the last position', () => {
    const page = fakePage();
    showAddedPopover('Mug');
    const box = page.popovers()[0]!;
    page.scrollHeaderTo(50);
    page.fire('scroll');
    expect(box.style.top).toBe('66px');
    vi.advanceTimersByTime(10);
    page.scrollHeaderTo(30);
    page.fire('scroll');
    page.scrollHeaderTo(20);
    page.fire('resize');
    expect(box.style.top).toBe('66px');
    vi.advanceTimersByTime(89);
    expect(box.style.top).toBe('66px');
    vi.advanceTimersByTime(1);
    expect(box.style.top).toBe('36px');
    // Header scrolled away: the corner, 16 px from the top.
    vi.advanceTimersByTime(100);
    page.scrollHeaderTo(-10);
    page.fire('scroll');
    expect(box.style).toMatchObject({ top: '16px', right: '33px' });
    expect(box.dataset.placement).toBe('corner');
  });

  it('the Close button removes it at once; a second add replaces the first', () => {
    const page = fakePage();
    showAddedPopover('Mug');
    showAddedPopover('Vase');
    expect(page.popovers().map((p) => p.children[0]!.textContent)).toEqual([
      'Vase was added to your cart.',
    ]);
    const close = page.popovers()[0]!.children[1]!;
    expect(close.attributes['aria-label']).toBe('Close');
    close.click();
    expect(page.popovers()).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
