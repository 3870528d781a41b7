import { useId, useState } from 'react';
import { actionFailureText } from '../messages.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { formatCount, formatDateTime } from '../format.js';
import { LoadView } from '../load-view.js';
import { Pager } from '../pager.js';
import { useLoad } from '../use-load.js';
import { ConfirmDelete } from '../confirm-delete.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import {
  ReviewsApi,
  type OwnerReview,
  type OwnerReviewsResponse,
} from '../../../shared/reviews/api.js';
import { REVIEW_STATUSES, type ReviewStatus } from '../../../shared/reviews/rules.js';
import '../comments/comments.css';
import './reviews.css';

const TAB_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  published: 'Published',
  hidden: 'Hidden',
};

const EMPTY: Record<ReviewStatus, string> = {
  pending: 'No reviews are waiting for approval.',
  published: 'No reviews are published yet.',
  hidden: 'No hidden reviews.',
};

/**
 * `#/reviews`: shoppers' product reviews by status (docs/reviews.md), optionally of one product.
 * Publish (it shows on the product page at once, in every process), hide, delete.
 */
export function ReviewsScreen() {
  const ids = useId();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [productId, setProductId] = useState('');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const list = useLoad(
    (signal) =>
      editorFetch<OwnerReviewsResponse>(
        withQuery(ReviewsApi.owner, { status, page, ...(productId ? { productId } : {}) }),
        { signal },
      ),
    `${status}/${page}/${productId}`,
  );

  async function act(r: OwnerReview, what: 'publish' | 'hide' | 'delete') {
    setBusy(r.id);
    setMessage('');
    try {
      if (what === 'delete') await editorFetch(ReviewsApi.ownerReview(r.id), { method: 'DELETE' });
      else await editorFetch(`${ReviewsApi.ownerReview(r.id)}/${what}`, { method: 'POST' });
      setMessage(
        {
          publish: `Published the review by ${r.authorName}. It is on the product page now.`,
          hide: `Hid the review by ${r.authorName}.`,
          delete: `Deleted the review by ${r.authorName}.`,
        }[what],
      );
      list.reload();
    } catch (err) {
      setMessage(actionFailureText(err));
    } finally {
      setBusy(null);
    }
  }

  const data = list.data;
  const counts = data?.counts;
  return (
    <>
      <ScreenHeading
        title="Reviews"
        intro="Shoppers review what they bought from the link in their order mail. New reviews wait here for approval unless Settings say otherwise."
      />
      <div className="rv-bar">
        <div className="cm-tabs" role="group" aria-label="Show reviews">
          {REVIEW_STATUSES.map((s) => (
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
        <p className="rv-filter">
          <label htmlFor={`${ids}-product`}>Product</label>
          <select
            id={`${ids}-product`}
            className="ed-input"
            value={productId}
            onChange={(e) => {
              setProductId(e.target.value);
              setPage(1);
              setMessage('');
            }}
          >
            <option value="">All products</option>
            {(data?.products ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </p>
      </div>
      <p role="status" className="cm-message">
        {message}
      </p>
      <section className="ed-section" aria-label={`${TAB_LABELS[status]} reviews`}>
        <LoadView state={list}>
          {(d) =>
            d.reviews.length === 0 ? (
              <p className="ed-empty">{EMPTY[status]}</p>
            ) : (
              <>
                <ul className="cm-list">
                  {d.reviews.map((r) => (
                    <li key={r.id} className="cm-item" aria-busy={busy === r.id}>
                      <div className="cm-head">
                        <span
                          className="rv-stars"
                          role="img"
                          aria-label={`${r.rating} out of 5 stars`}
                        >
                          {'★'.repeat(r.rating)}
                          <span className="rv-stars-off">{'★'.repeat(5 - r.rating)}</span>
                        </span>
                        <strong>{r.title || 'No title'}</strong>
                        {r.verified ? <span className="ed-badge">Verified buyer</span> : null}
                      </div>
                      <p className="cm-where">
                        {r.authorName} <span className="cm-email">{r.authorEmail}</span> on{' '}
                        <a href={r.productUrl} target="_blank" rel="noopener">
                          {r.productTitle || 'a product'}
                        </a>{' '}
                        · {formatDateTime(Date.parse(r.created))}
                        {r.orderNumber !== null ? ` · order #${r.orderNumber}` : ''}
                      </p>
                      <p className="cm-body">{r.body}</p>
                      <div className="cm-actions">
                        {r.status !== 'published' ? (
                          <button
                            type="button"
                            className="ed-button ed-button-primary"
                            disabled={busy !== null}
                            onClick={() => void act(r, 'publish')}
                          >
                            {r.status === 'hidden' ? 'Publish again' : 'Approve'}
                          </button>
                        ) : null}
                        {r.status !== 'hidden' ? (
                          <button
                            type="button"
                            className="ed-button"
                            disabled={busy !== null}
                            onClick={() => void act(r, 'hide')}
                          >
                            Hide
                          </button>
                        ) : null}
                        <ConfirmDelete
                          confirmLabel="Delete review"
                          onConfirm={() => void act(r, 'delete')}
                        />
                      </div>
                    </li>
                  ))}
                </ul>
                <Pager
                  page={d.page}
                  hasNextPage={d.page < d.pages}
                  onPage={setPage}
                  label="Review pages"
                  status={`Page ${d.page} of ${d.pages}`}
                />
              </>
            )
          }
        </LoadView>
      </section>
    </>
  );
}
