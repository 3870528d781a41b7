/**
 * The page builder (issue 13, `#/pages/{id}/edit`): a top bar, the live preview frame and a side
 * panel (a bottom sheet on phones). A lazy chunk: /config's first load does not carry it.
 * Documented in docs/editor.md, "The page builder".
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BlockCode, ContentBlock, PageSection } from '../../../../shared/content/blocks.js';
import { PageApi, type PageDoc } from '../../../../shared/content/page-api.js';
import { allows } from '../../../../shared/team/permissions.js';
import { validatePageInput } from '../../../../shared/content/validate-page.js';
import type { EditorBoot } from '../../boot.js';
import { editorFetch } from '../../editor-fetch.js';
import { LoadView } from '../../load-view.js';
import { LockBanner, useEditLock } from '../lock-banner.js';
import { VersionsPanel } from '../versions-panel.js';
import { setLeaveGuard } from '../../use-hash-route.js';
import { useLoad } from '../../use-load.js';
import { BLOCK_LABELS } from './block-meta.js';
import { BlockPicker } from './block-picker.js';
import { BuilderTopBar, type Device } from './top-bar.js';
import * as ops from './doc-ops.js';
import type { Selection } from './frame-dom.js';
import { Outline, sectionName, type OutlineActions } from './outline.js';
import { forgetSiteLists, loadSiteLists } from './site-lists.js';
import { BlockSettings, SectionSettings } from './selection-panel.js';
import { withDefaults } from './block-defaults.js';
import { inputOf, pageOf, usePageDraft } from './use-page-draft.js';
import { usePreview } from './use-preview.js';
import '../../products/products.css';
import './builder.css';

export function PageBuilderScreen({ pageId, boot }: { pageId: string; boot: EditorBoot }) {
  const state = useLoad(
    (signal) =>
      editorFetch<PageDoc | { page: PageDoc }>(PageApi.one(pageId), { signal }).then(pageOf),
    pageId,
  );
  useEffect(() => {
    loadSiteLists();
    return forgetSiteLists;
  }, []);
  return (
    <div className="bd-shell">
      <LoadView state={state} label="Opening the page…">
        {(page) => (
          <Builder
            key={`${page.id}:${page.version}`}
            initial={page}
            canEdit={allows(boot.roles, 'content')}
            canPublish={allows(boot.roles, 'publish')}
            onReload={state.reload}
          />
        )}
      </LoadView>
    </div>
  );
}

/** Focus never leaves a text field for a shortcut meant for the document. */
function inField(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

function Builder({
  initial,
  canEdit,
  canPublish,
  onReload,
}: {
  initial: PageDoc;
  canEdit: boolean;
  canPublish: boolean;
  onReload: () => void;
}) {
  const [sectionsForCheck, setSectionsForCheck] = useState(initial.sections);
  const isHome = initial.url === '/';
  const check = useMemo(
    () =>
      validatePageInput(inputOf(initial, sectionsForCheck), {
        kind: initial.kind,
        isHome,
        ...(initial.kind === 'footer' || initial.kind === 'not-found'
          ? { fixedSlug: initial.slug }
          : {}),
      }),
    [initial, sectionsForCheck, isHome],
  );
  const errors = check.ok ? {} : check.fieldErrors;
  const lock = useEditLock('pages', initial.id);
  const draft = usePageDraft(initial, canEdit && check.ok && !lock.lockedByOther);
  const { sections, page } = draft;
  const latest = useRef(sections);
  latest.current = sections;
  // Validation follows the document (kept in state so it runs once per change).
  useEffect(() => setSectionsForCheck(sections), [sections]);

  const [selection, setSelection] = useState<Selection>(null);
  const [showVersions, setShowVersions] = useState(false);
  const [device, setDevice] = useState<Device>('desktop');
  const [picker, setPicker] = useState<{ sectionId: string; index: number } | null>(null);
  const [revision, setRevision] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const keyHandler = useRef<(e: KeyboardEvent) => void>(() => undefined);
  const panel = useRef<HTMLElement>(null);

  // A selection whose block or section is gone (undo, delete) falls back to the outline.
  const at = selection?.kind === 'block' ? ops.findBlock(sections, selection.id) : undefined;
  const sectionIndex =
    selection?.kind === 'section' ? ops.sectionIndexOf(sections, selection.id) : -1;
  const current: Selection = at || sectionIndex >= 0 ? selection : null;

  const select = useCallback((sel: Selection) => {
    setSelection(sel);
    setShowVersions(false);
    if (sel) setSheetOpen(true);
    requestAnimationFrame(() =>
      panel.current
        ?.querySelector<HTMLElement>(sel ? '[data-panel-title]' : '.bd-outline')
        ?.focus?.(),
    );
  }, []);

  const labelOf = useCallback(
    (sel: NonNullable<Selection>) => {
      if (sel.kind === 'block') {
        const b = ops.findBlock(sections, sel.id)?.block;
        return b ? BLOCK_LABELS[b.type].label : 'Block';
      }
      const i = ops.sectionIndexOf(sections, sel.id);
      return i >= 0 ? sectionName(sections[i]!, i) : 'Section';
    },
    [sections],
  );

  const preview = usePreview({
    frame,
    page,
    sections,
    selection: current,
    onSelect: select,
    labelOf,
    onKey: (e) => keyHandler.current(e),
  });

  const { change, undo, redo } = draft;
  const doUndo = useCallback(() => {
    undo();
    setRevision((r) => r + 1);
  }, [undo]);
  const doRedo = useCallback(() => {
    redo();
    setRevision((r) => r + 1);
  }, [redo]);

  const actions: OutlineActions = useMemo(() => {
    const announce = (text: string) => setNotice(text);
    return {
      select,
      addBlock: (sectionId, index) => setPicker({ sectionId, index }),
      addSection: (index) => {
        const section = ops.newSection(ops.usedIds(latest.current));
        change((s) => ops.insertSection(s, index, section));
        setSelection({ kind: 'section', id: section.id });
        announce('Section added.');
      },
      moveBlock: (blockId, sectionId, index) =>
        change((s) => ops.moveBlock(s, blockId, sectionId, index)),
      moveBlockBy: (blockId, delta) => change((s) => ops.moveBlockBy(s, blockId, delta)),
      moveSection: (sectionId, index) => change((s) => ops.moveSection(s, sectionId, index)),
      moveSectionBy: (sectionId, delta) => change((s) => ops.moveSectionBy(s, sectionId, delta)),
      duplicate: (sel) => {
        // Made from the newest document here, so the copy's id is known for the selection.
        const s = latest.current;
        const r =
          sel.kind === 'block' ? ops.duplicateBlock(s, sel.id) : ops.duplicateSection(s, sel.id);
        if (!r.id) return;
        change(() => r.sections);
        setSelection({ kind: sel.kind, id: r.id });
        announce(sel.kind === 'block' ? 'Block duplicated.' : 'Section duplicated.');
      },
      remove: (sel) => {
        change((s) =>
          sel.kind === 'block' ? ops.deleteBlock(s, sel.id) : ops.deleteSection(s, sel.id),
        );
        setSelection(null);
        announce(sel.kind === 'block' ? 'Block deleted.' : 'Section deleted.');
      },
    };
  }, [change, select]);

  const addBlock = (type: BlockCode) => {
    if (!picker) return;
    const target = picker;
    setPicker(null);
    const block = withDefaults(ops.newBlock(type, ops.newId('b', ops.usedIds(latest.current))));
    change((s) => ops.insertBlock(s, target.sectionId, target.index, block));
    select({ kind: 'block', id: block.id });
  };

  // Shortcuts: undo/redo anywhere but rich text (it has its own); Alt+↑/↓ moves the selection.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.metaKey || e.ctrlKey;
      const t = e.target as HTMLElement | null;
      if (mod && e.key.toLowerCase() === 'z' && !t?.isContentEditable) {
        e.preventDefault();
        if (e.shiftKey) doRedo();
        else doUndo();
      } else if (mod && e.key.toLowerCase() === 'y' && !t?.isContentEditable) {
        e.preventDefault();
        doRedo();
      } else if (
        e.altKey &&
        (e.key === 'ArrowUp' || e.key === 'ArrowDown') &&
        current &&
        canEdit &&
        !inField(t) &&
        !t?.closest?.('.bd-outline')
      ) {
        e.preventDefault();
        const delta = e.key === 'ArrowUp' ? -1 : 1;
        if (current.kind === 'block') actions.moveBlockBy(current.id, delta);
        else actions.moveSectionBy(current.id, delta);
      }
    };
    window.addEventListener('keydown', onKey);
    // The frame forwards its keys here (frame-dom.ts).
    keyHandler.current = onKey;
    return () => window.removeEventListener('keydown', onKey);
  }, [doUndo, doRedo, current, actions, canEdit]);

  // Leaving with unsaved changes asks first (closing the tab, or another dashboard screen).
  const dirty = useRef(false);
  dirty.current = draft.saveState !== 'saved';
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    setLeaveGuard(
      () =>
        !dirty.current ||
        window.confirm('Your latest changes are not saved yet. Leave the page builder?'),
    );
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      setLeaveGuard(null);
    };
  }, []);

  useEffect(() => {
    if (!notice) return;
    const t = window.setTimeout(() => setNotice(null), 6000);
    return () => window.clearTimeout(t);
  }, [notice]);

  const readOnly = !canEdit;
  let body;
  if (showVersions) {
    body = (
      <div className="bd-panel-body">
        <button type="button" className="bd-back" onClick={() => setShowVersions(false)}>
          <span aria-hidden="true">←</span> Back to editing
        </button>
        <VersionsPanel
          kind="pages"
          id={page.id}
          current={inputOf(page, sections)}
          refreshKey={page.version}
          canRestore={canPublish}
          onRestored={onReload}
          labels={{ sections: 'Sections and blocks', seo: 'SEO', navigation: 'Navigation' }}
        />
      </div>
    );
  } else if (at && current?.kind === 'block') {
    body = (
      <BlockSettings
        at={at}
        sections={sections}
        errors={errors}
        readOnly={readOnly}
        revision={revision}
        actions={actions}
        onChange={(patch, field) =>
          change(
            (s) => ops.updateBlock(s, at.block.id, patch as Partial<ContentBlock>),
            `${at.block.id}.${field}`,
          )
        }
      />
    );
  } else if (current?.kind === 'section' && sectionIndex >= 0) {
    const section = sections[sectionIndex]!;
    body = (
      <SectionSettings
        section={section}
        index={sectionIndex}
        count={sections.length}
        errors={errors}
        readOnly={readOnly}
        actions={actions}
        onChange={(patch, field) =>
          change(
            (s) =>
              ops.updateSection(
                s,
                section.id,
                patch as Partial<Omit<PageSection, 'id' | 'blocks'>>,
              ),
            `${section.id}.${field}`,
          )
        }
      />
    );
  } else {
    body = <Outline sections={sections} readOnly={readOnly} actions={actions} />;
  }

  const errorCount = Object.keys(errors).length;
  return (
    <>
      <BuilderTopBar
        draft={draft}
        device={device}
        onDevice={setDevice}
        canEdit={canEdit}
        canPublish={canPublish}
        errorCount={errorCount}
        onUndo={doUndo}
        onRedo={doRedo}
        onReload={onReload}
        extra={
          <button
            type="button"
            className="bd-tool-button"
            aria-pressed={showVersions}
            aria-label="Version history"
            title="Version history"
            onClick={() => {
              setShowVersions((v) => !v);
              setSheetOpen(true);
            }}
          >
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3" />
            </svg>
          </button>
        }
      />
      <LockBanner lock={lock} />
      <div className={`bd-work${sheetOpen ? ' bd-sheet-open' : ''}`}>
        <div className={`bd-stage bd-stage-${device}`}>
          <iframe
            ref={frame}
            className="bd-frame"
            title={`Preview of ${page.title}`}
            src={preview.src}
            onLoad={preview.onLoad}
          />
        </div>
        <aside className="bd-panel" ref={panel} aria-label="Page builder panel">
          <button
            type="button"
            className="bd-sheet-handle"
            aria-expanded={sheetOpen}
            onClick={() => setSheetOpen((o) => !o)}
          >
            <span className="bd-sheet-grip" aria-hidden="true" />
            {current
              ? current.kind === 'block'
                ? 'Block settings'
                : 'Section settings'
              : 'Page outline'}
          </button>
          <div className="bd-panel-scroll">
            {readOnly && (
              <p className="ed-note bd-readonly">
                You can look at this page, but your role cannot change it.
              </p>
            )}
            {body}
          </div>
        </aside>
      </div>
      <div className="bd-toast" role="status" aria-live="polite">
        {notice && (
          <span className="bd-toast-inner">
            {notice}
            {draft.canUndo && (
              <button
                type="button"
                className="bd-toast-undo"
                onClick={() => {
                  doUndo();
                  setNotice(null);
                }}
              >
                Undo
              </button>
            )}
          </span>
        )}
      </div>
      {picker && <BlockPicker onPick={addBlock} onClose={() => setPicker(null)} />}
    </>
  );
}
