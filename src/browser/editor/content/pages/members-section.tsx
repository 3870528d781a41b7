import { useState } from 'react';
import { PageApi, type PageDoc } from '../../../../shared/content/page-api.js';
import { editorFetch } from '../../editor-fetch.js';
import { actionFailureText } from '../../messages.js';

/**
 * Members only (issue 14), saved on its own (`PUT …/members-only`, live at once): visitors who
 * are not signed in as a customer get the member-area page (106) with a sign-in button.
 */
export function MembersSection({
  doc,
  canPublish,
  onChanged,
}: {
  doc: PageDoc;
  canPublish: boolean;
  onChanged: (page: PageDoc) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (doc.kind === 'footer' || doc.kind === 'not-found' || doc.kind === 'folder' || doc.url === '/')
    return null;
  const on = doc.membersOnly;

  const send = async (membersOnly: boolean) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const { page } = await editorFetch<{ page: PageDoc }>(PageApi.membersOnly(doc.id), {
        method: 'PUT',
        json: { membersOnly },
      });
      setDone(
        membersOnly
          ? 'Members only: signed-in customers see this page; others are asked to sign in.'
          : 'Anyone can open this page.',
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
      <legend>Members only</legend>
      <label className="pg-inline">
        <input
          type="checkbox"
          id="f-members-only"
          checked={on}
          disabled={busy}
          onChange={(e) => void send(e.target.checked)}
        />
        Only signed-in customers can open this page
      </label>
      <span className="ed-hint">Needs Customer accounts on in Settings. Saved right away.</span>
      {error && (
        <span className="ed-inline-error ed-field-error" role="alert">
          {error}
        </span>
      )}
      <p className="ed-saved" role="status">
        {done}
      </p>
    </fieldset>
  );
}
