import { starPercent } from '../../../shared/reviews/stars.js';

/**
 * Five stars filled to `rating` (a CSS width over an outline row), with the value as text for
 * screen readers. The theme's CSS (`.review-stars`) draws them; the template uses the same markup.
 */
export function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span className="review-stars" role="img" aria-label={label}>
      <span className="review-stars-fill" style={{ width: `${starPercent(rating)}%` }} />
    </span>
  );
}
