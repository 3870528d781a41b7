import { itemExtrasLoaders } from '../render/item-extras.js';
import { starPercent } from '../../shared/reviews/rules.js';
import { reviewCountLabel, reviewTexts } from '../../shared/reviews/texts.js';
import { listPublished, reviewsOn } from './review-service.js';

/**
 * Registers the product-page loader that gives templates `item.rating` (average and count, also
 * in `?format=json` and the JSON-LD's AggregateRating) and `item.reviews`: the summary and the
 * first page rendered on the server (the page stays cacheable: every change shoppers would see
 * bumps the content version), hydrated as the `product-reviews` island for paging and filtering.
 */
export function registerReviewsRendering(): void {
  itemExtrasLoaders.reviews = async ({ db, site, item, collectionKind }) => {
    if (collectionKind !== 'products' || !item.structuredContent || !reviewsOn(site)) return;
    const texts = reviewTexts(site.language);
    const list = await listPublished(db, site.id, item.id, 1);
    item.rating = { average: list.average, count: list.count };
    item.reviews = {
      average: list.average,
      count: list.count,
      distribution: list.distribution,
      heading: texts.reviews,
      countText: reviewCountLabel(list.count, texts),
      starsLabel: texts.outOfFive.replace('{rating}', String(list.average)),
      percent: starPercent(list.average),
      bars: [5, 4, 3, 2, 1].map((n) => {
        const count = list.distribution[n - 1]!;
        return {
          label: (n === 1 ? texts.starFilter : texts.starsFilter).replace('{n}', String(n)),
          count,
          percent: list.count ? Math.round((count / list.count) * 100) : 0,
        };
      }),
      island: { productId: item.id, locale: site.language, list, texts },
    };
  };
}
