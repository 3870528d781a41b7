import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { PageSummary } from '../../../../shared/content/page-api.js';
import { ConfirmDelete } from '../../confirm-delete.js';
import { GlyphIcon, ITEM_KINDS, KIND_LABEL, KindIcon } from './page-kinds.js';
import {
  dropSlot,
  isFolder,
  type DropTarget,
  type Group,
  type PageTree,
  type Slot,
} from './tree.js';

/** `#/pages/{id}/edit`: the page builder (its own screen). */
export const builderHref = (id: string) => `#/pages/${encodeURIComponent(id)}/edit`;
/** `#/content/{collectionId}`: a blog's, events' or gallery's items (a collection's page id is its collection id). */
export const itemsHref = (id: string) => `#/content/${encodeURIComponent(id)}`;

export interface TreeActions {
  /** Moves may be made (the 'draft' permission). */
  canArrange: boolean;
  canDelete: boolean;
  onMove: (id: string, slot: Slot) => void;
  onStep: (id: string, delta: -1 | 1) => void;
  onToggleNav: (id: string) => void;
  onSettings: (id: string) => void;
  onDelete: (id: string) => Promise<string | null>;
}

const GROUPS: { group: Group; title: string; intro: string; empty: string }[] = [
  {
    group: 'linked',
    title: 'Main navigation',
    intro: 'Shown in your site’s menu, in this order.',
    empty: 'Nothing in the navigation. Drag pages here to show them in the menu.',
  },
  {
    group: 'notLinked',
    title: 'Not linked',
    intro: 'Live at their URL but not in the menu.',
    empty: 'Pages here are reachable by their URL only.',
  },
];

interface Drag {
  id: string;
  title: string;
  pointerId: number;
  startX: number;
  startY: number;
  x: number;
  y: number;
  moved: boolean;
  target: DropTarget | null;
}

/**
 * The tree: both groups, folders with their pages, and drag and drop with pointer events (mouse,
 * pen and touch alike: the grip has `touch-action: none`, the rest of the row scrolls). The grip
 * is also a keyboard control: ↑ and ↓ move the page one place, into and out of folders.
 */
