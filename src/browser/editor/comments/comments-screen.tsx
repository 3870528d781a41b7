import { actionFailureText } from '../messages.js';
import { useState } from 'react';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { formatCount, formatDateTime } from '../format.js';
import { LoadView } from '../load-view.js';
import { Pager } from '../pager.js';
import { useLoad } from '../use-load.js';
import { ConfirmDelete } from '../confirm-delete.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import {
  CommentsApi,
  type OwnerComment,
  type OwnerCommentsResponse,
} from '../../../shared/comments/api.js';
import { COMMENT_STATUSES, type CommentStatus } from '../../../shared/comments/rules.js';
import './comments.css';

const TAB_LABELS: Record<CommentStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  spam: 'Spam',
};

const EMPTY: Record<CommentStatus, string> = {
  pending: 'No comments are waiting for approval.',
  approved: 'No comments are published yet.',
  spam: 'Nothing in spam.',
};

/**
 * `#/comments`: visitors' comments by status (docs/comments.md). Approve, mark as spam, delete
 * (with its replies) and ban an address (its waiting comments move to spam; later ones go there
 * quietly).
 */
export function CommentsScreen() {
  const [status, setStatus] = useState<CommentStatus>('pending');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const list = useLoad(
    (signal) =>
      editorFetch<OwnerCommentsResponse>(withQuery(CommentsApi.owner, { status, page }), {
        signal,
      }),
    `${status}/${page}`,
  );

  async function act(c: OwnerComment, what: 'approve' | 'spam' | 'delete' | 'ban') {
    setBusy(c.id);
    setMessage('');
    try {
      if (what === 'delete')
        await editorFetch(CommentsApi.ownerComment(c.id), { method: 'DELETE' });
      else if (what === 'ban')
        await editorFetch(CommentsApi.bans, { method: 'POST', json: { email: c.authorEmail } });
      else await editorFetch(`${CommentsApi.ownerComment(c.id)}/${what}`, { method: 'POST' });
      setMessage(
        {
          approve: `Approved the comment by ${c.authorName}. It is on the page now.`,
          spam: `Moved the comment by ${c.authorName} to spam.`,
          delete: `Deleted the comment by ${c.authorName}.`,
          ban: `Banned ${c.authorEmail}. Their comments will go to spam.`,
        }[what],
      );
      list.reload();
      if (what === 'ban') bans.reload();
    } catch (err) {
      setMessage(actionFailureText(err));
    } finally {
      setBusy(null);
    }
  }

  const bans = useLoad(
    (signal) =>
      editorFetch<{ bans: { email: string; created: string }[] }>(CommentsApi.bans, { signal }),
    'bans',
  );

  async function liftBan(email: string) {
    setMessage('');
    try {
      await editorFetch(`${CommentsApi.bans}/${encodeURIComponent(email)}`, { method: 'DELETE' });
      setMessage(`Lifted the ban on ${email}.`);
      bans.reload();
      list.reload();
    } catch (err) {
      setMessage(actionFailureText(err));
    }
  }

  const counts = list.data?.counts;
  return (
    <>
      <ScreenHeading
        title="Comments"
        intro="Visitors' comments on blog posts and events. New ones wait here for approval unless Settings say otherwise."
      />
      <div className="cm-tabs" role="group" aria-label="Show comments">
        {COMMENT_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className="cm-tab"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(1);
              setMessage('');
            }}
          >
            {TAB_LABELS[s]}
            {counts ? <span className="cm-count">{formatCount(counts[s])}</span> : null}
          </button>
        ))}
      </div>
      <p role="status" className="cm-message">
        {message}
      </p>
      <section className="ed-section" aria-label={`${TAB_LABELS[status]} comments`}>
        <LoadView state={list}>
          {(data) =>
            data.comments.length === 0 ? (
              <p className="ed-empty">{EMPTY[status]}</p>
            ) : (
              <>
                <ul className="cm-list">
                  {data.comments.map((c) => (
                    <li key={c.id} className="cm-item" aria-busy={busy === c.id}>
                      <div className="cm-head">
                        <strong>{c.authorName}</strong>
                        <span className="cm-email">{c.authorEmail}</span>
                        {c.banned ? <span className="ed-badge">Banned</span> : null}
                        {c.parentId ? <span className="ed-badge cm-reply">Reply</span> : null}
                      </div>
                      <p className="cm-where">
                        on{' '}
                        <a href={c.itemUrl} target="_blank" rel="noopener">
                          {c.itemTitle || 'an item'}
                        </a>{' '}
                        · {formatDateTime(Date.parse(c.created))}
                      </p>
                      <p className="cm-body">{c.body}</p>
                      <div className="cm-actions">
                        {c.status !== 'approved' ? (
                          <button
                            type="button"
                            className="ed-button ed-button-primary"
                            disabled={busy !== null}
                            onClick={() => void act(c, 'approve')}
                          >
                            Approve
                          </button>
                        ) : null}
                        {c.status !== 'spam' ? (
                          <button
                            type="button"
                            className="ed-button"
                            disabled={busy !== null}
                            onClick={() => void act(c, 'spam')}
                          >
                            Mark as spam
                          </button>
                        ) : null}
                        {!c.banned ? (
                          <button
                            type="button"
                            className="ed-button"
                            disabled={busy !== null}
                            onClick={() => void act(c, 'ban')}
                            aria-label={`Ban ${c.authorEmail}`}
                          >
                            Ban email
                          </button>
                        ) : null}
                        <ConfirmDelete
                          confirmLabel={c.parentId ? 'Delete comment' : 'Delete with replies'}
                          onConfirm={() => void act(c, 'delete')}
                        />
                      </div>
                    </li>
                  ))}
                </ul>
                <Pager
                  page={data.page}
                  hasNextPage={data.page < data.pages}
                  onPage={setPage}
                  label="Comment pages"
                  status={`Page ${data.page} of ${data.pages}`}
                />
              </>
            )
          }
        </LoadView>
      </section>
      <section className="ed-section" aria-labelledby="cm-bans-h">
        <h2 id="cm-bans-h">Banned addresses</h2>
        <LoadView state={bans}>
          {(data) =>
            data.bans.length === 0 ? (
              <p className="ed-empty">No address is banned.</p>
            ) : (
              <ul className="cm-bans">
                {data.bans.map((b) => (
                  <li key={b.email}>
                    <span>{b.email}</span>
                    <button
                      type="button"
                      className="ed-button"
                      onClick={() => void liftBan(b.email)}
                      aria-label={`Lift the ban on ${b.email}`}
                    >
                      Lift ban
                    </button>
                  </li>
                ))}
              </ul>
            )
          }
        </LoadView>
        <p className="ed-small cm-bans-note">
          Comments from a banned address are kept in Spam without telling the sender.
        </p>
      </section>
    </>
  );
}
