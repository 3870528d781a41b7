import { PageType } from '../../shared/enums.js';
import type { PageRequest } from '../render/context/context-deps.js';
import { baseContext } from '../render/context/site-context.js';
import type { PageContext } from '../render/context/types.js';
import type { ReviewRequestPageJson, ReviewRequestProps } from '../../shared/reviews/api.js';
import { reviewTexts } from '../../shared/reviews/texts.js';

/**
 * The review request page (SPEC 2.1 pageType 209) in the theme's layout
 * (`pages/reviews-request.page`): one form per product of the order, or the reason there is none
 * (a link that is not genuine or has expired, or a shop that takes no reviews). The page holds
 * the buyer's order, so it is never cached (routes.ts sends `no-store`).
 */
export function buildReviewRequestContext(
  req: PageRequest,
  view: { orderNumber: number; form: ReviewRequestProps } | { message: string; status: number },
): { status: number; ctx: PageContext } {
  const t = reviewTexts(req.base.site.language);
  const page: ReviewRequestPageJson =
    'form' in view
      ? {
          heading: t.requestTitle,
          intro: t.requestIntro.replace('{order}', `#${view.orderNumber}`),
          continueText: t.continueShopping,
          form: view.form,
        }
      : { heading: t.requestTitle, message: view.message, continueText: t.continueShopping };
  const ctx = baseContext(req.base, {
    pageType: PageType.REVIEWS_REQUEST,
    templateFile: 'pages/reviews-request.page',
    title: t.requestTitle,
  });
  ctx.reviewRequest = page;
  return { status: 'form' in view ? 200 : view.status, ctx };
}
