/**
 * The page outline (nothing selected): sections and their blocks as a list to select, reorder
 * (drag, or Alt+Up/Down on a focused row, or the arrow buttons) and add to.
 */
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import type { PageSection } from '../../../../shared/content/blocks.js';
import { BLOCK_LABELS, blockSummary, BlockIcon } from './block-meta.js';
import type { Selection } from './frame-dom.js';

export interface OutlineActions {
  select: (sel: Selection) => void;
  addBlock: (sectionId: string, index: number) => void;
  addSection: (index: number) => void;
  moveBlock: (blockId: string, sectionId: string, index: number) => void;
  moveBlockBy: (blockId: string, delta: -1 | 1) => void;
  moveSection: (sectionId: string, index: number) => void;
  moveSectionBy: (sectionId: string, delta: -1 | 1) => void;
  duplicate: (sel: NonNullable<Selection>) => void;
  remove: (sel: NonNullable<Selection>) => void;
}

type Drag = { kind: 'block' | 'section'; id: string } | null;

export function sectionName(section: PageSection, index: number): string {
  return section.layout === 'hero' ? `Section ${index + 1} · Hero` : `Section ${index + 1}`;
}

export function Outline({
  sections,
  readOnly,
  actions,
}: {
  sections: readonly PageSection[];
  readOnly: boolean;
  actions: OutlineActions;
}) {
  const [drag, setDrag] = useState<Drag>(null);
  const [over, setOver] = useState<string | null>(null);

  const startDrag = (e: DragEvent, d: NonNullable<Drag>) => {
    e.stopPropagation();
    setDrag(d);
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', d.id);
  };
  const endDrag = () => {
    setDrag(null);
    setOver(null);
  };
  /** Drop targets: a block row (before it), a section's end, a section header (before it). */
  const dropProps = (key: string, accepts: 'block' | 'section', onDrop: (id: string) => void) =>
    drag?.kind === accepts
      ? {
          onDragOver: (e: DragEvent) => {
            e.preventDefault();
            e.stopPropagation();
            if (over !== key) setOver(key);
          },
          onDragLeave: () => setOver((o) => (o === key ? null : o)),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            e.stopPropagation();
            onDrop(drag.id);
            endDrag();
          },
        }
      : {};
  const keys = (sel: NonNullable<Selection>) => (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || readOnly) return;
    e.preventDefault();
    const delta = e.key === 'ArrowUp' ? -1 : 1;
    if (sel.kind === 'block') actions.moveBlockBy(sel.id, delta);
    else actions.moveSectionBy(sel.id, delta);
    // Keep focus on the moved row, which React re-renders in its new place.
    const target = e.currentTarget as HTMLElement;
    requestAnimationFrame(() => target.isConnected && target.focus());
  };

  return (
    <div className="bd-outline">
      <p className="bd-outline-intro ed-muted">
        Click a block here or in the preview to edit it. Drag to reorder, or use Alt+↑/↓.
      </p>
      <ol className="bd-sections" aria-label="Sections">
        {sections.map((s, si) => (
          <li
            key={s.id}
            className={`bd-section${over === `s:${s.id}` ? ' bd-drop' : ''}${drag?.id === s.id ? ' bd-dragging' : ''}`}
            {...dropProps(`s:${s.id}`, 'section', (id) => actions.moveSection(id, si))}
          >
            <div
              className="bd-section-head"
              draggable={!readOnly}
              onDragStart={(e) => startDrag(e, { kind: 'section', id: s.id })}
              onDragEnd={endDrag}
            >
              <button
                type="button"
                className="bd-row-main"
                onClick={() => actions.select({ kind: 'section', id: s.id })}
                onKeyDown={keys({ kind: 'section', id: s.id })}
                aria-label={`${sectionName(s, si)}, ${s.blocks.length} block${s.blocks.length === 1 ? '' : 's'}. Edit section`}
              >
                {!readOnly && <span className="bd-grip" aria-hidden="true" />}
                <span className="bd-section-name">{sectionName(s, si)}</span>
                <span className="bd-tone" data-tone={s.tone} title={`${s.tone} colours`} />
              </button>
              {!readOnly && (
                <span className="bd-row-tools">
                  <button
                    type="button"
                    className="bd-tool"
                    aria-label={`Move ${sectionName(s, si)} up`}
                    disabled={si === 0}
                    onClick={() => actions.moveSectionBy(s.id, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="bd-tool"
                    aria-label={`Move ${sectionName(s, si)} down`}
                    disabled={si === sections.length - 1}
                    onClick={() => actions.moveSectionBy(s.id, 1)}
                  >
                    ↓
                  </button>
                </span>
              )}
            </div>
            <ol className="bd-blocks" aria-label={`Blocks of ${sectionName(s, si)}`}>
              {s.blocks.map((b, bi) => {
                const summary = blockSummary(b);
                return (
                  <li
                    key={b.id}
                    className={`bd-block${over === `b:${b.id}` ? ' bd-drop' : ''}${drag?.id === b.id ? ' bd-dragging' : ''}`}
                    draggable={!readOnly}
                    onDragStart={(e) => startDrag(e, { kind: 'block', id: b.id })}
                    onDragEnd={endDrag}
                    {...dropProps(`b:${b.id}`, 'block', (id) => actions.moveBlock(id, s.id, bi))}
                  >
                    <button
                      type="button"
                      className="bd-row-main"
                      data-block-row={b.id}
                      onClick={() => actions.select({ kind: 'block', id: b.id })}
                      onKeyDown={keys({ kind: 'block', id: b.id })}
                    >
                      {!readOnly && <span className="bd-grip" aria-hidden="true" />}
                      <BlockIcon type={b.type} />
                      <span className="bd-block-text">
                        <span className="bd-block-name">{BLOCK_LABELS[b.type].label}</span>
                        {summary && <span className="bd-block-summary">{summary}</span>}
                      </span>
                    </button>
                    {!readOnly && bi > 0 && (
                      <button
                        type="button"
                        className="bd-insert"
                        aria-label={`Add a block above ${BLOCK_LABELS[b.type].label} (block ${bi + 1})`}
                        title="Add a block here"
                        onClick={() => actions.addBlock(s.id, bi)}
                      >
                        +
                      </button>
                    )}
                    {!readOnly && (
                      <span className="bd-row-tools">
                        <button
                          type="button"
                          className="bd-tool"
                          aria-label={`Move ${BLOCK_LABELS[b.type].label} block up`}
                          onClick={() => actions.moveBlockBy(b.id, -1)}
                          disabled={si === 0 && bi === 0}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="bd-tool"
                          aria-label={`Move ${BLOCK_LABELS[b.type].label} block down`}
                          onClick={() => actions.moveBlockBy(b.id, 1)}
                          disabled={si === sections.length - 1 && bi === s.blocks.length - 1}
                        >
                          ↓
                        </button>
                      </span>
                    )}
                  </li>
                );
              })}
              {!readOnly && (
                <li
                  className={`bd-add-row${over === `e:${s.id}` ? ' bd-drop' : ''}`}
                  {...dropProps(`e:${s.id}`, 'block', (id) =>
                    actions.moveBlock(id, s.id, s.blocks.length),
                  )}
                >
                  <button
                    type="button"
                    className="bd-add"
                    onClick={() => actions.addBlock(s.id, s.blocks.length)}
                  >
                    <span aria-hidden="true">+</span> Add block
                  </button>
                </li>
              )}
            </ol>
          </li>
        ))}
      </ol>
      {sections.length === 0 && <p className="ed-empty">This page has no sections yet.</p>}
      {!readOnly && (
        <div
          className={`bd-add-section${over === 'end' ? ' bd-drop' : ''}`}
          {...dropProps('end', 'section', (id) => actions.moveSection(id, sections.length))}
        >
          <button
            type="button"
            className="ed-button"
            onClick={() => actions.addSection(sections.length)}
          >
            <span aria-hidden="true">+</span> Add section
          </button>
        </div>
      )}
    </div>
  );
}
