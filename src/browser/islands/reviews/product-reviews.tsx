import { useState } from 'react';
import { apiFetch } from '../../lib/api.js';
import {
  ReviewsApi,
  type ProductReviewsProps,
  type ReviewListResponse,
} from '../../../shared/reviews/api.js';
import { Stars } from './stars.js';

/** Dates in UTC, so the server's markup and the browser's agree whatever the visitor's zone. */
function dateText(iso: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(iso),
    );
  } catch {
    return iso.slice(0, 10);
  }
}

/**
 * The product page's review list (docs/reviews.md): the server renders the first page inside the
 * reviews tab; hydrated when the tab is opened, it pages (newest first, five a page) and filters
 * by star rating through `GET /api/commerce/products/{id}/reviews`.
 */
export default function ProductReviews(props: ProductReviewsProps) {
  const { texts, locale } = props;
  const [list, setList] = useState<ReviewListResponse>(props.list);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function load(page: number, rating: number | undefined) {
    setBusy(true);
    setFailed(false);
    try {
      const q = new URLSearchParams({ page: String(page) });
      if (rating) q.set('rating', String(rating));
      setList(
        await apiFetch<ReviewListResponse>(`${ReviewsApi.productReviews(props.productId)}?${q}`),
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const filters = [undefined, 5, 4, 3, 2, 1] as const;
  return (
    <div className="review-list-wrap" aria-busy={busy}>
      {list.count > 0 ? (
        <div className="review-filters" role="group" aria-label={texts.rating}>
          {filters.map((r) => {
            const n = r ? list.distribution[r - 1]! : list.count;
            const label = r
              ? (r === 1 ? texts.starFilter : texts.starsFilter.replace('{n}', String(r))) +
                ` (${n})`
              : texts.allRatings;
            return (
              <button
                key={r ?? 0}
                type="button"
                className="review-filter"
                aria-pressed={list.rating === r}
                disabled={busy || (r !== undefined && n === 0)}
                onClick={() => void load(1, r)}
              >
                {label}
              </button>
            );
          })}
        </div>
      ) : null}
      {failed ? (
        <p className="field-error" role="alert">
          {texts.loadFailed}
        </p>
      ) : null}
      {list.reviews.length ? (
        <ol className="review-list">
          {list.reviews.map((r) => (
            <li key={r.id} className="review">
              <article className="review-card">
                <Stars
                  rating={r.rating}
                  label={texts.outOfFive.replace('{rating}', String(r.rating))}
                />
                {r.title ? <h3 className="review-title">{r.title}</h3> : null}
                <p className="review-meta">
                  <span className="review-author">{r.author}</span>
                  {r.verified ? <span className="review-verified">{texts.verified}</span> : null}
                  <time dateTime={r.created}>{dateText(r.created, locale)}</time>
                </p>
                <p className="review-body">{r.body}</p>
              </article>
            </li>
          ))}
        </ol>
      ) : (
        <p className="review-empty">{list.count ? texts.noMatches : texts.noReviews}</p>
      )}
      {list.pages > 1 ? (
        <nav className="review-pager" aria-label={texts.reviews}>
          <button
            type="button"
            className="review-page-button"
            disabled={busy || list.page <= 1}
            onClick={() => void load(list.page - 1, list.rating)}
          >
            {texts.previous}
          </button>
          <span className="review-page-of" aria-live="polite">
            {texts.pageOf
              .replace('{page}', String(list.page))
              .replace('{pages}', String(list.pages))}
          </span>
          <button
            type="button"
            className="review-page-button"
            disabled={busy || list.page >= list.pages}
            onClick={() => void load(list.page + 1, list.rating)}
          >
            {texts.next}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
