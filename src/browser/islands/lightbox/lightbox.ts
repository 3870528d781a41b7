import { lightboxTexts } from '../../../shared/i18n/lightbox-texts.js';
import { lightboxLayout, LIGHTBOX_ANIMATION_MS, swipeStep } from '../../../shared/lightbox.js';
import { trapTab } from '../product/focus-trap.js';
import { LIGHTBOX_CSS } from './lightbox-styles.js';

/**
 * The lightbox (SPEC 2.2, 3.7; docs/islands.md "Lightbox"): plain DOM, fetched on the first click
 * of a `[data-lightbox]` trigger (lightbox-trigger.ts), so pages pay nothing until it is used.
 * The set is every trigger in the clicked one's `[data-lightbox-group]`; each shows its `<img>`
 * at full size (the same srcset, `sizes="100vw"`), its `data-lightbox-title` and
 * `data-lightbox-description`. A dialog with focus trapped inside and returned to the trigger;
 * ← / → and swipes move, Escape closes; 0.3 s in and out; content taller than the window starts
 * 50 px from the top and scrolls.
 */

interface Slide {
  trigger: HTMLElement;
  img: HTMLImageElement | null;
  title: string;
  description: string;
  link: string;
}

function slideOf(trigger: HTMLElement): Slide {
  const href = trigger.getAttribute('href') ?? '';
  return {
    trigger,
    img: trigger.querySelector('img'),
    title: trigger.dataset.lightboxTitle ?? '',
    description: trigger.dataset.lightboxDescription ?? '',
    // A trigger that links to a page (a gallery item) keeps that page one click away.
    link:
      trigger.dataset.lightboxLink ?? (href && !/\.(webp|jpe?g|png|gif)$/i.test(href) ? href : ''),
  };
}

function reducedMotion(): boolean {
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  cls: string,
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = cls;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

const ICONS = {
  close: 'M6 6l12 12M18 6L6 18',
  prev: 'M15 5l-7 7 7 7',
  next: 'M9 5l7 7-7 7',
};

function iconButton(cls: string, label: string, icon: keyof typeof ICONS): HTMLButtonElement {
  const b = el('button', `lb-btn ${cls}`, { type: 'button', 'aria-label': label });
  b.innerHTML = `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="${ICONS[icon]}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
  return b;
}

let openNow: { close: () => void } | null = null;

function ensureStyles(): void {
  if (document.getElementById('lb-styles')) return;
  const style = el('style', '', { id: 'lb-styles' });
  style.textContent = LIGHTBOX_CSS;
  document.head.appendChild(style);
}

/** Opens the lightbox on `trigger`'s image. */
export function openLightbox(trigger: HTMLElement): void {
  openNow?.close();
  ensureStyles();
  const texts = lightboxTexts(document.documentElement.lang);
  const group = trigger.closest('[data-lightbox-group]') ?? trigger.parentElement ?? document.body;
  const triggers = Array.from(group.querySelectorAll<HTMLElement>('[data-lightbox]'));
  const slides = (triggers.includes(trigger) ? triggers : [trigger]).map(slideOf);
  let index = Math.max(
    0,
    slides.findIndex((s) => s.trigger === trigger),
  );
  const many = slides.length > 1;

  const root = el('div', 'lb', {
    role: 'dialog',
    'aria-modal': 'true',
    'aria-label': texts.lightboxText,
    tabindex: '-1',
  });
  const content = el('figure', 'lb-content');
  const frame = el('div', 'lb-frame');
  const caption = el('figcaption', 'lb-caption');
  const title = el('p', 'lb-title');
  const description = el('p', 'lb-description');
  const count = el('p', 'lb-count', { 'aria-live': 'polite' });
  caption.append(title, description, count);
  content.append(frame, caption);
  const close = iconButton('lb-close', texts.closeText, 'close');
  const prev = iconButton('lb-prev', texts.previousText, 'prev');
  const next = iconButton('lb-next', texts.nextText, 'next');
  root.append(content, close);
  if (many) root.append(prev, next);

  const show = (i: number) => {
    index = (i + slides.length) % slides.length;
    const s = slides[index]!;
    const src = s.img;
    const img = el('img', 'lb-img', { alt: src?.alt ?? '', decoding: 'async' });
    if (src) {
      if (src.srcset) img.srcset = src.srcset;
      img.sizes = '100vw';
      img.src = src.currentSrc || src.src;
      // The original's proportions, so the frame has its size before the large file arrives.
      for (const a of ['width', 'height']) {
        const v = src.getAttribute(a);
        if (v) img.setAttribute(a, v);
      }
    }
    frame.replaceChildren(img);
    title.replaceChildren();
    if (s.title) {
      if (s.link) {
        const a = el('a', 'lb-link', { href: s.link });
        a.textContent = s.title;
        title.append(a);
      } else title.textContent = s.title;
    }
    title.hidden = !s.title;
    description.textContent = s.description;
    description.hidden = !s.description;
    count.textContent = many
      ? texts.countText.replace('{n}', String(index + 1)).replace('{total}', String(slides.length))
      : '';
    count.hidden = !many;
    layout();
    img.addEventListener('load', layout, { once: true });
  };

  /** SPEC 2.2: taller than the window → 50 px from the top and scroll; otherwise centred. */
  const layout = () => {
    const { tall, marginTop } = lightboxLayout(content.offsetHeight, window.innerHeight);
    root.classList.toggle('lb-tall', tall);
    content.style.marginTop = tall ? `${marginTop}px` : '';
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      shut();
    } else if (many && e.key === 'ArrowLeft') {
      e.preventDefault();
      show(index - 1);
    } else if (many && e.key === 'ArrowRight') {
      e.preventDefault();
      show(index + 1);
    } else trapTab(e, root);
  };

  let startX: number | null = null;
  let startY = 0;
  content.addEventListener('pointerdown', (e) => {
    startX = e.clientX;
    startY = e.clientY;
  });
  content.addEventListener('pointerup', (e) => {
    if (startX === null || !many) return;
    const step = swipeStep(e.clientX - startX, e.clientY - startY);
    startX = null;
    if (step) show(index + step);
  });
  // A click on the dimmed backdrop (not the picture or its text) closes, as dialogs do.
  root.addEventListener('click', (e) => {
    if (e.target === root) shut();
  });
  close.addEventListener('click', () => shut());
  prev.addEventListener('click', () => show(index - 1));
  next.addEventListener('click', () => show(index + 1));

  const html = document.documentElement;
  const overflow = html.style.overflow;
  let closing = false;
  const shut = () => {
    if (closing) return;
    closing = true;
    openNow = null;
    document.removeEventListener('keydown', onKey, true);
    window.removeEventListener('resize', layout);
    const done = () => {
      root.remove();
      html.style.overflow = overflow;
      // Focus goes back where it came from; the gallery may have been re-rendered meanwhile.
      if (trigger.isConnected) trigger.focus();
    };
    if (reducedMotion()) done();
    else {
      root.classList.add('lb-out');
      setTimeout(done, LIGHTBOX_ANIMATION_MS);
    }
  };

  document.addEventListener('keydown', onKey, true);
  window.addEventListener('resize', layout);
  html.style.overflow = 'hidden';
  document.body.append(root);
  show(index);
  close.focus();
  openNow = { close: shut };
}
