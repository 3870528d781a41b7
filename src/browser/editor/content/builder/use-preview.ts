/**
 * Keeps the preview frame showing the builder's document. After each change (debounced
 * `PREVIEW_DEBOUNCE_MS`), only the sections that changed are rendered by the server
 * (POST /api/content/preview with `sectionId`, the same theme code as the live page) and swapped
 * into the frame; added, moved and deleted sections are put in order in place. A page with no
 * section element to anchor on is rendered whole and written into the frame's document.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { PageSection } from '../../../../shared/content/blocks.js';
import {
  PageApi,
  type PageDoc,
  type PreviewRequest,
  type PreviewResponse,
} from '../../../../shared/content/page-api.js';
import { editorFetch } from '../../editor-fetch.js';
import { sectionChanges } from './doc-ops.js';
import {
  attachFrame,
  markSelection,
  parseSection,
  placeSections,
  sectionsHost,
  type FrameHandlers,
  type Selection,
} from './frame-dom.js';
import { inputOf } from './use-page-draft.js';

export const PREVIEW_DEBOUNCE_MS = 60;

export interface PreviewOptions extends FrameHandlers {
  frame: RefObject<HTMLIFrameElement | null>;
  page: PageDoc;
  sections: PageSection[];
  selection: Selection;
}

export function usePreview(opts: PreviewOptions): { onLoad: () => void; src: string } {
  const { frame, page, sections, selection } = opts;
  const latest = useRef({ page, sections, selection });
  latest.current = { page, sections, selection };
  const handlers = useRef<FrameHandlers>(opts);
  handlers.current = opts;

  /** What the frame shows now; null until it has loaded. */
  const rendered = useRef<readonly PageSection[] | null>(null);
  /** What the frame will show once its current load ends. */
  const loading = useRef<readonly PageSection[]>(sections);
  const host = useRef<Element | null>(null);
  const detach = useRef<(() => void) | null>(null);
  const running = useRef(false);
  const again = useRef(false);

  /** Sets up the frame's document (after its load, or after it was written whole). */
  const attachRef = useRef<() => void>(() => undefined);
  const attach = () => attachRef.current();

  const sync = useCallback(async () => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    try {
      do {
        again.current = false;
        const iframe = frame.current;
        const doc = iframe?.contentDocument;
        const shown = rendered.current;
        if (!iframe || !doc || !shown) return;
        const target = latest.current.sections;
        const { changed, structural } = sectionChanges(shown, target);
        if (changed.length === 0 && !structural) continue;
        const input = inputOf(latest.current.page, target);
        const render = (sectionId?: string) =>
          editorFetch<PreviewResponse>(PageApi.preview, {
            method: 'POST',
            json: {
              pageId: latest.current.page.id,
              page: input,
              ...(sectionId ? { sectionId } : {}),
            } satisfies PreviewRequest,
          });
        const at = host.current?.isConnected ? host.current : sectionsHost(doc);
        if (!at) {
          // Nothing to anchor on (a page without sections): the whole page, written into the
          // frame's document, which keeps the preview response's CSP (its inline scripts' hashes).
          const { html } = await render();
          doc.open();
          doc.write(html);
          doc.close();
          loading.current = target;
          attach();
          continue;
        }
        host.current = at;
        const htmls = await Promise.all(changed.map((id) => render(id)));
        const fresh = new Map<string, Element>();
        changed.forEach((id, i) => {
          const el = parseSection(doc, htmls[i]!.html, id);
          if (el) fresh.set(id, el);
        });
        placeSections(
          doc,
          at,
          target.map((s) => s.id),
          fresh,
          structural,
        );
        rendered.current = target;
        // A section just added or moved may hold the selection out of view: bring it in.
        markSelection(doc, latest.current.selection, structural);
      } while (again.current);
    } catch {
      // A failed render leaves the frame as it was; the next change tries again.
    } finally {
      running.current = false;
    }
  }, [frame]);

  const onLoad = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.body) return;
    detach.current?.();
    detach.current = attachFrame(doc, {
      onSelect: (sel) => handlers.current.onSelect(sel),
      labelOf: (sel) => handlers.current.labelOf(sel),
      onKey: (e) => handlers.current.onKey(e),
    });
    host.current = sectionsHost(doc);
    rendered.current = loading.current;
    markSelection(doc, latest.current.selection);
    void sync();
  }, [frame, sync]);
  attachRef.current = onLoad;

  useEffect(() => () => detach.current?.(), []);

  // Changes reach the frame after a short pause, so a burst of typing renders once.
  useEffect(() => {
    const t = window.setTimeout(() => void sync(), PREVIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [sections, sync]);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (doc && rendered.current) markSelection(doc, selection, true);
  }, [selection, frame]);

  return { onLoad, src: PageApi.previewFrame(page.id) };
}
