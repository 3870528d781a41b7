import { useEffect, useRef, useState } from 'react';
import {
  themeFileKind,
  type ThemeFileChangeJson,
  type ThemeVersionJson,
} from '../../../shared/developer/api.js';
import { LoadError, LoadView, Loading } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { useLoad } from '../use-load.js';
import { developerApi } from './developer-api.js';

const ACTION_LABEL: Record<ThemeVersionJson['action'], string> = {
  start: 'Copied from the theme',
  save: 'Saved',
  restore: 'Restored',
  reset: 'Reset to the theme',
  upload: 'Uploaded a zip',
};

/** Every save of the theme, newest first; one opens as a diff and can be restored. */
export function VersionsPanel({ onReplaced }: { onReplaced: (text: string) => void }) {
  const list = useLoad(() => developerApi.versions(), 'versions');
  const [picked, setPicked] = useState<string | undefined>();
  return (
    <LoadView state={list} label="Loading versions…">
      {({ versions }) =>
        picked ? (
          <VersionDiff
            id={picked}
            onBack={() => setPicked(undefined)}
            onRestored={(text) => {
              setPicked(undefined);
              onReplaced(text);
            }}
          />
        ) : (
          <ol className="dv-versions" role="list">
            {versions.map((v) => (
              <li key={v.id}>
                <button type="button" className="dv-version" onClick={() => setPicked(v.id)}>
                  <span className="dv-version-title">
                    Version {v.number} · {ACTION_LABEL[v.action]}
                    {v.file ? ` ${v.file}` : ''}
                    {v.live && <span className="dv-live">Live</span>}
                  </span>
                  <span className="dv-muted">
                    {v.actorEmail ?? 'System'} · {new Date(v.createdAt).toLocaleString()}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )
      }
    </LoadView>
  );
}

function VersionDiff({
  id,
  onBack,
  onRestored,
}: {
  id: string;
  onBack: () => void;
  onRestored: (text: string) => void;
}) {
  const diff = useLoad(() => developerApi.version(id), id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const restore = async () => {
    setBusy(true);
    setError('');
    try {
      const { version } = await developerApi.restore(id);
      onRestored(`Restored. Version ${version.number} is live.`);
    } catch (e) {
      setError(actionFailureText(e));
      setBusy(false);
    }
  };
  return (
    <div className="dv-diff">
      <div className="dv-diff-bar">
        <button type="button" className="ed-button" onClick={onBack}>
          ← All versions
        </button>
        {diff.data && !diff.data.version.live && (
          <button
            type="button"
            className="ed-button ed-button-primary"
            disabled={busy}
            onClick={() => void restore()}
          >
            Restore version {diff.data.version.number}
          </button>
        )}
      </div>
      {error && (
        <p className="ed-inline-error" role="alert">
          {error}
        </p>
      )}
      <LoadView state={diff} label="Loading the changes…">
        {(d) =>
          d.changes.length ? (
            d.changes.map((c) => <FileDiff key={c.file} change={c} />)
          ) : (
            <p className="ed-empty">No file changed in this version.</p>
          )
        }
      </LoadView>
    </div>
  );
}

/** One file's before and after in @codemirror/merge (loaded with the code editor). */
function FileDiff({ change }: { change: ThemeFileChangeJson }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<unknown>();
  const [ready, setReady] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let view: { destroy(): void } | undefined;
    let live = true;
    setFailed(undefined);
    import('./code-editor.js').then(
      (m) => {
        if (!live || !host.current) return;
        view = m.createDiffView({
          parent: host.current,
          before: change.before ?? '',
          after: change.after ?? '',
          kind: themeFileKind(change.file) ?? 'template',
        });
        setReady(true);
      },
      (e: unknown) => live && setFailed(e),
    );
    return () => {
      live = false;
      view?.destroy();
    };
  }, [change, attempt]);
  const note = change.before === null ? ' (new file)' : change.after === null ? ' (removed)' : '';
  return (
    <section className="dv-file-diff" aria-label={`Changes to ${change.file}`}>
      <h3>
        {change.file}
        {note}
      </h3>
      {failed !== undefined && (
        <LoadError error={failed} onRetry={() => setAttempt((a) => a + 1)} />
      )}
      {!ready && failed === undefined && <Loading label="Loading the diff…" />}
      <div ref={host} className="dv-merge" />
    </section>
  );
}
