import { itemExtrasLoaders, listExtrasLoaders } from '../render/item-extras.js';
import { starPercent } from '../../shared/reviews/rules.js';
import { reviewCountLabel, reviewTexts } from '../../shared/reviews/texts.js';
import { listPublished, reviewSummaries, reviewsOn } from './review-service.js';
import type { ItemRating } from '../../shared/reviews/api.js';
import type { Db } from '../db/database.js';
import type { Site } from '../sites/site-queries.js';
import type { ItemJson } from '../render/context/types.js';
import type { ReviewTexts } from '../../shared/reviews/texts.js';

function itemRating(average: number, count: number, texts: ReviewTexts): ItemRating {
  return {
    average,
    count,
    percent: starPercent(average),
    label: texts.outOfFive.replace('{rating}', String(average)),
  };
}

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
    item.rating = itemRating(list.average, list.count, texts);
    if (item.relatedItems) await rateCards(db, site, item.relatedItems);
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
  // The shop list's cards: stars and count under the price (one query for the page's products).
  listExtrasLoaders.reviews = async ({ db, site, items }) => {
    if (reviewsOn(site)) await rateCards(db, site, items);
  };
}

/** Ratings onto product cards (shop lists, related products), one query for all of them. */
async function rateCards(db: Db, site: Site, items: ItemJson[]): Promise<void> {
  const products = items.filter((i) => i.structuredContent);
  const texts = reviewTexts(site.language);
  const summaries = await reviewSummaries(
    db,
    site.id,
    products.map((i) => i.id),
  );
  for (const item of products) {
    const s = summaries.get(item.id);
    if (s) item.rating = itemRating(s.average, s.count, texts);
  }
}
