import { useRef, useState, type FormEvent } from 'react';
import { apiFetch, ApiError } from '../../lib/api.js';
import { stableId } from '../stable-id.js';
import {
  REVIEW_HONEYPOT,
  ReviewsApi,
  type ReviewRequestDraft,
  type ReviewRequestProduct,
  type ReviewRequestProps,
  type SubmitReviewResponse,
} from '../../../shared/reviews/api.js';
import { ReviewLimits, validateReview, type ReviewField } from '../../../shared/reviews/rules.js';
import type { ReviewTexts } from '../../../shared/reviews/texts.js';

type Errors = Partial<Record<ReviewField | 'form', string>>;
type Status = 'idle' | 'sending' | 'pending' | 'published' | 'reviewed';

/**
 * The review request page (SPEC 2.1 pageType 209, docs/reviews.md): one form per product of the
 * order. Stars are five radio buttons (one group per product, arrow keys move between them);
 * the shared rules check the fields before sending and the server checks them again.
 */
export default function ReviewRequest(props: ReviewRequestProps) {
  return (
    <ul className="review-request-list" role="list">
      {props.products.map((p) => (
        <li key={p.productId} className="review-request-item">
          <ProductReviewForm
            product={p}
            token={props.token}
            name={props.name}
            texts={props.texts}
            crumb={props.crumb}
            draft={props.draft?.productId === p.productId ? props.draft : undefined}
            sent={props.sent?.productId === p.productId ? props.sent.status : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

function ProductReviewForm({
  product,
  token,
  name: initialName,
  texts,
  crumb,
  draft,
  sent,
}: {
  product: ReviewRequestProduct;
  token: string;
  name: string;
  texts: ReviewTexts;
  crumb: string;
  /** This product's form post that came back with errors (no JavaScript), as typed. */
  draft?: ReviewRequestDraft | undefined;
  /** This product's form post that worked: the thank-you to show. */
  sent?: SubmitReviewResponse['status'] | undefined;
}) {
  // Ids from the product, not useId (stable-id.ts): the same on the server and after hydration.
  const ids = stableId('rv', product.productId);
  const [rating, setRating] = useState(draft?.rating ?? 0);
  const [title, setTitle] = useState(draft?.title ?? '');
  const [body, setBody] = useState(draft?.body ?? '');
  const [name, setName] = useState(draft?.name ?? initialName);
  const [honeypot, setHoneypot] = useState('');
  const [status, setStatus] = useState<Status>(sent ?? (product.reviewed ? 'reviewed' : 'idle'));
  const [errors, setErrors] = useState<Errors>(draft?.errors ?? {});
  const formRef = useRef<HTMLFormElement>(null);

  const id = (f: string) => `${ids}-${f}`;
  const focusFirst = (fields: Errors) => {
    const first = (['rating', 'title', 'body', 'name'] as const).find((f) => fields[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status === 'sending') return;
    const { fields } = validateReview({ rating, title, body, name }, texts);
    if (Object.keys(fields).length) {
      setErrors(fields);
      focusFirst(fields);
      return;
    }
    setErrors({});
    setStatus('sending');
    try {
      const res = await apiFetch<SubmitReviewResponse>(ReviewsApi.submit(token), {
        method: 'POST',
        json: {
          productId: product.productId,
          rating,
          title,
          body,
          name,
          ...(honeypot ? { [REVIEW_HONEYPOT]: honeypot } : {}),
        },
      });
      setStatus(res.status);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'REVIEW_EXISTS') {
        setStatus('reviewed');
        return;
      }
      setStatus('idle');
      const fields = err instanceof ApiError ? fieldsOf(err.body) : undefined;
      const next = fields ?? { form: err instanceof ApiError ? err.message : texts.failed };
      setErrors(next);
      focusFirst(next);
    }
  }

  const described = (f: ReviewField) => (errors[f] ? id(`${f}-error`) : undefined);
  const error = (f: ReviewField) =>
    errors[f] ? (
      <span id={id(`${f}-error`)} className="field-error">
        {errors[f]}
      </span>
    ) : null;
  const done = status === 'pending' || status === 'published' || status === 'reviewed';
  return (
    <section className="review-request-card" aria-labelledby={id('product')}>
      <h2 id={id('product')} className="review-request-product">
        {product.url ? <a href={product.url}>{product.title}</a> : product.title}
      </h2>
      <div role="status" aria-live="polite">
        {done ? (
          <p className="review-thanks">
            {status === 'pending'
              ? texts.thanksPending
              : status === 'published'
                ? texts.thanksPublished
                : texts.alreadyReviewed}
          </p>
        ) : null}
      </div>
      {done ? null : (
        // Without JavaScript the form posts to the page itself (routes.ts); with it, the API.
        <form
          ref={formRef}
          className="review-form"
          method="post"
          action={ReviewsApi.requestPage(token)}
          noValidate
          aria-busy={status === 'sending'}
          onSubmit={(e) => void onSubmit(e)}
        >
          <input type="hidden" name="crumb" value={crumb} />
          <input type="hidden" name="productId" value={product.productId} />
          <fieldset
            className="review-rating"
            aria-invalid={errors.rating ? true : undefined}
            aria-describedby={described('rating')}
          >
            <legend>{texts.rating}</legend>
            <div className="review-rating-stars">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="review-rating-star" data-on={n <= rating || undefined}>
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    checked={rating === n}
                    data-field={n === 1 ? 'rating' : undefined}
                    onChange={() => setRating(n)}
                  />
                  <span aria-hidden="true">★</span>
                  <span className="visually-hidden">
                    {(n === 1 ? texts.star : texts.stars).replace('{n}', String(n))}
                  </span>
                </label>
              ))}
            </div>
            {error('rating')}
          </fieldset>
          <p className="field">
            <label htmlFor={id('title')}>{texts.title}</label>
            <input
              id={id('title')}
              name="title"
              data-field="title"
              maxLength={ReviewLimits.titleMax}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={described('title')}
            />
            {error('title')}
          </p>
          <p className="field">
            <label htmlFor={id('body')}>{texts.body}</label>
            <textarea
              id={id('body')}
              name="body"
              data-field="body"
              rows={5}
              maxLength={ReviewLimits.bodyMax}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={described('body')}
            />
            {error('body')}
          </p>
          <p className="field">
            <label htmlFor={id('name')}>{texts.name}</label>
            <input
              id={id('name')}
              name="name"
              data-field="name"
              autoComplete="name"
              maxLength={ReviewLimits.nameMax}
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={[id('name-hint'), described('name')].filter(Boolean).join(' ')}
            />
            <span id={id('name-hint')} className="field-hint">
              {texts.nameHint}
            </span>
            {error('name')}
          </p>
          {/* Hidden from people and screen readers; bots that fill every field fill this too. */}
          <p className="comment-hp" aria-hidden="true">
            <label htmlFor={id('hp')}>Website</label>
            <input
              id={id('hp')}
              name={REVIEW_HONEYPOT}
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(e) => setHoneypot(e.target.value)}
            />
          </p>
          {errors.form || errors.productId ? (
            <p className="field-error" role="alert">
              {errors.form ?? errors.productId}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={status === 'sending'}>
            {status === 'sending' ? texts.submitting : texts.submit}
          </button>
        </form>
      )}
    </section>
  );
}

/** The server's per-field texts (`REVIEW_INVALID`'s `fields`). */
function fieldsOf(body: unknown): Errors | undefined {
  const fields = (body as { error?: { fields?: unknown } } | null)?.error?.fields;
  if (!fields || typeof fields !== 'object') return undefined;
  const out: Errors = {};
  for (const [k, v] of Object.entries(fields)) if (typeof v === 'string') out[k as ReviewField] = v;
  return Object.keys(out).length ? out : undefined;
}
