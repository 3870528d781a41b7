import { useState } from 'react';
import { PageApi, PageLimits, type PageDoc } from '../../../../shared/content/page-api.js';
import { editorFetch } from '../../editor-fetch.js';
import { actionFailureText } from '../../messages.js';
import { passwordError } from './page-form.js';

/**
 * Password protection, saved on its own (`PUT …/password`, live at once): set, change or remove.
 * The stored password is never sent back, so the field is always empty.
 */
export function PasswordSection({
  doc,
  canPublish,
  onChanged,
}: {
  doc: PageDoc;
  canPublish: boolean;
  onChanged: (page: PageDoc) => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const on = doc.passwordProtected;

  const send = async (pw: string | null) => {
    if (pw !== null) {
      const e = passwordError(pw);
      if (e) {
        setError(e);
        document.getElementById('f-password')?.focus();
        return;
      }
    }
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const { page } = await editorFetch<{ page: PageDoc }>(PageApi.password(doc.id), {
        method: 'PUT',
        json: { password: pw },
      });
      setPassword('');
      setDone(
        pw === null
          ? 'Password removed: anyone can open this page.'
          : on
            ? 'Password changed.'
            : 'Password set: visitors must enter it to see this page.',
      );
      onChanged(page);
    } catch (err) {
      setError(actionFailureText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="pg-card" disabled={!canPublish}>
      <legend>Password protection</legend>
      <p className="pg-lock-state">
        {on
          ? 'This page is protected: visitors see a lock screen and must enter the password.'
          : 'Anyone can open this page.'}
      </p>
      {canPublish && (
        <>
          <div className="ed-field">
            <label htmlFor="f-password">{on ? 'New password' : 'Password'}</label>
            <div className="pg-inline">
              <input
                id="f-password"
                className="ed-input"
                type="password"
                autoComplete="new-password"
                value={password}
                maxLength={PageLimits.passwordMax}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'err-password' : 'hint-password'}
                onChange={(e) => setPassword(e.target.value)}
                onKeyDown={(e) => {
                  // Enter sets the password here rather than saving the whole form.
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void send(password);
                  }
                }}
              />
              <button
                type="button"
                className="ed-button"
                disabled={busy}
                onClick={() => void send(password)}
              >
                {on ? 'Change password' : 'Set password'}
              </button>
            </div>
            {error ? (
              <span className="ed-inline-error ed-field-error" id="err-password">
                {error}
              </span>
            ) : (
              <span className="ed-hint" id="hint-password">
                At least {PageLimits.passwordMin} characters. Saved right away.
              </span>
            )}
          </div>
          {on && (
            <button
              type="button"
              className="ed-button ed-button-danger pg-self-start"
              disabled={busy}
              onClick={() => void send(null)}
            >
              Remove password
            </button>
          )}
        </>
      )}
      <p className="ed-saved" role="status">
        {done}
      </p>
    </fieldset>
  );
}
