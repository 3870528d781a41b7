import { useState } from 'react';
import {
  VersionApi,
  type VersionDocResponse,
  type VersionListResponse,
  type VersionSummary,
  type VersionedKind,
} from '../../../shared/content/versions-api.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { Dialog } from '../products/dialog.js';
import { useLoad } from '../use-load.js';
import { diffDocs, type DocChange } from './doc-diff.js';
import '../products/products.css';
import './content.css';

/**
 * The history of a page or item (the last 50 saves): each version with when and who, a field by
 * field comparison with what is on screen now, and restore after a confirmation. Shared by the
 * page builder (`kind` 'pages') and the item editor ('items').
 */
export function VersionsPanel({
  kind,
  id,
  current,
  refreshKey,
  canRestore,
  onRestored,
  labels,
}: {
  kind: VersionedKind;
  id: string;
  /** The document as it is now (the editor's form, as the API's input), to compare against. */
  current: unknown;
  /** Changes after every save, so the list shows the new version. */
  refreshKey: string | number;
  /** The 'publish' permission; others may look and compare only. */
  canRestore: boolean;
  /** After a restore the editor loads the page or item again. */
  onRestored: () => void;
  /** Readable names of top-level fields ('mainImageId' → 'Main image'). */
  labels?: Record<string, string>;
}) {
  const state = useLoad<VersionListResponse>(
    (signal) => editorFetch<VersionListResponse>(VersionApi.list(kind, id), { signal }),
    `${kind}|${id}|${refreshKey}`,
  );
  const [open, setOpen] = useState<VersionSummary | null>(null);

  return (
    <section className="ed-section ed-pe-card ed-versions" aria-labelledby="versions-h">
      <h2 id="versions-h">Version history</h2>
      <LoadView state={state} label="Loading versions…">
        {({ versions }) =>
          versions.length === 0 ? (
            <p className="ed-muted">No versions yet: every save adds one.</p>
          ) : (
            <ol className="ed-version-list">
              {versions.map((v, i) => (
                <li key={v.n}>
                  <button
                    type="button"
                    className="ed-version-row"
                    onClick={() => setOpen(v)}
                    aria-label={`Version ${v.n}: ${v.label}, ${formatWhen(v.createdOn)}`}
                  >
                    <span className="ed-version-n">v{v.n}</span>
                    <span className="ed-version-main">
                      <strong>{v.label}</strong>
                      {i === 0 && <span className="ed-pill ed-pill-good">Latest</span>}
                      <span className="ed-muted ed-small-text">
                        {formatWhen(v.createdOn)}
                        {v.author ? ` · ${v.author}` : ''}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          )
        }
      </LoadView>
      {open && (
        <VersionDialog
          kind={kind}
          id={id}
          version={open}
          current={current}
          canRestore={canRestore}
          labels={labels ?? {}}
          onClose={() => setOpen(null)}
          onRestored={() => {
            setOpen(null);
            state.reload();
            onRestored();
          }}
        />
      )}
    </section>
  );
}

function VersionDialog({
  kind,
  id,
  version,
  current,
  canRestore,
  labels,
  onClose,
  onRestored,
}: {
  kind: VersionedKind;
  id: string;
  version: VersionSummary;
  current: unknown;
  canRestore: boolean;
  labels: Record<string, string>;
  onClose: () => void;
  onRestored: () => void;
}) {
  const state = useLoad<VersionDocResponse>(
    (signal) => editorFetch<VersionDocResponse>(VersionApi.one(kind, id, version.n), { signal }),
    `${kind}|${id}|${version.n}`,
  );
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const restore = async () => {
    setBusy(true);
    setError(null);
    try {
      await editorFetch(VersionApi.restore(kind, id, version.n), { method: 'POST', json: {} });
      onRestored();
    } catch (err) {
      setError(actionFailureText(err));
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Version ${version.n} · ${version.label}`} onClose={onClose} wide>
      <p className="ed-muted">
        Saved {formatWhen(version.createdOn)}
        {version.author ? ` by ${version.author}` : ''}.
      </p>
      <LoadView state={state} label="Loading this version…">
        {({ doc }) => <ChangesTable changes={diffDocs(doc, current)} labels={labels} />}
      </LoadView>
      {error && (
        <p className="ed-inline-error" role="alert">
          {error}
        </p>
      )}
      <div className="ed-dialog-actions">
        {canRestore &&
          (confirming ? (
            <>
              <span className="ed-confirm-text">
                Replace the current content with version {version.n}? What is there now stays in the
                history.
              </span>
              <button
                type="button"
                className="ed-button ed-button-primary"
                disabled={busy}
                onClick={() => void restore()}
              >
                {busy ? 'Restoring…' : `Restore version ${version.n}`}
              </button>
              <button type="button" className="ed-button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </>
          ) : (
            <button
              type="button"
              className="ed-button ed-button-primary"
              disabled={state.status !== 'ready'}
              onClick={() => setConfirming(true)}
            >
              Restore this version…
            </button>
          ))}
        <button type="button" className="ed-button ed-button-quiet" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

/** The fields that differ: this version on the left, the current content on the right. */
function ChangesTable({
  changes,
  labels,
}: {
  changes: DocChange[];
  labels: Record<string, string>;
}) {
  if (changes.length === 0)
    return <p className="ed-note">This version is the same as the current content.</p>;
  return (
    <div className="ed-table-wrap">
      <table className="ed-table ed-diff-table">
        <caption className="ed-visually-hidden">Differences from the current content</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">This version</th>
            <th scope="col">Current</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.path}>
              <th scope="row">{labelOf(c.path, labels)}</th>
              <td className="ed-diff-old">
                {c.before || <span className="ed-muted">(empty)</span>}
              </td>
              <td className="ed-diff-new">
                {c.after || <span className="ed-muted">(empty)</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'location.mapLat' → 'Location › Map lat', with the caller's names for known fields. */
function labelOf(path: string, labels: Record<string, string>): string {
  if (labels[path]) return labels[path];
  return path
    .split('.')
    .map((part, i) => {
      const key = path
        .split('.')
        .slice(0, i + 1)
        .join('.');
      if (labels[key]) return labels[key];
      if (/^\d+$/.test(part)) return `#${Number(part) + 1}`;
      const words = part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
      return words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(' › ');
}

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}
