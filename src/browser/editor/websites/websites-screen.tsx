import { useRef, useState } from 'react';
import type { WebsiteSummary, WebsitesListJson } from '../../../shared/websites/api.js';
import { Role } from '../../../shared/enums.js';
import { ConfirmDelete } from '../confirm-delete.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import {
  importWebsiteZip,
  longDate,
  openWebsiteEditor,
  websiteApi,
  WEBSITES_API,
} from './websites-api.js';
import './websites.css';

/**
 * `#/websites`: every website the owner has a role on, as cards: open its editor (on its own
 * host), view it, export it, delete it (a 30-day grace, with Restore), import an export, and
 * "New website". An owner with no role here, or no website at all, lands on this screen.
 */
export function WebsitesScreen({ noRoleHere }: { noRoleHere: boolean }) {
  const state = useLoad(
    (signal) => editorFetch<WebsitesListJson>(WEBSITES_API, { signal }),
    'websites',
  );
  const first = state.status === 'ready' && state.data.websites.length === 0;
  return (
    <>
      <ScreenHeading
        title={first ? 'Create your first website' : 'Websites'}
        intro={
          first
            ? 'Pick a theme, choose an address, and your website is online in a few seconds with pages, a blog and a shop you can edit.'
            : noRoleHere
              ? 'You have no role on this website. Open one of yours, or create a new one.'
              : 'Every website you work on. Each has its own address, team and dashboard.'
        }
      >
        <ImportButton onImported={state.reload} />
        <a className="ed-button ed-button-primary" href="#/websites/new">
          New website
        </a>
      </ScreenHeading>
      <LoadView state={state} label="Loading your websites…">
        {(d) =>
          d.websites.length === 0 ? (
            <div className="ed-section ws-empty">
              <p className="ws-empty-title">You have no websites yet.</p>
              <p className="ed-muted">
                Start from a theme: a store with a shop and sample products, or a portfolio with a
                gallery and a blog.
              </p>
              <a className="ed-button ed-button-primary" href="#/websites/new">
                Create your first website
              </a>
            </div>
          ) : (
            <ul className="ws-cards" aria-label="Your websites">
              {d.websites.map((w) => (
                <WebsiteCard key={w.id} website={w} onChanged={state.reload} />
              ))}
            </ul>
          )
        }
      </LoadView>
    </>
  );
}

function initials(title: string): string {
  const words = title.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : title.slice(0, 2)).toUpperCase();
}

/** A stable colour per website, so the tiles tell websites apart at a glance. */
function tileColor(id: string): string {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h} 38% 38%)`;
}

function WebsiteCard({
  website: w,
  onChanged,
}: {
  website: WebsiteSummary;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const act = async (what: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setNote(null);
    try {
      await what();
      if (done) setNote(done);
      onChanged();
    } catch (err) {
      setNote(actionFailureText(err));
    } finally {
      setBusy(false);
    }
  };
  const open = () => act(() => openWebsiteEditor(w.id));
  const isAdmin = w.role === Role.ADMIN;
  return (
    <li className={`ws-card${w.deletingOn ? ' ws-card-deleting' : ''}`}>
      <div className="ws-tile" style={{ background: tileColor(w.id) }} aria-hidden="true">
        {initials(w.title)}
      </div>
      <div className="ws-card-body">
        <h2 className="ws-card-title">
          {w.title}
          {w.current && <span className="ed-pill ed-pill-good">This website</span>}
          {w.deletingOn && (
            <span className="ed-pill ed-pill-bad">Deleting on {longDate(w.deletingOn)}</span>
          )}
        </h2>
        <p className="ws-host">
          {w.deletingOn ? (
            w.host
          ) : (
            <a href={w.url} target="_blank" rel="noopener">
              {w.host}
              <span className="ed-visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
          {w.domains.map((d) => (
            <span key={d} className="ws-domain">
              {d}
            </span>
          ))}
        </p>
        <p className="ed-small ed-muted">
          {w.roleLabel.charAt(0).toUpperCase() + w.roleLabel.slice(1)} · {w.theme} theme ·{' '}
          {w.language} · {w.currency}
        </p>
        <div className="ws-actions">
          {w.deletingOn ? (
            isAdmin && (
              <button
                type="button"
                className="ed-button ed-button-primary"
                disabled={busy}
                onClick={() =>
                  void act(
                    () => editorFetch(websiteApi(w.id, '/restore'), { method: 'POST' }),
                    `${w.title} is restored.`,
                  )
                }
              >
                Restore
              </button>
            )
          ) : (
            <>
              {w.current ? (
                <a className="ed-button ed-button-primary" href="#/">
                  Open dashboard
                </a>
              ) : (
                <button
                  type="button"
                  className="ed-button ed-button-primary"
                  disabled={busy}
                  onClick={() => void open()}
                >
                  {busy ? 'Opening…' : 'Open editor'}
                </button>
              )}
              {w.canManage && (
                <a className="ed-button" href={websiteApi(w.id, '/export')} download>
                  Export
                </a>
              )}
              {isAdmin && (
                <ConfirmDelete
                  confirmLabel={`Delete ${w.title}`}
                  onConfirm={() =>
                    void act(
                      () => editorFetch(websiteApi(w.id), { method: 'DELETE' }),
                      `${w.title} will be deleted in 30 days. You can restore it until then.`,
                    )
                  }
                />
              )}
            </>
          )}
        </div>
        <p role="status" className="ed-small">
          {note}
        </p>
      </div>
    </li>
  );
}

/** Import an export zip: a new website with all of its content, orders and media. */
function ImportButton({ onImported }: { onImported: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setNote(`Importing ${file.name}…`);
    try {
      const { website } = await importWebsiteZip(file);
      setNote(`Imported as ${website.title} (${website.host}).`);
      onImported();
    } catch (err) {
      setNote(actionFailureText(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <span className="ws-import">
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        className="ed-visually-hidden"
        id="ws-import-file"
        tabIndex={-1}
        onChange={(e) => void pick(e.currentTarget.files?.[0])}
      />
      <button
        type="button"
        className="ed-button"
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {busy ? 'Importing…' : 'Import'}
      </button>
      {note && (
        <span role="status" className="ed-small ws-import-note">
          {note}
        </span>
      )}
    </span>
  );
}
