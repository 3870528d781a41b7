import {
  addedToCartText,
  popoverPosition,
  POPOVER,
  type BoxRect,
} from '../../../shared/cart/popover-position.js';
import { CHECKOUT_PATH } from '../../../shared/cart/checkout-urls.js';
import { thumbnailSource, type CartLineImage } from '../../../shared/cart/line-image.js';
import { throttle } from '../../../shared/cart/throttle.js';

/**
 * The added-item popover (SPEC 2.2, 9.1) is plain DOM, not an island: it is one transient surface
 * per page shared by every grid button, appended to <body> on demand and removed after 3000 ms.
 * Issue 14: it shows the product's picture (the chosen variant's) and two links, View cart and
 * Check out, in the theme's one button style. While the pointer is on it or focus is in it, the
 * 3000 ms wait is paused (a shopper reaching for a button does not lose it), and it starts again
 * in full when they leave.
 */
let current: { remove: () => void } | null = null;

/** The popover's picture is drawn this wide (CSS px). */
export const POPOVER_THUMB_PX = 64;

export interface AddedPopoverTexts {
  addedToCartText: string;
  closeText: string;
  viewCartText: string;
  checkOutText: string;
}

const ENGLISH: AddedPopoverTexts = {
  addedToCartText: '{productName} was added to your cart.',
  closeText: 'Close',
  viewCartText: 'View cart',
  checkOutText: 'Check out',
};

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

function link(href: string, text: string, className: string, testid: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.className = className;
  a.textContent = text;
  a.dataset.testid = testid;
  return a;
}

/**
 * Shows '{productName} was added to your cart.' with the line's picture (when it has one), the
 * View cart and Check out links and a close button. `texts` are the site language's (English by
 * default).
 */
export function showAddedPopover(
  product: { name: string; image?: CartLineImage | null | undefined },
  texts?: Partial<AddedPopoverTexts>,
): void {
  const t = { ...ENGLISH, ...texts };
  current?.remove();
  const box = document.createElement('div');
  box.className = 'pi-popover';
  box.setAttribute('role', 'status');
  box.setAttribute('aria-live', 'polite');
  box.dataset.testid = 'added-popover';

  const body = document.createElement('div');
  body.className = 'pi-popover-body';
  if (product.image) {
    const s = thumbnailSource(product.image, POPOVER_THUMB_PX);
    const img = document.createElement('img');
    img.className = 'pi-popover-image';
    img.src = s.src;
    img.srcset = s.srcSet;
    img.sizes = s.sizes;
    img.width = s.width;
    img.height = s.height;
    // The sentence beside it names the product: the picture adds nothing to read out.
    img.alt = '';
    body.appendChild(img);
  }
  const text = document.createElement('p');
  text.className = 'pi-popover-text';
  text.textContent = addedToCartText(product.name, t.addedToCartText);
  body.appendChild(text);

  const actions = document.createElement('div');
  actions.className = 'pi-popover-actions';
  actions.append(
    link('/cart', t.viewCartText, 'button button-secondary', 'popover-view-cart'),
    link(CHECKOUT_PATH, t.checkOutText, 'button', 'popover-checkout'),
  );

  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'pi-close';
  close.setAttribute('aria-label', t.closeText);
  close.textContent = '×';
  box.append(body, actions, close);

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
  let hide: ReturnType<typeof setTimeout> | undefined;
  let hovered = false;
  let focused = false;
  const remove = () => {
    clearTimeout(hide);
    onScroll.cancel();
    window.removeEventListener('scroll', onScroll.run);
    window.removeEventListener('resize', onScroll.run);
    box.remove();
    if (current === handle) current = null;
  };
  /** SPEC 9.1's 3000 ms, counted only while the shopper is neither pointing at nor in it. */
  const schedule = () => {
    clearTimeout(hide);
    hide = hovered || focused ? undefined : setTimeout(remove, POPOVER.autoHideMs);
  };
  const handle = { remove };
  close.addEventListener('click', remove);
  box.addEventListener('mouseenter', () => {
    hovered = true;
    schedule();
  });
  box.addEventListener('mouseleave', () => {
    hovered = false;
    schedule();
  });
  box.addEventListener('focusin', () => {
    focused = true;
    schedule();
  });
  box.addEventListener('focusout', (e: Event) => {
    const next = (e as FocusEvent).relatedTarget as Node | null;
    if (next && box.contains(next)) return;
    focused = false;
    schedule();
  });
  box.addEventListener('keydown', (e: Event) => {
    if ((e as KeyboardEvent).key === 'Escape') remove();
  });
  window.addEventListener('scroll', onScroll.run, { passive: true });
  window.addEventListener('resize', onScroll.run, { passive: true });
  document.body.appendChild(box);
  place();
  schedule();
  current = handle;
}
