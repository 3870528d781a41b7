import { useState } from 'react';
import {
  FormsApi,
  type WebhookAttemptJson,
  type WebhookJson,
  type WebhookSecretJson,
} from '../../../shared/forms/owner-api.js';
import { editorFetch } from '../editor-fetch.js';
import { formatDateTime } from '../format.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { useLoad } from '../use-load.js';
import { fieldErrorsOf } from './api.js';

/**
 * The form's webhook (the automation-service connection): its URL, the signing secret (shown
 * once, when set or regenerated), 'Send test', and the delivery log of the latest tries.
 */
export function WebhookPanel({ formId, initial }: { formId: string; initial: WebhookJson }) {
  const [hook, setHook] = useState<WebhookJson>(initial);
  const [url, setUrl] = useState(initial.url);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const log = useLoad(
    (signal) =>
      editorFetch<{ items: WebhookAttemptJson[] }>(FormsApi.webhookLog(formId), { signal }),
    `webhook-log-${formId}`,
  );

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      await work();
    } catch (err) {
      setError(fieldErrorsOf(err)?.url ?? actionFailureText(err));
    } finally {
      setBusy(false);
    }
  };
  const saveUrl = () =>
    act(async () => {
      const res = await editorFetch<WebhookSecretJson | WebhookJson>(FormsApi.webhook(formId), {
        method: 'PUT',
        json: { url },
      });
      setHook({ url: res.url, secretHint: res.secretHint });
      if ('secret' in res) setSecret(res.secret);
      setStatus(res.url ? 'Webhook saved.' : 'Webhook turned off.');
    });
  const regenerate = () =>
    act(async () => {
      const res = await editorFetch<WebhookSecretJson>(FormsApi.webhookSecret(formId), {
        method: 'POST',
      });
      setHook({ url: res.url, secretHint: res.secretHint });
      setSecret(res.secret);
      setStatus('New secret made. The old one no longer signs deliveries.');
    });
  const sendTest = () =>
    act(async () => {
      await editorFetch(FormsApi.webhookTest(formId), { method: 'POST' });
      setStatus('Test queued. It shows in the log below within seconds.');
      setTimeout(log.reload, 1500);
    });

  return (
    <section className="ed-section" aria-labelledby="fm-webhook">
      <h2 id="fm-webhook">Webhook</h2>
      <p className="ed-muted">
        Each submission is also sent as a signed JSON POST to this address (for Zapier, Make, your
        CRM…). Failed deliveries are retried after 1 min, 5 min, 30 min, 2 h and 12 h.
      </p>
      <form
        className="fm-webhook-form"
        onSubmit={(e) => {
          e.preventDefault();
          void saveUrl();
        }}
      >
        <label className="ed-labelled">
          <span>Webhook URL</span>
          <input
            className="ed-input"
            type="url"
            inputMode="url"
            placeholder="https://hooks.example.com/…"
            value={url}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'fm-webhook-err' : undefined}
            onChange={(e) => setUrl(e.target.value)}
          />
        </label>
        <div className="ed-actions">
          <button type="submit" className="ed-button ed-button-primary" disabled={busy}>
            Save URL
          </button>
          {hook.url && (
            <>
              <button type="button" className="ed-button" disabled={busy} onClick={sendTest}>
                Send test
              </button>
              <button type="button" className="ed-button" disabled={busy} onClick={regenerate}>
                Regenerate secret
              </button>
            </>
          )}
        </div>
      </form>
      {error && (
        <p className="ed-inline-error" id="fm-webhook-err" role="alert">
          {error}
        </p>
      )}
      <p role="status" className="ed-saved">
        {status}
      </p>
      {secret ? (
        <div className="ed-confirm fm-secret">
          <p>
            <strong>Signing secret</strong> — copy it now, it is shown only once:
          </p>
          <code className="fm-secret-value">{secret}</code>
          <p className="ed-small ed-muted">
            Verify each POST: <code>X-Webhook-Signature: t=…,v1=…</code> where v1 is the hex
            HMAC-SHA256 of <code>t + "." + body</code> with this secret.
          </p>
        </div>
      ) : (
        hook.url && (
          <p className="ed-small ed-muted">
            Signing secret ends in <code>{hook.secretHint}</code>.
          </p>
        )
      )}
      <div className="fm-log-head">
        <h3>Delivery log</h3>
        <button type="button" className="ed-button" onClick={log.reload}>
          Refresh
        </button>
      </div>
      <LoadView state={log}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="ed-empty">No deliveries yet.</p>
          ) : (
            <div className="ed-table-wrap fm-stacked">
              <table className="ed-table fm-log">
                <caption className="ed-visually-hidden">Latest webhook deliveries</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Event</th>
                    <th scope="col">Try</th>
                    <th scope="col">Result</th>
                    <th scope="col">Time</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((a) => (
                    <tr key={a.id}>
                      <td className="ed-nowrap">{formatDateTime(a.createdOn)}</td>
                      <td data-label="Event">
                        {a.event === 'webhook.test' ? 'Test' : 'Submission'}
                      </td>
                      <td data-label="Try">{a.attempt}</td>
                      <td>
                        <span className={`ed-pill ${a.ok ? 'ed-pill-good' : 'ed-pill-bad'}`}>
                          {a.statusCode ?? 'No answer'}
                        </span>
                        {a.error && <span className="ed-small fm-log-error"> {a.error}</span>}
                        {a.nextAttemptOn !== null && (
                          <span className="ed-small ed-muted">
                            {' '}
                            Next try {formatDateTime(a.nextAttemptOn)}
                          </span>
                        )}
                      </td>
                      <td className="ed-nowrap" data-label="Took">
                        {a.durationMs} ms
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadView>
    </section>
  );
}
