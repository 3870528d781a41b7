import { useState, type FormEvent } from 'react';
import {
  ACCOUNT_API,
  type SecurityStatus,
  type TotpConfirmed,
  type TotpEnrolment,
} from '../../../shared/accounts/api.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import './account.css';

/** The secret in groups of four, as authenticator apps show typed keys. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * The signed-in owner's own account security (issue 16): turn two-step sign-in on (scan a QR
 * code or type the key, confirm with a code, keep the ten recovery codes shown once) or off
 * (with a code). Account-wide: it works on any website, with any role or none.
 */
export function SecurityScreen() {
  const status = useLoad(
    (signal) => editorFetch<SecurityStatus>(ACCOUNT_API.security, { signal }),
    'security',
  );
  const [recovery, setRecovery] = useState<string[] | null>(null);

  return (
    <>
      <ScreenHeading
        title="Security"
        intro="Two-step sign-in asks for a code from an authenticator app on your phone after your password."
      />
      {recovery ? (
        <RecoveryCodes codes={recovery} onDone={() => setRecovery(null)} />
      ) : (
        <LoadView state={status}>
          {(s) =>
            s.totpEnabled ? (
              <TwoStepOn status={s} onOff={status.reload} />
            ) : (
              <TwoStepOff
                onOn={(codes) => {
                  setRecovery(codes);
                  status.reload();
                }}
              />
            )
          }
        </LoadView>
      )}
    </>
  );
}

function TwoStepOff({ onOn }: { onOn: (codes: string[]) => void }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setEnrolment(await editorFetch<TotpEnrolment>(ACCOUNT_API.totpEnrol, { method: 'POST' }));
    } catch (err) {
      setError(actionFailureText(err));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const done = await editorFetch<TotpConfirmed>(ACCOUNT_API.totpConfirm, {
        method: 'POST',
        json: { code: code.trim() },
      });
      onOn(done.recoveryCodes);
    } catch (err) {
      setError(actionFailureText(err));
      setBusy(false);
    }
  };

  if (!enrolment)
    return (
      <section className="ed-section ed-security" aria-labelledby="two-step-off">
        <h2 id="two-step-off">
          Two-step sign-in <span className="ed-pill">Off</span>
        </h2>
        <p>
          Even with your password, nobody can sign in without the code your phone shows. Use any
          authenticator app, such as Google Authenticator, 1Password or Authy.
        </p>
        <button
          type="button"
          className="ed-button ed-button-primary"
          onClick={start}
          disabled={busy}
        >
          {busy ? 'Preparing…' : 'Set up two-step sign-in'}
        </button>
        {error && (
          <p className="ed-inline-error" role="alert">
            {error}
          </p>
        )}
      </section>
    );

  return (
    <section className="ed-section ed-security" aria-labelledby="two-step-setup">
      <h2 id="two-step-setup">Set up two-step sign-in</h2>
      <ol className="ed-steps">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <img
            className="ed-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            width={180}
            height={180}
            alt="QR code for your authenticator app"
          />
          <p className="ed-note">Can’t scan it? Type this key into the app instead:</p>
          <p>
            <code className="ed-secret" id="totp-secret">
              {grouped(enrolment.secret)}
            </code>
          </p>
        </li>
        <li>
          <form onSubmit={confirm} className="ed-code-form">
            <label htmlFor="totp-code">Enter the 6-digit code the app shows</label>
            <div className="ed-code-row">
              <input
                id="totp-code"
                className="ed-input ed-code-input"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={7}
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'totp-error' : undefined}
              />
              <button type="submit" className="ed-button ed-button-primary" disabled={busy}>
                {busy ? 'Checking…' : 'Turn on'}
              </button>
            </div>
            {error && (
              <p className="ed-inline-error" role="alert" id="totp-error">
                {error}
              </p>
            )}
          </form>
        </li>
      </ol>
    </section>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  return (
    <section className="ed-section ed-security" aria-labelledby="recovery-title">
      <h2 id="recovery-title" tabIndex={-1}>
        Two-step sign-in is on. Save your recovery codes
      </h2>
      <p>
        If you lose your phone, each of these codes signs you in once instead of the app’s code.
        Keep them somewhere safe, such as a password manager.{' '}
        <strong>They are shown only now.</strong>
      </p>
      <ul className="ed-recovery" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="ed-account-actions">
        <button
          type="button"
          className="ed-button"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <a
          className="ed-button"
          download="recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`}
        >
          Download
        </a>
        <button type="button" className="ed-button ed-button-primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </section>
  );
}

function TwoStepOn({ status, onOff }: { status: SecurityStatus; onOff: () => void }) {
  const [asking, setAsking] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const disable = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await editorFetch(ACCOUNT_API.totpDisable, { method: 'POST', json: { code: code.trim() } });
      onOff();
    } catch (err) {
      setError(actionFailureText(err));
      setBusy(false);
    }
  };

  return (
    <section className="ed-section ed-security" aria-labelledby="two-step-on">
      <h2 id="two-step-on">
        Two-step sign-in <span className="ed-pill ed-pill-good">On</span>
      </h2>
      <p>
        Signing in as <strong>{status.email}</strong> asks for a code from your authenticator app.
      </p>
      <p className="ed-note">
        {status.recoveryCodesLeft === 1
          ? '1 recovery code left.'
          : `${status.recoveryCodesLeft} recovery codes left.`}
      </p>
      {asking ? (
        <form onSubmit={disable} className="ed-code-form">
          <label htmlFor="totp-off-code">
            To turn it off, enter a code from the app or a recovery code
          </label>
          <div className="ed-code-row">
            <input
              id="totp-off-code"
              className="ed-input ed-code-input"
              autoComplete="one-time-code"
              maxLength={20}
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'totp-off-error' : undefined}
            />
            <button type="submit" className="ed-button ed-button-danger" disabled={busy}>
              {busy ? 'Turning off…' : 'Turn off'}
            </button>
            <button type="button" className="ed-button" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
          {error && (
            <p className="ed-inline-error" role="alert" id="totp-off-error">
              {error}
            </p>
          )}
        </form>
      ) : (
        <button type="button" className="ed-button" onClick={() => setAsking(true)}>
          Turn off two-step sign-in
        </button>
      )}
    </section>
  );
}
