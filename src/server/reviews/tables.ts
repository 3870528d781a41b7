import type { ReviewStatus } from '../../shared/reviews/rules.js';

/** A shopper's review of a product (issue 14, docs/reviews.md). */
export interface ProductReviewsTable {
  id: string;
  site_id: string;
  /** The product's item id. */
  product_id: string;
  /** The order it was written from (the mail's signed link); null for imported or demo reviews. */
  order_id: string | null;
  /** Written from an order that bought the product. */
  verified: boolean;
  rating: number;
  title: string;
  /** Plain text as typed (normalised); escaped wherever shown. */
  body: string;
  /** As typed; shoppers see first name and initial (`reviewerDisplayName`). */
  author_name: string;
  /** Lower-case, from the order; never shown to shoppers. */
  author_email: string;
  status: ReviewStatus;
  created: Date;
  published_at: Date | null;
}

export interface ReviewsTables {
  product_reviews: ProductReviewsTable;
}
