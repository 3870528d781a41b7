import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import {
  PageApi,
  type PageListResponse,
  type PageSummary,
} from '../../../../shared/content/page-api.js';
import { allows } from '../../../../shared/team/permissions.js';
import { editorFetch } from '../../editor-fetch.js';
import { LoadView } from '../../load-view.js';
import { actionFailureText } from '../../messages.js';
import { ScreenHeading } from '../../screens/screen-heading.js';
import { useLoad } from '../../use-load.js';
import { builderHref, PageTreeView, type TreeActions } from './page-tree.js';
import { RedirectsSection } from './redirects-section.js';
import {
  buildTree,
  findPage,
  moveTo,
  navigationOf,
  pagesOf,
  slotOf,
  stepSlot,
  type PageTree,
  type Slot,
} from './tree.js';
import '../../products/products.css';
import './pages.css';

// The dialogs (forms, SEO preview, media picker) load when first opened.
const CreatePageDialog = lazy(() =>
  import('./create-page-dialog.js').then((m) => ({ default: m.CreatePageDialog })),
);
const PageSettingsDialog = lazy(() =>
  import('./page-settings-dialog.js').then((m) => ({ default: m.PageSettingsDialog })),
);

/** `#/pages`: the site's page tree and each page's settings (issue 13, "Pages and navigation"). */
export function PagesScreen({ roles, siteTitle }: { roles: readonly number[]; siteTitle: string }) {
  const state = useLoad(
    (signal) => editorFetch<PageListResponse>(PageApi.list, { signal }),
    'pages',
  );
  const [redirectsKey, setRedirectsKey] = useState(0);
  return (
    <>
      <LoadView state={state} label="Loading pages…">
        {(data) => (
          <PagesEditor
            data={data}
            roles={roles}
            siteTitle={siteTitle}
            onReload={() => {
              state.reload();
              setRedirectsKey((k) => k + 1);
            }}
          />
        )}
      </LoadView>
      <RedirectsSection key={redirectsKey} canEdit={allows(roles, 'publish')} />
    </>
  );
}

