import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  ThemeErrorJson,
  ThemeFileEntryJson,
  ThemeFileKind,
} from '../../../shared/developer/api.js';
import { LoadError, LoadView, Loading } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { useLoad } from '../use-load.js';
import { developerApi, templateErrorsOf } from './developer-api.js';
import { FileTree } from './file-tree.js';
import { VersionsPanel } from './versions-panel.js';
import { SiteErrorsPanel } from './site-errors-panel.js';
import type { CodeEditor } from './code-editor.js';

type CodeModule = typeof import('./code-editor.js');

/** CodeMirror's chunk, loaded once; a failed load can be tried again. */
let codeModule: Promise<CodeModule> | undefined;
function loadCodeModule(): Promise<CodeModule> {
  codeModule ??= import('./code-editor.js').catch((e: unknown) => {
    codeModule = undefined;
    throw e;
  });
  return codeModule;
}

/** The page a template is most likely seen on, for the preview. */
export function previewPathFor(file: string, current: string): string {
  if (file.startsWith('collections/products.')) return '/shop';
  if (file.startsWith('collections/blog.')) return '/blog';
  if (file.startsWith('collections/events.')) return '/events';
  if (file.startsWith('collections/gallery.')) return '/gallery';
  if (file === 'pages/search.page') return '/search';
  if (file === 'pages/cart.page') return '/cart';
  if (file === 'pages/404.page') return '/this-page-does-not-exist';
  if (file === 'collections/page.page') return '/';
  return current;
}

/**
 * The preview's HTML for a sandboxed `srcdoc` frame: no scripts (islands stay as their server
 * markup; the frame could not run them anyway) and the site's root-relative URLs made absolute
 * (a `<base>` would be refused by /config's `base-uri 'none'`, which the frame inherits).
 */
