import { hasControlChar } from '../clean-text.js';
import type { ReviewTexts } from './texts.js';

/**
 * Product reviews' rules (issue 14; docs/reviews.md): one home for the checks the review form
 * runs before it sends and the server runs again, the reviewer's shown name and the average.
 */

export const ReviewLimits = {
  titleMax: 120,
  bodyMax: 4000,
  nameMax: 80,
  /** Published reviews per page on the product page (newest first). */
  pageSize: 5,
  /** How long the order mail's review link works. */
  linkDays: 180,
} as const;

export type ReviewStatus = 'pending' | 'published' | 'hidden';
export const REVIEW_STATUSES: readonly ReviewStatus[] = ['pending', 'published', 'hidden'];

export interface ReviewInput {
  rating: number;
  title: string;
  body: string;
  name: string;
}

export type ReviewField = 'rating' | 'title' | 'body' | 'name' | 'productId';

/** Trims and collapses the body's blank lines (three or more newlines become two). */
function normaliseBody(body: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Checks a review as typed; nothing is stored unless `fields` is empty. */
export function validateReview(
  raw: ReviewInput,
  texts: ReviewTexts,
): { value: ReviewInput; fields: Partial<Record<ReviewField, string>> } {
  const value = {
    rating: raw.rating,
    title: raw.title.replace(/\s+/g, ' ').trim(),
    body: normaliseBody(raw.body),
    name: raw.name.replace(/\s+/g, ' ').trim(),
  };
  const fields: Partial<Record<ReviewField, string>> = {};
  if (!Number.isInteger(value.rating) || value.rating < 1 || value.rating > 5)
    fields.rating = texts.ratingRequired;
  if (value.title.length > ReviewLimits.titleMax || hasControlChar(value.title))
    fields.title = texts.titleTooLong;
  if (!value.body) fields.body = texts.bodyRequired;
  else if (value.body.length > ReviewLimits.bodyMax) fields.body = texts.bodyTooLong;
  if (!value.name) fields.name = texts.nameRequired;
  else if (value.name.length > ReviewLimits.nameMax || hasControlChar(value.name))
    fields.name = texts.nameTooLong;
  return { value, fields };
}

/**
 * The name shown with a review: the first name and the initial of the last ('Jane Smith' →
 * 'Jane S.'); one word stays as typed.
 */
export function reviewerDisplayName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  const last = [...words[words.length - 1]!][0]!;
  return `${words[0]} ${last.toUpperCase()}.`;
}

/** The average shown (one decimal), from the sum and count of published ratings. */
export function averageRating(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : 0;
}

export { starPercent } from './stars.js';

/** New reviews wait for approval unless the site publishes them at once. */
export function newReviewStatus(autoPublish: boolean): 'pending' | 'published' {
  return autoPublish ? 'published' : 'pending';
}
