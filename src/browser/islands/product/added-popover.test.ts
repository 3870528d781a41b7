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
  href = '';
  src = '';
  srcset = '';
  sizes = '';
  alt = '';
  width = 0;
  height = 0;
  style: Record<string, string> = {};
  dataset: Record<string, string> = {};
  attributes: Record<string, string> = {};
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  rect = { top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 };
  private listeners: Record<string, Array<(e?: unknown) => void>> = {};
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
  addEventListener(type: string, fn: (e?: unknown) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  dispatch(type: string, event: unknown = {}) {
    for (const fn of this.listeners[type] ?? []) fn(event);
  }
  click() {
    this.dispatch('click');
  }
  contains(el: unknown): boolean {
    return el === this || this.children.some((c) => c.contains(el));
  }
  /** Depth-first, like querySelector: the first element whose className includes `cls`. */
  find(cls: string): FakeElement | undefined {
    for (const c of this.children) {
      if (c.className.split(' ').includes(cls)) return c;
      const inner = c.find(cls);
      if (inner) return inner;
    }
    return undefined;
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
  const textOf = (box: FakeElement) => box.find('pi-popover-text')?.textContent;
  /** The page scrolled so that the header's bottom is now at `bottom`. */
  const scrollHeaderTo = (bottom: number) => {
    header.rect = { ...header.rect, top: bottom - 80, bottom };
  };
  return { body, fire, popovers, scrollHeaderTo, listeners, textOf };
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
    showAddedPopover({ name: 'Mug' });
    const [box] = page.popovers();
    expect(box).toBeDefined();
    expect(box!.attributes.role).toBe('status');
    expect(page.textOf(box!)).toBe('Mug was added to your cart.');
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
    showAddedPopover({ name: 'Mug' });
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
    showAddedPopover({ name: 'Mug' });
    showAddedPopover({ name: 'Vase' });
    expect(page.popovers().map((p) => page.textOf(p))).toEqual(['Vase was added to your cart.']);
    const close = page.popovers()[0]!.find('pi-close')!;
    expect(close.attributes['aria-label']).toBe('Close');
    close.click();
    expect(page.popovers()).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the line picture, View cart and Check out (issue 14), in the site language', () => {
    const page = fakePage();
    const image = { assetUrl: '/static/images/a1', width: 1600, height: 1200, altText: 'Mug' };
    showAddedPopover(
      { name: '湯呑み', image },
      {
        addedToCartText: '{productName}をカートに追加しました。',
        closeText: '閉じる',
        viewCartText: 'カートを見る',
        checkOutText: 'ご購入手続きへ',
      },
    );
    const box = page.popovers()[0]!;
    const img = box.find('pi-popover-image')!;
    // 64 px drawn, SPEC 9.2's bucket for 128 px: 300w at most, and the box is fixed up front.
    expect(img.src).toBe('/static/images/a1/300w.webp');
    expect(img.srcset).toBe('/static/images/a1/100w.webp 100w, /static/images/a1/300w.webp 300w');
    expect([img.width, img.height, img.alt]).toEqual([64, 64, '']);
    expect(page.textOf(box)).toBe('湯呑みをカートに追加しました。');
    const links = box.find('pi-popover-actions')!.children;
    expect(links.map((a) => [a.textContent, a.href, a.className])).toEqual([
      ['カートを見る', '/cart', 'button button-secondary'],
      ['ご購入手続きへ', '/checkout', 'button'],
    ]);
    expect(box.find('pi-close')!.attributes['aria-label']).toBe('閉じる');
  });

  it('has no picture when the line has none, and English texts by default', () => {
    const page = fakePage();
    showAddedPopover({ name: 'Gift Card', image: null });
    const box = page.popovers()[0]!;
    expect(box.find('pi-popover-image')).toBeUndefined();
    const links = box.find('pi-popover-actions')!.children;
    expect(links.map((a) => a.textContent)).toEqual(['View cart', 'Check out']);
  });

  it('waits while pointed at or focused, then the full 3000 ms again; Escape closes it', () => {
    const page = fakePage();
    showAddedPopover({ name: 'Mug' });
    const box = page.popovers()[0]!;
    vi.advanceTimersByTime(2000);
    box.dispatch('mouseenter');
    vi.advanceTimersByTime(10_000);
    expect(page.popovers()).toHaveLength(1);
    const [viewCart, checkout] = box.find('pi-popover-actions')!.children;
    box.dispatch('focusin');
    box.dispatch('mouseleave');
    vi.advanceTimersByTime(10_000);
    expect(page.popovers()).toHaveLength(1);
    // Tabbing from one link to the other stays inside: still waiting.
    box.dispatch('focusout', { relatedTarget: checkout });
    vi.advanceTimersByTime(10_000);
    expect(page.popovers()).toHaveLength(1);
    expect(viewCart).toBeDefined();
    // Focus left the popover: 3000 ms from now.
    box.dispatch('focusout', { relatedTarget: null });
    vi.advanceTimersByTime(2999);
    expect(page.popovers()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(page.popovers()).toHaveLength(0);

    showAddedPopover({ name: 'Vase' });
    page.popovers()[0]!.dispatch('keydown', { key: 'Escape' });
    expect(page.popovers()).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