export function framedHtml(html: string, origin: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="?modulepreload"?[^>]*>/gi, '')
    .replace(/(\s(?:src|href|srcset|poster|action)=["'])\/(?!\/)/gi, `$1${origin}/`)
    .replace(/(,\s*)\/(?!\/)(?=\S+\s+\d+[wx])/g, `$1${origin}/`)
    .replace(/url\(\s*(["']?)\/(?!\/)/g, `url($1${origin}/`);
}

/** The side panel's tabs: what the unsaved change renders, the saved versions, live pages' errors. */
const SIDE_TABS = [
  ['preview', 'Preview'],
  ['versions', 'Versions'],
  ['site', 'Page errors'],
] as const;
type SideTab = (typeof SIDE_TABS)[number][0];

/** Editor, file tree, errors, preview and versions over the live theme. */
export function ThemeWorkspace({ onPublished }: { onPublished: () => void }) {
  const files = useLoad(() => developerApi.files(), 'files');
  return (
    <LoadView state={files} label="Loading the theme files…">
      {(data) => (
        <Workspace files={data.files} onPublished={onPublished} reloadFiles={files.reload} />
      )}
    </LoadView>
  );
}

interface OpenFile {
  path: string;
  kind: ThemeFileKind;
  saved: string;
}

function Workspace({
  files,
  onPublished,
  reloadFiles,
}: {
  files: ThemeFileEntryJson[];
  onPublished: () => void;
  reloadFiles: () => void;
}) {
  const [mod, setMod] = useState<CodeModule | undefined>();
  const [modError, setModError] = useState<unknown>();
  const [open, setOpen] = useState<OpenFile | undefined>();
  const [openError, setOpenError] = useState<unknown>();
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<ThemeErrorJson[]>([]);
  const [previewPath, setPreviewPath] = useState('/');
  const [previewHtml, setPreviewHtml] = useState('');
  const [previewState, setPreviewState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>();
  const [tab, setTab] = useState<SideTab>('preview');
  const [versionsKey, setVersionsKey] = useState(0);
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditor | undefined>(undefined);
  const draftRef = useRef('');
  const saveRef = useRef<() => void>(() => undefined);
  const dirty = open !== undefined && draft !== open.saved;

  const loadModule = useCallback(() => {
    setModError(undefined);
    loadCodeModule().then(setMod, setModError);
  }, []);
  useEffect(loadModule, [loadModule]);

  const openFile = useCallback(
    async (path: string) => {
      if (dirty && !window.confirm('Discard your unsaved changes to this file?')) return;
      setOpenError(undefined);
      setNotice(undefined);
      try {
        const f = await developerApi.file(path);
        setOpen({ path: f.path, kind: f.kind, saved: f.content });
        setDraft(f.content);
        draftRef.current = f.content;
        setPreviewPath((p) => previewPathFor(f.path, p));
      } catch (e) {
        setOpenError(e);
      }
    },
    [dirty],
  );

  // The first file: the home page's template, else the layout, else the first one.
  useEffect(() => {
    if (open) return;
    const first =
      files.find((f) => f.path === 'collections/page.page') ??
      files.find((f) => f.path === 'site.region') ??
      files[0];
    if (first) void openFile(first.path);
  }, [files, open, openFile]);

  // One CodeMirror per open file (a save keeps it, with its cursor and undo history).
  const openPath = open?.path;
  const openKind = open?.kind;
  useEffect(() => {
    if (!mod || !openPath || !openKind || !host.current) return;
    const ed = mod.createCodeEditor({
      parent: host.current,
      doc: draftRef.current,
      kind: openKind,
      label: `${openPath} source`,
      onChange: (text) => {
        draftRef.current = text;
        setDraft(text);
        // 'Saved' is about the text as it was; an edit makes it stale.
        setNotice((n) => (n?.kind === 'ok' ? undefined : n));
      },
      onSave: () => saveRef.current(),
    });
    editor.current = ed;
    return () => {
      ed.destroy();
      editor.current = undefined;
    };
  }, [mod, openPath, openKind]);

  // Errors of the open file become lint markers on their lines.
  useEffect(() => {
    editor.current?.setErrors(errors.filter((e) => e.file === openPath));
  }, [errors, openPath, mod]);

  // Live: the page rendered with the unsaved text, and its errors, shortly after typing stops.
  useEffect(() => {
    if (!openPath || !mod) return;
    const ctrl = new AbortController();
    const timer = window.setTimeout(() => {
      setPreviewState('loading');
      developerApi.preview({ path: previewPath, file: openPath, content: draft }, ctrl.signal).then(
        (p) => {
          setErrors(p.errors);
          setPreviewHtml(framedHtml(p.html, window.location.origin));
          setPreviewState('idle');
        },
        () => {
          if (!ctrl.signal.aborted) setPreviewState('failed');
        },
      );
    }, 450);
    return () => {
      window.clearTimeout(timer);
      ctrl.abort();
    };
  }, [draft, openPath, previewPath, mod]);

  const save = async () => {
    if (!open || saving) return;
    setSaving(true);
    setNotice(undefined);
    try {
      const { version } = await developerApi.save(open.path, draftRef.current);
      setOpen({ ...open, saved: draftRef.current });
      setNotice({ kind: 'ok', text: `Saved. Version ${version.number} is live.` });
      setVersionsKey((k) => k + 1);
      onPublished();
    } catch (e) {
      const templateErrors = templateErrorsOf(e);
      if (templateErrors) {
        setErrors(templateErrors);
        setNotice({
          kind: 'error',
          text: `Not published: ${templateErrors.length === 1 ? '1 error' : `${templateErrors.length} errors`}. Visitors keep the last good version.`,
        });
      } else setNotice({ kind: 'error', text: actionFailureText(e) });
    } finally {
      setSaving(false);
    }
  };
  saveRef.current = () => void save();

  /** After a restore, reset or upload: every file may have changed. */
  const replaced = (text: string) => {
    setNotice({ kind: 'ok', text });
    setVersionsKey((k) => k + 1);
    if (open) {
      const path = open.path;
      setOpen(undefined);
      void developerApi.file(path).then(
        (f) => {
          setOpen({ path: f.path, kind: f.kind, saved: f.content });
          setDraft(f.content);
          draftRef.current = f.content;
        },
        () => setOpen(undefined),
      );
    }
    reloadFiles();
    onPublished();
  };

  const goToLine = (e: ThemeErrorJson) => {
    const go = () => {
      const view = editor.current?.view;
      if (!view || !e.line) return;
      const line = view.state.doc.line(Math.min(e.line, view.state.doc.lines));
      view.dispatch({ selection: { anchor: line.from }, scrollIntoView: true });
      view.focus();
    };
    if (e.file === open?.path) go();
    else void openFile(e.file);
  };

  return (
    <div className="dv-workspace">
      <aside className="dv-files" aria-label="Theme files">
        <FileTree
          files={files}
          current={open?.path}
          dirty={dirty}
          onOpen={(p) => void openFile(p)}
        />
        <ZipActions onReplaced={replaced} />
      </aside>

      <section className="dv-editor" aria-label="Code editor">
        <div className="dv-editor-bar">
          <p className="dv-path">
            {open ? open.path : 'No file open'}
            {dirty && <span className="dv-dirty"> · unsaved</span>}
          </p>
          <button
            type="button"
            className="ed-button ed-button-primary"
            disabled={!open || !dirty || saving}
            onClick={() => void save()}
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
        {notice && (
          <p
            className={notice.kind === 'ok' ? 'dv-notice ed-saved' : 'dv-notice ed-inline-error'}
            role={notice.kind === 'ok' ? 'status' : 'alert'}
          >
            {notice.text}
          </p>
        )}
        {modError !== undefined ? (
          <LoadError error={modError} onRetry={loadModule} />
        ) : openError !== undefined ? (
          <LoadError error={openError} onRetry={() => open && void openFile(open.path)} />
        ) : !mod || !open ? (
          <Loading label="Loading the code editor…" />
        ) : null}
        <div className="dv-code" ref={host} hidden={!mod || !open} />
        <ErrorList errors={errors} onPick={goToLine} />
      </section>

      <section className="dv-side" aria-label="Preview and versions">
        <div className="dv-tabs" role="tablist" aria-label="Preview and versions">
          {SIDE_TABS.map(([name, label]) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className="dv-tab"
              onClick={() => setTab(name)}
            >
              {label}
            </button>
          ))}
        </div>
        {tab === 'preview' ? (
          <div className="dv-preview" role="tabpanel" aria-label="Preview">
            <form
              className="dv-preview-bar"
              onSubmit={(e) => {
                e.preventDefault();
                const value = new FormData(e.currentTarget).get('path');
                const p = typeof value === 'string' && value.startsWith('/') ? value : '/';
                setPreviewPath(p);
              }}
            >
              <label htmlFor="dv-preview-path">Page</label>
              <input
                id="dv-preview-path"
                name="path"
                className="ed-input"
                key={previewPath}
                defaultValue={previewPath}
              />
              <button type="submit" className="ed-button">
                Show
              </button>
            </form>
            <p className="dv-muted dv-preview-note" role="status">
              {previewState === 'loading'
                ? 'Updating the preview…'
                : previewState === 'failed'
                  ? 'Unable to load. Try again.'
                  : dirty
                    ? 'With your unsaved change (not live).'
                    : 'As visitors see it.'}
            </p>
            <iframe
              className="dv-frame"
              title="Page preview"
              sandbox="allow-popups"
              srcDoc={previewHtml}
            />
          </div>
        ) : tab === 'versions' ? (
          <div role="tabpanel" aria-label="Versions">
            <VersionsPanel key={versionsKey} onReplaced={replaced} />
          </div>
        ) : (
          <div role="tabpanel" aria-label="Page errors">
            <SiteErrorsPanel key={versionsKey} onPick={goToLine} />
          </div>
        )}
      </section>
    </div>
  );
}

function ErrorList({
  errors,
  onPick,
}: {
  errors: ThemeErrorJson[];
  onPick: (e: ThemeErrorJson) => void;
}) {
  if (!errors.length) {
    return (
      <p className="dv-ok" role="status">
        No template errors.
      </p>
    );
  }
  return (
    <div className="dv-errors" role="region" aria-label="Template errors">
      <h2>{errors.length === 1 ? '1 template error' : `${errors.length} template errors`}</h2>
      <ul role="list">
        {errors.map((e, i) => (
          <li key={`${e.file}:${e.line ?? 0}:${i}`}>
            <button type="button" className="dv-error" onClick={() => onPick(e)}>
              <span className="dv-error-where">
                {e.file}
                {e.line ? `:${e.line}` : ''}
              </span>
              <span className="dv-error-message">{e.message}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ZipActions({ onReplaced }: { onReplaced: (text: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [asking, setAsking] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    setError('');
    try {
      const { version } = await developerApi.upload(file);
      onReplaced(`Uploaded. Version ${version.number} is live.`);
    } catch (e) {
      const templateErrors = templateErrorsOf(e);
      setError(
        templateErrors
          ? `Not published: ${templateErrors.map((t) => `${t.file}${t.line ? `:${t.line}` : ''} ${t.message}`).join('; ')}`
          : actionFailureText(e),
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const reset = async () => {
    setAsking(false);
    setBusy(true);
    setError('');
    try {
      const { version } = await developerApi.reset();
      onReplaced(`Reset to the theme. Version ${version.number} is live.`);
    } catch (e) {
      setError(actionFailureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="dv-zip">
      <a className="ed-button" href={developerApi.zipUrl} download>
        Download zip
      </a>
      <label className={`ed-button${busy ? ' dv-disabled' : ''}`}>
        Upload zip
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          className="dv-visually-hidden"
          disabled={busy}
          onChange={(e) => {
            const f = e.currentTarget.files?.[0];
            if (f) void upload(f);
          }}
        />
      </label>
      {asking ? (
        <div className="dv-confirm">
          <p>Replace every file with the theme’s original? Your versions are kept.</p>
          <button type="button" className="ed-button ed-button-danger" onClick={() => void reset()}>
            Reset to theme
          </button>
          <button type="button" className="ed-button" onClick={() => setAsking(false)}>
            Keep my files
          </button>
        </div>
      ) : (
        <button type="button" className="ed-button" disabled={busy} onClick={() => setAsking(true)}>
          Reset to theme…
        </button>
      )}
      {error && (
        <p className="ed-inline-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
