import type { ReviewField, ReviewStatus } from './rules.js';
import type { ReviewTexts } from './texts.js';

/** The reviews wire contract (docs/reviews.md). */
export const ReviewsApi = {
  /** GET a product's published reviews: `?page=` (5 a page, newest first) and `?rating=1..5`. */
  productReviews: (productId: string) =>
    `/api/commerce/products/${encodeURIComponent(productId)}/reviews`,
  /** POST a buyer's review with the order mail's signed token. */
  submit: (token: string) => `/api/reviews/request/${encodeURIComponent(token)}`,
  /** The review request page (SPEC 2.1 pageType 209). */
  requestPage: (token: string) => `/reviews/write/${encodeURIComponent(token)}`,
  /** Owner: GET the queue (`?status=&productId=&page=`), per review publish / hide / DELETE. */
  owner: '/api/reviews',
  ownerReview: (id: string) => `/api/reviews/${encodeURIComponent(id)}`,
} as const;

/** The honeypot field's name (the comments' convention): hidden from people, filled by bots. */
export const REVIEW_HONEYPOT = 'website';

export interface SubmitReviewRequest {
  productId: string;
  rating: number;
  title: string;
  body: string;
  name: string;
  [REVIEW_HONEYPOT]?: string;
}

export interface SubmitReviewResponse {
  status: 'pending' | 'published';
}

/** A review as shoppers see it (never the email, the full name or the order). */
export interface PublicReview {
  id: string;
  rating: number;
  title: string;
  /** Plain text; escaped wherever it is shown. */
  body: string;
  /** First name and initial (`reviewerDisplayName`). */
  author: string;
  verified: boolean;
  /** ISO 8601. */
  created: string;
}

/** A product's published reviews in numbers: what product JSON and JSON-LD carry. */
export interface RatingSummary {
  /** One decimal; 0 without reviews. */
  average: number;
  count: number;
}

/** `item.rating` of product JSON: the numbers, and what a product card draws. */
export interface ItemRating extends RatingSummary {
  /** The stars' filled width (0–100). */
  percent: number;
  /** '4.3 out of 5 stars', for screen readers. */
  label: string;
}

export interface ReviewSummary extends RatingSummary {
  /** Published reviews by rating: index 0 is 1 star, index 4 is 5 stars. */
  distribution: number[];
}

export interface ReviewListResponse extends ReviewSummary {
  reviews: PublicReview[];
  page: number;
  pages: number;
  /** The star filter applied (absent: all). */
  rating?: number;
}

/** The product page's reviews island (`product-reviews`): the first page, rendered on the server. */
export interface ProductReviewsProps {
  productId: string;
  locale: string;
  list: ReviewListResponse;
  texts: ReviewTexts;
}

/** One product of the order on the review request page. */
export interface ReviewRequestProduct {
  productId: string;
  title: string;
  url: string;
  imageUrl?: string;
  /** This order already reviewed it (a second review of the same line is refused). */
  reviewed: boolean;
}

/** A review sent without JavaScript (a form POST) that came back with errors, as typed. */
export interface ReviewRequestDraft {
  productId: string;
  rating: number;
  title: string;
  body: string;
  name: string;
  /** Per field, and `form` for what belongs to none (too many sent, the product). */
  errors: Partial<Record<ReviewField | 'form', string>>;
}

/** The review request page's island (`review-request`). */
export interface ReviewRequestProps {
  token: string;
  products: ReviewRequestProduct[];
  /** The buyer's name from the order (first and last), to start the name field with. */
  name: string;
  texts: ReviewTexts;
  /**
   * This request's crumb for the forms' hidden field: without JavaScript they post to the page
   * itself (`POST /reviews/write/{token}`). The page is `no-store`, so it is never shared.
   */
  crumb: string;
  /** A form post that failed: its product's form shows the errors and what was typed. */
  draft?: ReviewRequestDraft;
  /** A form post that worked (the page it redirects to): its product's thank-you. */
  sent?: { productId: string; status: SubmitReviewResponse['status'] };
}

/** What the review request page's template gets as `reviewRequest`. */
export interface ReviewRequestPageJson {
  heading: string;
  intro?: string;
  /** Set when the link is not genuine, has expired or the shop takes no reviews. */
  message?: string;
  continueText: string;
  form?: ReviewRequestProps;
}

/** What a product page's template gets as `item.reviews`. */
export interface ProductReviewsJson extends ReviewSummary {
  heading: string;
  countText: string;
  starsLabel: string;
  /** The filled width of the stars (0–100). */
  percent: number;
  /** The distribution as bars, 5 stars first: the label, the count and the bar's width (0–100). */
  bars: { label: string; count: number; percent: number }[];
  island: ProductReviewsProps;
}

export interface OwnerReview {
  id: string;
  productId: string;
  productTitle: string;
  productUrl: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  authorEmail: string;
  verified: boolean;
  orderNumber: number | null;
  status: ReviewStatus;
  created: string;
}

export interface OwnerReviewsResponse {
  reviews: OwnerReview[];
  counts: Record<ReviewStatus, number>;
  page: number;
  pages: number;
  /** Products with reviews, for the filter. */
  products: { id: string; title: string }[];
}
