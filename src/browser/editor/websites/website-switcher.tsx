import { useEffect, useRef, useState } from 'react';
import type { WebsiteSummary, WebsitesListJson } from '../../../shared/websites/api.js';
import { editorFetch } from '../editor-fetch.js';
import { actionFailureText } from '../messages.js';
import { openWebsiteEditor, WEBSITES_API } from './websites-api.js';
import './websites.css';

/**
 * The header's website menu: the owner's websites (loaded when first opened), the current one
 * marked; choosing another opens its /config on its own host (a hand-off link signs the owner
 * in there). Closes on Escape and on a click outside.
 */
export function WebsiteSwitcher({ siteTitle }: { siteTitle: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const [sites, setSites] = useState<WebsiteSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [going, setGoing] = useState<string | null>(null);

  useEffect(() => {
    if (!open || sites) return;
    const ctrl = new AbortController();
    editorFetch<WebsitesListJson>(WEBSITES_API, { signal: ctrl.signal }).then(
      (r) => setSites(r.websites),
      (err: unknown) => {
        if (!ctrl.signal.aborted) setError(actionFailureText(err));
      },
    );
    return () => ctrl.abort();
  }, [open, sites]);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !menu.current?.contains(e.target as Node)
      ) {
        menu.current?.removeAttribute('open');
        setOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, [open]);

  const go = async (w: WebsiteSummary) => {
    setGoing(w.id);
    setError(null);
    try {
      await openWebsiteEditor(w.id);
    } catch (err) {
      setError(actionFailureText(err));
      setGoing(null);
    }
  };

  return (
    <details ref={menu} className="ws-switcher" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary aria-label={`${siteTitle}: switch website`}>
        <span className="ed-site-title">{siteTitle}</span>
        <span className="ws-caret" aria-hidden="true" />
      </summary>
      <div className="ws-menu">
        <p className="ws-menu-label">Your websites</p>
        {/* Nothing loads until the menu opens: no "Loading…" waits in the closed menu. */}
        {open && !sites && !error && <p className="ws-menu-note">Loading…</p>}
        {error && (
          <p className="ws-menu-note" role="alert">
            {error}
          </p>
        )}
        {sites && (
          <ul>
            {sites
              .filter((w) => !w.deletingOn)
              .map((w) => (
                <li key={w.id}>
                  {w.current ? (
                    <span className="ws-menu-item ws-menu-current" aria-current="true">
                      <span>{w.title}</span>
                      <span className="ws-menu-host">{w.host}</span>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="ws-menu-item"
                      disabled={going !== null}
                      onClick={() => void go(w)}
                    >
                      <span>{going === w.id ? `Opening ${w.title}…` : w.title}</span>
                      <span className="ws-menu-host">{w.host}</span>
                    </button>
                  )}
                </li>
              ))}
          </ul>
        )}
        <div className="ws-menu-foot">
          <a href="#/websites" onClick={() => menu.current?.removeAttribute('open')}>
            All websites
          </a>
          <a href="#/websites/new" onClick={() => menu.current?.removeAttribute('open')}>
            + New website
          </a>
        </div>
      </div>
    </details>
  );
}
