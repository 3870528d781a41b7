import { useState } from 'react';
import type { AuditEntryJson, AuditLogPageJson } from '../../../shared/team/audit.js';
import { TeamApi } from '../../../shared/team/members.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { formatDateTime } from '../format.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import { auditDetail, auditVerb } from './audit-text.js';
import './team.css';

const PAGE = 50;

/** `#/audit-log` (issue 16): who changed what and when, newest first, 50 at a time. */
export function AuditLogScreen() {
  const state = useLoad(
    (signal) =>
      editorFetch<AuditLogPageJson>(withQuery(TeamApi.auditLog, { limit: PAGE }), { signal }),
    'audit-log',
  );
  return (
    <>
      <ScreenHeading
        title="Audit log"
        intro="Changes to settings, design, the team, published pages and items, and orders."
      />
      <LoadView state={state}>{(first) => <AuditList first={first} />}</LoadView>
    </>
  );
}

function AuditList({ first }: { first: AuditLogPageJson }) {
  const [more, setMore] = useState<AuditEntryJson[]>([]);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const items = [...first.items, ...more];

  const loadMore = async () => {
    if (!cursor) return;
    setBusy(true);
    setError(null);
    try {
      const page = await editorFetch<AuditLogPageJson>(
        withQuery(TeamApi.auditLog, { limit: PAGE, before: cursor }),
      );
      setMore((m) => [...m, ...page.items]);
      setCursor(page.nextCursor);
    } catch (err) {
      setError(actionFailureText(err));
    } finally {
      setBusy(false);
    }
  };

  if (items.length === 0)
    return (
      <section className="ed-section">
        <p className="ed-muted">Nothing recorded yet. Changes appear here as they are made.</p>
      </section>
    );
  return (
    <section className="ed-section" aria-label="Changes, newest first">
      <ol className="ed-audit-list">
        {items.map((e) => {
          const detail = auditDetail(e);
          return (
            <li key={e.id} className="ed-audit-row">
              <time className="ed-audit-when" dateTime={e.createdAt}>
                {formatDateTime(Date.parse(e.createdAt))}
              </time>
              <div className="ed-audit-what">
                <div>
                  {auditVerb(e.action)} <span className="ed-audit-target">{e.target}</span>
                  {detail && <span className="ed-muted"> · {detail}</span>}
                </div>
                <div className="ed-audit-who">by {e.actorEmail ?? 'the system'}</div>
              </div>
            </li>
          );
        })}
      </ol>
      {cursor && (
        <button
          type="button"
          className="ed-button ed-audit-more"
          disabled={busy}
          onClick={() => void loadMore()}
        >
          {busy ? 'Loading…' : 'Show older changes'}
        </button>
      )}
      {error && (
        <p className="ed-inline-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
