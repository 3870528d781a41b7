import { useState } from 'react';
import type { EditorBoot } from './boot.js';
import { editorFetch, LOGIN_URL } from './editor-fetch.js';
import { actionFailureText } from './messages.js';
import { WebsiteSwitcher } from './websites/website-switcher.js';

/** Site title, who is signed in and as what, a link to the live site, and Sign out. */
export function EditorHeader({ boot }: { boot: EditorBoot }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signOut = async () => {
    setBusy(true);
    setError(null);
    try {
      await editorFetch('/api/auth/logout', { method: 'POST' });
      window.location.assign(LOGIN_URL);
    } catch (err) {
      setError(actionFailureText(err));
      setBusy(false);
    }
  };

  return (
    <header className="ed-header">
      <p className="ed-site">
        <WebsiteSwitcher siteTitle={boot.siteTitle} />
        <span className="ed-site-sub">Dashboard</span>
      </p>
      <div className="ed-account">
        <p>
          Signed in as <strong>{boot.email}</strong>
          <span className="ed-role"> · {boot.roleLabel}</span>
        </p>
        <a className="ed-button ed-button-quiet" href="/" target="_blank" rel="noopener">
          View site<span className="ed-visually-hidden"> (opens in a new tab)</span>
        </a>
        <button type="button" className="ed-button" onClick={signOut} disabled={busy}>
          {busy ? 'Signing out…' : 'Sign out'}
        </button>
        {error && (
          <p className="ed-inline-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </header>
  );
}