export function PageTreeView({
  tree,
  homeId,
  actions,
}: {
  tree: PageTree;
  homeId: string | null;
  actions: TreeActions;
}) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  dragRef.current = drag;

  // While dragging near the window's top or bottom edge, scroll so far-away places can be reached.
  useEffect(() => {
    if (!drag?.moved) return;
    const id = window.setInterval(() => {
      const d = dragRef.current;
      if (!d) return;
      const edge = 64;
      if (d.y < edge) window.scrollBy(0, -12);
      else if (d.y > window.innerHeight - edge) window.scrollBy(0, 12);
    }, 16);
    return () => window.clearInterval(id);
  }, [drag?.moved]);

  const targetAt = (x: number, y: number, draggedId: string): DropTarget | null => {
    const el = document.elementFromPoint(x, y);
    const end = el?.closest<HTMLElement>('[data-drop-end]');
    if (end) return { kind: 'end', group: end.dataset.dropEnd as Group };
    const row = el?.closest<HTMLElement>('[data-drop-row]');
    if (!row) return null;
    const id = row.dataset.dropRow!;
    if (id === draggedId) return null;
    const r = row.getBoundingClientRect();
    const at = (y - r.top) / r.height;
    const folderRow = row.dataset.folder === 'true';
    const zone: 'before' | 'after' | 'inside' = folderRow
      ? at < 0.3
        ? 'before'
        : at > 0.7 && row.dataset.open !== 'true'
          ? 'after'
          : 'inside'
      : at < 0.5
        ? 'before'
        : 'after';
    return { kind: 'row', id, zone };
  };

  const startDrag = (e: ReactPointerEvent<HTMLButtonElement>, page: PageSummary) => {
    if (!actions.canArrange || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({
      id: page.id,
      title: page.title,
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      x: e.clientX,
      y: e.clientY,
      moved: false,
      target: null,
    });
  };
  const moveDrag = (e: ReactPointerEvent) => {
    const d = dragRef.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const moved = d.moved || Math.hypot(e.clientX - d.startX, e.clientY - d.startY) > 6;
    if (moved) e.preventDefault();
    setDrag({
      ...d,
      x: e.clientX,
      y: e.clientY,
      moved,
      target: moved ? targetAt(e.clientX, e.clientY, d.id) : null,
    });
  };
  const endDrag = (e: ReactPointerEvent, drop: boolean) => {
    const d = dragRef.current;
    if (!d || d.pointerId !== e.pointerId) return;
    setDrag(null);
    if (drop && d.moved && d.target) {
      const slot = dropSlot(tree, d.id, d.target);
      if (slot) actions.onMove(d.id, slot);
    }
  };

  const dropClass = (id: string) => {
    const t = drag?.moved ? drag.target : null;
    if (!t || t.kind !== 'row' || t.id !== id) return '';
    return ` pg-drop-${t.zone}`;
  };

  const row = (page: PageSummary, group: Group, inFolder: boolean, childCount = 0) => (
    <PageRow
      page={page}
      childCount={childCount}
      group={group}
      home={page.id === homeId}
      inFolder={inFolder}
      open={childCount > 0}
      dragging={drag?.moved === true && drag.id === page.id}
      dropClass={dropClass(page.id)}
      actions={actions}
      grip={{
        onPointerDown: (e) => startDrag(e, page),
        onPointerMove: moveDrag,
        onPointerUp: (e) => endDrag(e, true),
        onPointerCancel: (e) => endDrag(e, false),
      }}
    />
  );

  return (
    <div className={`pg-tree${drag?.moved ? ' pg-tree-dragging' : ''}`}>
      {GROUPS.map(({ group, title, intro, empty }) => {
        const entries = tree[group];
        const endActive = drag?.moved && drag.target?.kind === 'end' && drag.target.group === group;
        return (
          <section key={group} className="pg-group" aria-labelledby={`pg-${group}-h`}>
            <div className="pg-group-head">
              <h2 id={`pg-${group}-h`}>{title}</h2>
              <p className="ed-muted">{intro}</p>
            </div>
            {entries.length > 0 && (
              <ul className="pg-list">
                {entries.map((e) => (
                  <li key={e.page.id} className="pg-item">
                    {row(e.page, group, false, e.children.length)}
                    {isFolder(e.page) && (
                      <ul className="pg-children" aria-label={`Pages in ${e.page.title}`}>
                        {e.children.map((c) => (
                          <li key={c.id} className="pg-item">
                            {row(c, group, true)}
                          </li>
                        ))}
                        {e.children.length === 0 && (
                          <li className="pg-folder-empty ed-muted">
                            Empty folder. Drag pages onto it, or move them here with the arrow keys.
                          </li>
                        )}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <div
              className={`pg-end${endActive ? ' pg-end-active' : ''}${entries.length ? '' : ' pg-end-empty'}`}
              data-drop-end={group}
            >
              {entries.length === 0 ? empty : drag?.moved ? `Drop at the end of ${title}` : null}
            </div>
          </section>
        );
      })}
      {drag?.moved && (
        <div
          className="pg-ghost"
          style={{ left: drag.x + 12, top: drag.y + 12 }}
          aria-hidden="true"
        >
          {drag.title || 'Untitled'}
        </div>
      )}
    </div>
  );
}

type GripHandlers = {
  onPointerDown: (e: ReactPointerEvent<HTMLButtonElement>) => void;
  onPointerMove: (e: ReactPointerEvent) => void;
  onPointerUp: (e: ReactPointerEvent) => void;
  onPointerCancel: (e: ReactPointerEvent) => void;
};

function PageRow({
  page,
  childCount,
  group,
  home,
  inFolder,
  open,
  dragging,
  dropClass,
  actions,
  grip,
}: {
  page: PageSummary;
  childCount: number;
  group: Group;
  home: boolean;
  inFolder: boolean;
  open: boolean;
  dragging: boolean;
  dropClass: string;
  actions: TreeActions;
  grip: GripHandlers;
}) {
  const title = page.title || 'Untitled';
  const hiddenInFolder = inFolder && !page.navigation.visible;
  const editHref = ITEM_KINDS.includes(page.kind)
    ? itemsHref(page.id)
    : page.kind === 'products'
      ? '#/products'
      : page.kind === 'folder'
        ? null
        : builderHref(page.id);
  const editLabel = ITEM_KINDS.includes(page.kind)
    ? 'Items'
    : page.kind === 'products'
      ? 'Products'
      : 'Edit';
  return (
    <div
      className={`pg-row${dragging ? ' pg-row-dragging' : ''}${dropClass}`}
      data-drop-row={page.id}
      data-folder={isFolder(page) ? 'true' : undefined}
      data-open={open ? 'true' : undefined}
    >
      {actions.canArrange && (
        <button
          type="button"
          className="pg-grip"
          data-grip={page.id}
          aria-label={`Reorder ${title}`}
          aria-describedby="pg-grip-hint"
          {...grip}
          onKeyDown={(e) => {
            if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
              e.preventDefault();
              actions.onStep(page.id, e.key === 'ArrowUp' ? -1 : 1);
            }
          }}
        >
          <GlyphIcon name="grip" />
        </button>
      )}
      <span className={`pg-kind pg-kind-${page.kind}`} title={KIND_LABEL[page.kind]}>
        <KindIcon kind={page.kind} />
        <span className="ed-visually-hidden">{KIND_LABEL[page.kind]}: </span>
      </span>
      <div className="pg-main">
        <span className="pg-title">
          {editHref ? <a href={editHref}>{title}</a> : <span>{title}</span>}
          {home && (
            <span className="pg-home" title="Home page">
              <GlyphIcon name="home" />
              Home
            </span>
          )}
        </span>
        <span className="pg-url">
          {page.kind === 'folder'
            ? childCount === 1
              ? 'Folder · 1 page'
              : `Folder · ${childCount} pages`
            : (page.url ?? '')}
          {page.itemCount !== undefined && page.kind !== 'folder' && (
            <> · {page.itemCount === 1 ? '1 item' : `${page.itemCount} items`}</>
          )}
        </span>
      </div>
      <span className="pg-badges">
        {page.status === 'draft' && <span className="ed-pill pg-pill-draft">Draft</span>}
        {hiddenInFolder && <span className="ed-pill">Hidden</span>}
        {page.passwordProtected && (
          <span className="ed-pill pg-pill-lock" title="Password protected">
            <GlyphIcon name="lock" />
            <span className="ed-visually-hidden">Password protected</span>
          </span>
        )}
        {page.membersOnly && <span className="ed-pill">Members only</span>}
        {page.hasUnpublishedChanges && page.status !== 'draft' && (
          <span className="ed-pill ed-pill-warn">Unpublished changes</span>
        )}
      </span>
      <span className="pg-actions">
        {editHref && (
          <a className="ed-button pg-edit" href={editHref} aria-label={`${editLabel}: ${title}`}>
            {editLabel}
          </a>
        )}
        <button
          type="button"
          className="ed-button ed-button-quiet pg-icon-button"
          aria-label={`Settings for ${title}`}
          onClick={() => actions.onSettings(page.id)}
        >
          <GlyphIcon name="gear" />
        </button>
        {(actions.canArrange || actions.canDelete) && (
          <RowMenu page={page} group={group} actions={actions} />
        )}
      </span>
    </div>
  );
}

/** The row's other actions in a small disclosure: move, show/hide, delete (with its confirmation). */
function RowMenu({
  page,
  group,
  actions,
}: {
  page: PageSummary;
  group: Group;
  actions: TreeActions;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const title = page.title || 'Untitled';

  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLElement>('button')?.focus();
    const outside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!box.current?.contains(t) && !toggle.current?.contains(t)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setError(null);
    if (refocus) toggle.current?.focus();
  };
  const run = (f: () => void) => {
    close(false);
    f();
  };

  return (
    <span className="pg-menu-wrap">
      <button
        ref={toggle}
        type="button"
        className="ed-button ed-button-quiet pg-icon-button"
        aria-label={`More actions for ${title}`}
        aria-expanded={open}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <GlyphIcon name="more" />
      </button>
      {open && (
        <div
          ref={box}
          className="pg-menu"
          role="group"
          aria-label={`Actions for ${title}`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close(true);
            }
          }}
        >
          <button type="button" onClick={() => run(() => actions.onSettings(page.id))}>
            Settings
          </button>
          {actions.canArrange && (
            <>
              <button type="button" onClick={() => run(() => actions.onStep(page.id, -1))}>
                Move up
              </button>
              <button type="button" onClick={() => run(() => actions.onStep(page.id, 1))}>
                Move down
              </button>
              <button type="button" onClick={() => run(() => actions.onToggleNav(page.id))}>
                {group === 'linked' ? 'Move to Not linked' : 'Move to the navigation'}
              </button>
            </>
          )}
          {actions.canDelete && (
            <div className="pg-menu-delete">
              <ConfirmDelete
                confirmLabel={`Delete ${title}`}
                onConfirm={() => {
                  setBusy(true);
                  void actions.onDelete(page.id).then((err) => {
                    setBusy(false);
                    if (err) setError(err);
                  });
                }}
              />
              {busy && (
                <span className="ed-muted" role="status">
                  Deleting…
                </span>
              )}
              {error && (
                <p className="ed-inline-error" role="alert">
                  {error}
                </p>
              )}
            </div>
          )}
        </div>
      )}
    </span>
  );
}