function PagesEditor({
  data,
  roles,
  siteTitle,
  onReload,
}: {
  data: PageListResponse;
  roles: readonly number[];
  siteTitle: string;
  onReload: () => void;
}) {
  const canDraft = allows(roles, 'content');
  const canPublish = allows(roles, 'publish');
  const [pages, setPages] = useState<PageSummary[]>(data.pages);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [dialog, setDialog] = useState<
    { kind: 'create' } | { kind: 'settings'; id: string } | null
  >(null);
  const [focusGrip, setFocusGrip] = useState<string | null>(null);
  /** The order the server has confirmed: what a failed save rolls back to. */
  const confirmed = useRef<PageSummary[]>(data.pages);
  /** Saves go one after another, so the last move is the one that sticks. */
  const chain = useRef<Promise<void>>(Promise.resolve());
  const tree = useMemo(() => buildTree(pages), [pages]);

  // A reload (after a create, delete or settings save) replaces the list.
  useEffect(() => {
    setPages(data.pages);
    confirmed.current = data.pages;
  }, [data]);

  // Keyboard moves keep focus on the moved page's grip (its row may have changed list).
  useEffect(() => {
    if (!focusGrip) return;
    document.querySelector<HTMLElement>(`[data-grip="${CSS.escape(focusGrip)}"]`)?.focus();
    setFocusGrip(null);
  }, [focusGrip, pages]);

  const save = (next: PageTree, text: string) => {
    const sent = pagesOf(next);
    setPages(sent);
    setNotice({ ok: true, text });
    const body = navigationOf(next);
    chain.current = chain.current.then(async () => {
      try {
        await editorFetch(PageApi.navigation, { method: 'PUT', json: body });
        confirmed.current = sent;
      } catch (err) {
        setPages(confirmed.current);
        setNotice({
          ok: false,
          text: `The navigation was not saved: ${actionFailureText(err)} It is back as it was.`,
        });
      }
    });
  };

  const move = (id: string, slot: Slot, viaKeyboard = false) => {
    const next = moveTo(tree, id, slot);
    if (next === tree) return;
    save(next, movedText(next, id));
    if (viaKeyboard) setFocusGrip(id);
  };

  const actions: TreeActions = {
    canArrange: canPublish,
    canDelete: canPublish,
    onMove: (id, slot) => move(id, slot),
    onStep: (id, delta) => {
      const slot = stepSlot(tree, id, delta);
      if (slot) move(id, slot, true);
      else setNotice({ ok: true, text: delta < 0 ? 'Already at the top.' : 'Already at the end.' });
    },
    onToggleNav: (id) => {
      const from = slotOf(tree, id);
      if (!from) return;
      const group = from.group === 'linked' ? 'notLinked' : 'linked';
      move(id, { group, parentId: null, index: tree[group].length });
    },
    onSettings: (id) => setDialog({ kind: 'settings', id }),
    onDelete: async (id) => {
      const title = findPage(tree, id)?.title || 'Untitled';
      try {
        await editorFetch(PageApi.one(id), { method: 'DELETE' });
        setNotice({ ok: true, text: `Deleted ${title}.` });
        onReload();
        document.querySelector<HTMLElement>('.ed-main h1')?.focus();
        return null;
      } catch (err) {
        return actionFailureText(err);
      }
    },
  };

  const system = tree.system;
  return (
    <>
      <ScreenHeading title="Pages" intro="Your site’s pages, folders and navigation.">
        {canPublish && (
          <button
            type="button"
            className="ed-button ed-button-primary"
            onClick={() => setDialog({ kind: 'create' })}
          >
            + Add page
          </button>
        )}
      </ScreenHeading>
      <p id="pg-grip-hint" className="ed-visually-hidden">
        Drag to move, or press the up and down arrow keys.
      </p>
      <p
        className={`pg-notice${notice ? (notice.ok ? ' pg-notice-ok' : ' ed-alert') : ''}`}
        role={notice && !notice.ok ? 'alert' : 'status'}
      >
        {notice?.text}
      </p>
      <PageTreeView tree={tree} homeId={data.homeId} actions={actions} />
      {system.length > 0 && (
        <section className="pg-group pg-system" aria-labelledby="pg-system-h">
          <div className="pg-group-head">
            <h2 id="pg-system-h">Site parts</h2>
            <p className="ed-muted">On every page, or shown when an address does not exist.</p>
          </div>
          <ul className="pg-system-list">
            {system.map((p) => (
              <li key={p.id}>
                <a className="ed-button" href={builderHref(p.id)}>
                  Edit {p.kind === 'footer' ? 'the footer' : 'the 404 page'}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Suspense fallback={null}>
        {dialog?.kind === 'create' && (
          <CreatePageDialog
            folders={pages.filter((p) => p.kind === 'folder')}
            onClose={() => setDialog(null)}
            onCreated={(title) => {
              setDialog(null);
              setNotice({ ok: true, text: `Created ${title}.` });
              onReload();
            }}
          />
        )}
        {dialog?.kind === 'settings' && (
          <PageSettingsDialog
            id={dialog.id}
            live={findPage(tree, dialog.id)?.status === 'published'}
            siteTitle={siteTitle}
            canDraft={canDraft}
            canPublish={canPublish}
            onClose={() => setDialog(null)}
            onSaved={(text) => {
              setDialog(null);
              setNotice({ ok: true, text });
              onReload();
            }}
            onPasswordChanged={onReload}
          />
        )}
      </Suspense>
    </>
  );
}

/** What a move did, for the status line (screen readers hear it after a keyboard move). */
function movedText(tree: PageTree, id: string): string {
  const slot = slotOf(tree, id);
  const title = findPage(tree, id)?.title || 'Untitled';
  if (!slot) return `Moved ${title}.`;
  const where = slot.parentId
    ? `in ${findPage(tree, slot.parentId)?.title || 'the folder'}`
    : slot.group === 'linked'
      ? 'in the navigation'
      : 'in Not linked';
  return `Moved ${title}: place ${slot.index + 1} ${where}.`;
}
