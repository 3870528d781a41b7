import { useState, type FormEvent } from 'react';
import type { DomainsJson } from '../../../shared/websites/api.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { useLoad } from '../use-load.js';
import { websiteApi } from './websites-api.js';
import './websites.css';

/**
 * Settings → Domains: the website's custom domains, adding one (checked and unique on the
 * server), removing one, and how to point DNS at the platform (CNAME, or A for a bare domain).
 */
export function DomainsPanel({ siteId }: { siteId: string }) {
  const api = websiteApi(siteId, '/domains');
  const state = useLoad((signal) => editorFetch<DomainsJson>(api, { signal }), `domains:${siteId}`);
  const [host, setHost] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const r = await editorFetch<{ domain: { host: string } }>(api, {
        method: 'POST',
        json: { host },
      });
      setNote(`${r.domain.host} is added. Point its DNS as shown below.`);
      setHost('');
      state.reload();
    } catch (err) {
      setError(actionFailureText(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (h: string) => {
    setBusy(true);
    setError(null);
    try {
      await editorFetch(`${api}/${encodeURIComponent(h)}`, { method: 'DELETE' });
      setNote(`${h} is removed.`);
      state.reload();
    } catch (err) {
      setError(actionFailureText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ed-section ws-domains" aria-labelledby="ws-domains-heading">
      <h2 id="ws-domains-heading">Domains</h2>
      <p className="ed-muted">
        Your website always answers at its own address. Add a domain you own to use it too.
      </p>
      <LoadView state={state} label="Loading domains…">
        {(d) => (
          <>
            {d.domains.length > 0 ? (
              <ul className="ws-domain-list">
                {d.domains.map((x) => (
                  <li key={x.host}>
                    <strong>{x.host}</strong>
                    <button
                      type="button"
                      className="ed-button"
                      disabled={busy}
                      onClick={() => void remove(x.host)}
                    >
                      Remove<span className="ed-visually-hidden"> {x.host}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="ed-small ed-muted">No custom domains yet.</p>
            )}
            <form className="ws-domain-form" onSubmit={(e) => void add(e)}>
              <label className="ed-labelled">
                Add a domain
                <input
                  className="ed-input"
                  value={host}
                  placeholder="shop.example.com"
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={error ? true : undefined}
                  onChange={(e) => setHost(e.currentTarget.value)}
                />
              </label>
              <button
                type="submit"
                className="ed-button ed-button-primary"
                disabled={busy || !host.trim()}
              >
                Add domain
              </button>
            </form>
            {error && (
              <p className="ws-field-error" role="alert">
                {error}
              </p>
            )}
            <p role="status" className="ed-small">
              {note}
            </p>
            <div className="ws-dns">
              <h3>Point your DNS here</h3>
              <p className="ed-small">At your domain registrar, add one record for each domain:</p>
              <table className="ws-dns-table">
                <thead>
                  <tr>
                    <th scope="col">For</th>
                    <th scope="col">Type</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>A subdomain (www.example.com, shop.example.com)</td>
                    <td>
                      <code>CNAME</code>
                    </td>
                    <td>
                      <code>{d.cnameTarget}</code>
                    </td>
                  </tr>
                  <tr>
                    <td>The bare domain (example.com)</td>
                    <td>
                      <code>A</code>
                    </td>
                    <td>The IP address of {d.cnameTarget}</td>
                  </tr>
                </tbody>
              </table>
              <p className="ed-small ed-muted">
                DNS changes can take up to a day to reach everyone. The website answers on the
                domain as soon as requests for it arrive here.
              </p>
            </div>
          </>
        )}
      </LoadView>
    </section>
  );
}
