import type { ThemeErrorJson } from '../../../shared/developer/api.js';
import { LoadView } from '../load-view.js';
import { useLoad } from '../use-load.js';
import { developerApi } from './developer-api.js';

/**
 * Errors the live site's pages had at their last render (in the process that answers): the
 * ones only content shows, such as a partial recursing through data or an expression failing
 * on a value. Visitors never see them; they are listed here until the page renders cleanly.
 */
export function SiteErrorsPanel({ onPick }: { onPick: (e: ThemeErrorJson) => void }) {
  const state = useLoad(() => developerApi.renderErrors(), 'site-errors');
  return (
    <div className="dv-site-errors">
      <div className="dv-diff-bar">
        <p className="dv-muted">Errors of the last render of each page visitors opened.</p>
        <button type="button" className="ed-button" onClick={state.reload}>
          Refresh
        </button>
      </div>
      <LoadView state={state} label="Loading page errors…">
        {({ pages }) =>
          pages.length ? (
            <ul role="list" className="dv-site-error-pages">
              {pages.map((p) => (
                <li key={p.path}>
                  <h3>
                    <a href={p.path} target="_blank" rel="noreferrer">
                      {p.path}
                    </a>
                  </h3>
                  <ul role="list">
                    {p.errors.map((e, i) => (
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
                </li>
              ))}
            </ul>
          ) : (
            <p className="dv-ok">No errors on the pages rendered since the last save.</p>
          )
        }
      </LoadView>
    </div>
  );
}
