import { useState } from 'react';
import type { DeveloperStatusJson } from '../../../shared/developer/api.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { useLoad } from '../use-load.js';
import { developerApi, isAndroid } from './developer-api.js';
import { ThemeWorkspace } from './theme-workspace.js';
import './developer.css';

/** SPEC 8.7. */
export const ANDROID_TEXT = 'Code editing is not available on Android.';

/**
 * `#/developer` (issue 16): developer mode's switch and, when on, the code editor over the
 * website's own copy of its theme. Admins only (permission `developer`); others see the load
 * error that says their role does not include it.
 */
export function DeveloperScreen() {
  const status = useLoad((signal) => developerApi.status(signal), 'developer');
  return (
    <>
      <h1 tabIndex={-1}>Developer mode</h1>
      <LoadView state={status} label="Loading developer mode…">
        {(s) => <DeveloperBody status={s} onChange={status.reload} />}
      </LoadView>
    </>
  );
}

function DeveloperBody({
  status,
  onChange,
}: {
  status: DeveloperStatusJson;
  onChange: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const android = isAndroid(navigator.userAgent);

  const toggle = async () => {
    setBusy(true);
    setError('');
    try {
      await developerApi.setMode(!status.enabled);
      onChange();
    } catch (e) {
      setError(actionFailureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="ed-section dv-mode" aria-labelledby="dv-mode-title">
        <div className="dv-mode-text">
          <h2 id="dv-mode-title">
            {status.enabled ? 'Developer mode is on' : 'Developer mode is off'}
          </h2>
          <p>
            {status.enabled
              ? `Your website renders from its own copy of the “${status.theme}” theme. Every save is compiled first: a template with errors is never published, and visitors keep the last good version.`
              : `Edit the templates, blocks, partials and CSS of the “${status.theme}” theme. Turning it on makes a copy for this website; turning it off again shows the original theme and keeps your copy.`}
          </p>
          {status.liveVersion && (
            <p className="dv-muted">
              Live: version {status.liveVersion.number}
              {status.liveVersion.actorEmail ? ` by ${status.liveVersion.actorEmail}` : ''},{' '}
              {new Date(status.liveVersion.createdAt).toLocaleString()}
            </p>
          )}
        </div>
        <div className="dv-mode-switch">
          <button
            type="button"
            role="switch"
            aria-checked={status.enabled}
            className={`dv-switch${status.enabled ? ' dv-switch-on' : ''}`}
            disabled={busy}
            onClick={() => void toggle()}
          >
            <span className="dv-switch-track" aria-hidden="true">
              <span className="dv-switch-thumb" />
            </span>
            <span>{status.enabled ? 'On' : 'Off'}</span>
            <span className="dv-visually-hidden">Developer mode</span>
          </button>
        </div>
        {error && (
          <p className="ed-inline-error" role="alert">
            {error}
          </p>
        )}
      </section>
      {status.enabled &&
        (android ? (
          <div className="ed-alert" role="alert">
            <p>
              <strong>{ANDROID_TEXT}</strong>
            </p>
          </div>
        ) : (
          <ThemeWorkspace onPublished={onChange} />
        ))}
    </>
  );
}
