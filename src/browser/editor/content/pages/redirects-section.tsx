import { useState } from 'react';
import { PageApi, type RedirectJson } from '../../../../shared/content/page-api.js';
import { ConfirmDelete } from '../../confirm-delete.js';
import { editorFetch, withQuery } from '../../editor-fetch.js';
import { formatDateTime } from '../../format.js';
import { LoadView } from '../../load-view.js';
import { actionFailureText } from '../../messages.js';
import { useLoad } from '../../use-load.js';

/** The site's redirects (made when a published page's URL changes), each removable. */
export function RedirectsSection({ canEdit }: { canEdit: boolean }) {
  const state = useLoad(
    (signal) =>
      editorFetch<{ redirects: RedirectJson[] }>(PageApi.redirects, { signal }).then(
        (r) => r.redirects,
      ),
    'redirects',
  );
  const [error, setError] = useState<string | null>(null);
  const [removed, setRemoved] = useState<Set<string>>(new Set());

  const remove = async (from: string) => {
    setError(null);
    try {
      await editorFetch(withQuery(PageApi.redirects, { from }), { method: 'DELETE' });
      setRemoved((s) => new Set(s).add(from));
    } catch (err) {
      setError(actionFailureText(err));
    }
  };

  return (
    <section className="pg-group pg-redirects" aria-labelledby="pg-redirects-h">
      <div className="pg-group-head">
        <h2 id="pg-redirects-h">Redirects</h2>
        <p className="ed-muted">
          When a published page’s URL changes, visitors to the old URL are sent to the new one.
        </p>
      </div>
      {error && (
        <p className="ed-inline-error" role="alert">
          {error}
        </p>
      )}
      <LoadView state={state} label="Loading redirects…">
        {(list) => {
          const rows = list.filter((r) => !removed.has(r.from));
          if (rows.length === 0) return <p className="ed-empty">No redirects yet.</p>;
          return (
            <ul className="pg-redirect-list">
              {rows.map((r) => (
                <li key={r.from} className="pg-redirect">
                  <span className="pg-redirect-path">
                    <code>{r.from}</code>
                    <span aria-hidden="true"> → </span>
                    <span className="ed-visually-hidden"> redirects to </span>
                    <code>{r.to}</code>
                  </span>
                  <span className="ed-muted pg-redirect-date">
                    {formatDateTime(Date.parse(r.createdOn))}
                  </span>
                  {canEdit && (
                    <span className="pg-redirect-actions">
                      <ConfirmDelete
                        confirmLabel={`Delete redirect from ${r.from}`}
                        onConfirm={() => void remove(r.from)}
                      />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          );
        }}
      </LoadView>
    </section>
  );
}
