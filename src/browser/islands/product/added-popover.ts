import {
  addedToCartText,
  popoverPosition,
  POPOVER,
  type BoxRect,
} from '../../../shared/cart/popover-position.js';
import { throttle } from '../../../shared/cart/throttle.js';

/**
 * The added-item popover (SPEC 2.2, 9.1) is plain DOM, not an island: it is one transient surface
 * per page shared by every grid button, appended to <body> on demand and removed after 3000 ms.
 */
let current: { remove: () => void } | null = null;

function rectOf(el: Element | null): BoxRect | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return null;
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
}

/** A cart indicator that floats over the page (fixed), rather than sitting in the header. */
function floatingCart(): Element | null {
  const marked = document.querySelector('[data-floating-cart]');
  if (marked) return marked;
  for (const el of document.querySelectorAll('[data-island="cart-indicator"]')) {
    const target = el.firstElementChild ?? el;
    if (getComputedStyle(target).position === 'fixed' || getComputedStyle(el).position === 'fixed')
      return target;
  }
  return null;
}

/** `texts` are the site language's popover text and close label (English by default). */
export function showAddedPopover(
  productName: string,
  texts?: { addedToCartText: string; closeText: string },
): void {
  current?.remove();
  const box = document.createElement('div');
  box.className = 'pi-popover';
  box.setAttribute('role', 'status');
  box.setAttribute('aria-live', 'polite');
  box.dataset.testid = 'added-popover';
  const text = document.createElement('p');
  text.style.margin = '0';
  text.textContent = addedToCartText(productName, texts?.addedToCartText);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'pi-close';
  close.setAttribute('aria-label', texts?.closeText ?? 'Close');
  close.textContent = '×';
  box.append(text, close);

  const place = () => {
    const pos = popoverPosition({
      viewportWidth: document.documentElement.clientWidth,
      header: rectOf(document.querySelector('[data-site-header], header')),
      floatingCart: rectOf(floatingCart()),
    });
    box.style.top = `${pos.top}px`;
    box.style.right = `${pos.right}px`;
    box.dataset.placement = pos.placement;
  };
  const onScroll = throttle(place, POPOVER.scrollThrottleMs);
  const remove = () => {
    clearTimeout(hide);
    onScroll.cancel();
    window.removeEventListener('scroll', onScroll.run);
    window.removeEventListener('resize', onScroll.run);
    box.remove();
    if (current === handle) current = null;
  };
  const hide = setTimeout(remove, POPOVER.autoHideMs);
  const handle = { remove };
  close.addEventListener('click', remove);
  window.addEventListener('scroll', onScroll.run, { passive: true });
  window.addEventListener('resize', onScroll.run, { passive: true });
  document.body.appendChild(box);
  place();
  current = handle;
}
