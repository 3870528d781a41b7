import { byLanguage } from '../i18n/by-language.js';

/**
 * Product reviews' texts per site language (English otherwise): the product page's reviews
 * section, the review request page (SPEC 2.1 pageType 209) and the order mail's link.
 */
const EN = {
  reviews: 'Reviews',
  noReviews: 'No reviews yet.',
  oneReview: '1 review',
  manyReviews: '{count} reviews',
  outOfFive: '{rating} out of 5 stars',
  basedOn: 'Based on {count}',
  verified: 'Verified buyer',
  allRatings: 'All ratings',
  starsFilter: '{n} stars',
  starFilter: '1 star',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {page} of {pages}',
  loadFailed: 'Unable to load. Try again.',
  noMatches: 'No reviews with this rating.',
  // The review request page (209).
  requestTitle: 'Review your purchase',
  requestIntro: 'Thank you for your order {order}. Tell other shoppers what you think.',
  rating: 'Rating',
  star: '{n} star',
  stars: '{n} stars',
  title: 'Title',
  body: 'Your review',
  name: 'Name shown with your review',
  nameHint: 'Shown as first name and initial.',
  submit: 'Submit review',
  submitting: 'Sending…',
  thanksPending: 'Thank you! Your review will appear once the shop has approved it.',
  thanksPublished: 'Thank you! Your review is published.',
  alreadyReviewed: 'You have already reviewed this product. Thank you!',
  linkInvalid: 'This review link is not valid or has expired.',
  reviewsOff: 'This shop is not taking reviews at the moment.',
  continueShopping: 'Continue shopping',
  ratingRequired: 'Choose a rating from 1 to 5 stars.',
  titleTooLong: 'Titles can be up to 120 characters.',
  bodyRequired: 'Write a few words about the product.',
  bodyTooLong: 'Reviews can be up to 4000 characters.',
  nameRequired: 'Enter your name.',
  nameTooLong: 'Names can be up to 80 characters.',
  failed: 'Your review could not be sent. Please try again.',
  tooMany: 'Too many reviews were sent from here. Please wait a minute and try again.',
  // The order mail.
  mailLine: 'Review your purchase: {url}',
  mailLink: 'Review your purchase',
};

export type ReviewTexts = typeof EN;

const JA: ReviewTexts = {
  reviews: 'レビュー',
  noReviews: 'まだレビューはありません。',
  oneReview: 'レビュー 1 件',
  manyReviews: 'レビュー {count} 件',
  outOfFive: '5 つ星のうち {rating}',
  basedOn: '{count} に基づく',
  verified: '購入者',
  allRatings: 'すべての評価',
  starsFilter: '星 {n}',
  starFilter: '星 1',
  previous: '前へ',
  next: '次へ',
  pageOf: '{page} / {pages} ページ',
  loadFailed: '読み込めませんでした。もう一度お試しください。',
  noMatches: 'この評価のレビューはありません。',
  requestTitle: 'ご購入商品のレビュー',
  requestIntro: 'ご注文 {order} ありがとうございました。ご感想をお聞かせください。',
  rating: '評価',
  star: '星 {n}',
  stars: '星 {n}',
  title: 'タイトル',
  body: 'レビュー',
  name: 'レビューに表示する名前',
  nameHint: '名と姓のイニシャルで表示されます。',
  submit: 'レビューを送信',
  submitting: '送信中…',
  thanksPending: 'ありがとうございます。ショップの承認後にレビューが表示されます。',
  thanksPublished: 'ありがとうございます。レビューを公開しました。',
  alreadyReviewed: 'この商品はレビュー済みです。ありがとうございました。',
  linkInvalid: 'このレビューのリンクは無効か、期限が切れています。',
  reviewsOff: '現在、このショップはレビューを受け付けていません。',
  continueShopping: '買い物を続ける',
  ratingRequired: '星 1〜5 で評価を選んでください。',
  titleTooLong: 'タイトルは 120 文字までです。',
  bodyRequired: '商品についてひと言お書きください。',
  bodyTooLong: 'レビューは 4000 文字までです。',
  nameRequired: '名前を入力してください。',
  nameTooLong: '名前は 80 文字までです。',
  failed: 'レビューを送信できませんでした。もう一度お試しください。',
  tooMany: '送信が多すぎます。1 分ほど待ってからもう一度お試しください。',
  mailLine: 'ご購入商品のレビュー: {url}',
  mailLink: 'ご購入商品のレビューを書く',
};

export function reviewTexts(language: string | null | undefined): ReviewTexts {
  return byLanguage({ en: EN, ja: JA }, language, EN);
}

/** '1 review' / '12 reviews'. */
export function reviewCountLabel(count: number, texts: ReviewTexts): string {
  if (count <= 0) return texts.noReviews;
  if (count === 1) return texts.oneReview;
  return texts.manyReviews.replace('{count}', String(count));
}
