/**
 * The preview frame's DOM, driven by the builder (same origin, so it reads and writes the
 * frame's document directly): outlines on hover and on the selection, clicks that select
 * instead of following links, and swapping one section's element for a fresh render.
 */
import { PreviewAttr } from '../../../../shared/content/page-api.js';

export type Selection = { kind: 'block' | 'section'; id: string } | null;

const MARK = 'data-bd-selected';
const HOVER = 'data-bd-hover';
const STYLE_ID = 'bd-frame-style';

/** Outline colours chosen to read on light, dark and image backgrounds alike. */
const FRAME_CSS = `
[${PreviewAttr.section}], [${PreviewAttr.block}] { cursor: pointer; }
[${PreviewAttr.section}][${HOVER}] { outline: 2px dashed rgba(31,95,139,.55); outline-offset: -2px; }
[${PreviewAttr.block}][${HOVER}] { outline: 2px solid rgba(31,95,139,.55); outline-offset: 2px; }
[${PreviewAttr.section}][${MARK}] { outline: 3px solid #1f5f8b; outline-offset: -3px; }
[${PreviewAttr.block}][${MARK}] { outline: 3px solid #1f5f8b; outline-offset: 3px; box-shadow: 0 0 0 6px rgba(255,255,255,.6); }
#bd-frame-tag { position: absolute; z-index: 2147483647; pointer-events: none; font: 600 12px/1 system-ui, sans-serif;
  background: #1f5f8b; color: #fff; padding: 4px 7px; border-radius: 4px 4px 0 0; transform: translateY(-100%); display: none; }
`;

function cssEscape(v: string): string {
  return v.replace(/["\\]/g, '\\$&');
}

export function sectionSelector(id: string): string {
  return `[${PreviewAttr.section}="${cssEscape(id)}"]`;
}

export function blockSelector(id: string): string {
  return `[${PreviewAttr.block}="${cssEscape(id)}"]`;
}

export interface FrameHandlers {
  onSelect: (sel: Selection) => void;
  /** The label over a hovered element ('Heading', 'Section 2'). */
  labelOf: (sel: NonNullable<Selection>) => string;
  /** Keys pressed while the frame has focus (undo, redo) arrive in its document. */
  onKey: (e: KeyboardEvent) => void;
}

/**
 * Sets up a freshly loaded frame document; returns a detach function. Clicks select the nearest
 * block (else section); links, buttons and forms inside the frame do nothing else, so the owner
 * never leaves the builder by clicking the preview.
 */
export function attachFrame(doc: Document, handlers: FrameHandlers): () => void {
  if (!doc.getElementById(STYLE_ID)) {
    const style = doc.createElement('style');
    style.id = STYLE_ID;
    style.textContent = FRAME_CSS;
    doc.head.append(style);
  }
  let tag = doc.getElementById('bd-frame-tag');
  if (!tag) {
    tag = doc.createElement('div');
    tag.id = 'bd-frame-tag';
    doc.body.append(tag);
  }
  const tagEl = tag;
  let hovered: Element | null = null;

  const targetOf = (
    node: EventTarget | null,
  ): { el: Element; sel: NonNullable<Selection> } | null => {
    const el = node instanceof doc.defaultView!.Element ? node : null;
    const block = el?.closest(`[${PreviewAttr.block}]`);
    if (block)
      return { el: block, sel: { kind: 'block', id: block.getAttribute(PreviewAttr.block)! } };
    const section = el?.closest(`[${PreviewAttr.section}]`);
    if (section)
      return {
        el: section,
        sel: { kind: 'section', id: section.getAttribute(PreviewAttr.section)! },
      };
    return null;
  };

  const onClick = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    handlers.onSelect(targetOf(e.target)?.sel ?? null);
  };
  const onSubmit = (e: Event) => e.preventDefault();
  const onOver = (e: MouseEvent) => {
    const t = targetOf(e.target);
    if (t?.el === hovered) return;
    hovered?.removeAttribute(HOVER);
    hovered = t?.el ?? null;
    if (!t) {
      tagEl.style.display = 'none';
      return;
    }
    t.el.setAttribute(HOVER, '');
    const r = t.el.getBoundingClientRect();
    const win = doc.defaultView!;
    tagEl.textContent = handlers.labelOf(t.sel);
    tagEl.style.display = 'block';
    tagEl.style.left = `${Math.max(0, r.left + win.scrollX)}px`;
    tagEl.style.top = `${Math.max(22, r.top + win.scrollY)}px`;
  };
  const onLeave = () => {
    hovered?.removeAttribute(HOVER);
    hovered = null;
    tagEl.style.display = 'none';
  };

  const onKey = (e: KeyboardEvent) => handlers.onKey(e);
  doc.addEventListener('keydown', onKey);
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  doc.addEventListener('mouseover', onOver);
  doc.documentElement.addEventListener('mouseleave', onLeave);
  return () => {
    doc.removeEventListener('keydown', onKey);
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    doc.removeEventListener('mouseover', onOver);
    doc.documentElement.removeEventListener('mouseleave', onLeave);
  };
}

/** Marks the selected element; with `scroll`, brings it into view when it is off screen. */
export function markSelection(doc: Document, sel: Selection, scroll = false): void {
  for (const el of doc.querySelectorAll(`[${MARK}]`)) el.removeAttribute(MARK);
  if (!sel) return;
  const el = doc.querySelector(
    sel.kind === 'block' ? blockSelector(sel.id) : sectionSelector(sel.id),
  );
  if (!el) return;
  el.setAttribute(MARK, '');
  if (scroll) {
    const r = el.getBoundingClientRect();
    const h = doc.defaultView?.innerHeight ?? 0;
    if (r.bottom < 0 || r.top > h) el.scrollIntoView({ block: 'center' });
  }
}

/** The element that holds the sections (where new ones go), or null when the page has none. */
export function sectionsHost(doc: Document): Element | null {
  return doc.querySelector(`[${PreviewAttr.section}]`)?.parentElement ?? null;
}

/** Parses a section's render and returns its element (the one carrying its id). */
export function parseSection(doc: Document, html: string, id: string): Element | null {
  const t = doc.createElement('template');
  t.innerHTML = html;
  return t.content.querySelector(sectionSelector(id)) ?? t.content.firstElementChild;
}

/**
 * Shows `order` in the frame: a section with a `fresh` element gets it (in place when only its
 * content changed); with `structural`, every section is put back in the new order (sections not
 * in it go), just where the list was, so the theme's wrappers around it stay as they are.
 */
export function placeSections(
  doc: Document,
  host: Element,
  order: readonly string[],
  fresh: ReadonlyMap<string, Element>,
  structural: boolean,
): void {
  const adopt = (el: Element) => (el.ownerDocument === doc ? el : doc.importNode(el, true));
  const existing = new Map<string, Element>();
  for (const el of host.querySelectorAll(`:scope > [${PreviewAttr.section}]`))
    existing.set(el.getAttribute(PreviewAttr.section)!, el);
  if (!structural) {
    for (const [id, el] of fresh) existing.get(id)?.replaceWith(adopt(el));
    return;
  }
  // The node the list ends before (the theme's footer, or nothing), found before anything moves.
  const end = [...existing.values()].pop()?.nextSibling ?? null;
  for (const el of existing.values()) el.remove();
  for (const id of order) {
    const el = fresh.get(id) ?? existing.get(id);
    if (el) host.insertBefore(adopt(el), end);
  }
}
