import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import { findLiveItem } from '../content/item-social.js';
import type { ReviewStatus } from '../../shared/reviews/rules.js';

const SITE = 'site-demo';
const DAY = 86_400_000;

interface DemoReview {
  rating: number;
  title: string;
  body: string;
  name: string;
  email: string;
  verified: boolean;
  daysAgo: number;
  status?: ReviewStatus;
}

/** Believable reviews on a few demo products (the main demo has reviews on). */
const DEMO: Record<string, DemoReview[]> = {
  'demo-tidepool-mug': [
    {
      rating: 5,
      title: 'My morning mug now',
      body: 'Holds a proper amount of coffee and the handle fits three fingers. The glaze is even deeper in person than in the photos.',
      name: 'Hannah Brooks',
      email: 'hannah@example.com',
      verified: true,
      daysAgo: 4,
    },
    {
      rating: 4,
      title: 'Lovely, slightly smaller than expected',
      body: 'Beautiful colour and it keeps tea hot for a good while. I expected it to be a little bigger, so check the size if you like big mugs.',
      name: 'Daniel Ortiz',
      email: 'daniel@example.com',
      verified: true,
      daysAgo: 11,
    },
    {
      rating: 5,
      title: 'Bought a second one',
      body: 'After a month of daily use and the dishwasher it still looks new. Bought another as a gift.',
      name: 'Priya Nair',
      email: 'priya@example.com',
      verified: true,
      daysAgo: 23,
    },
    {
      rating: 5,
      title: 'Gorgeous',
      body: 'Every one is a little different. Mine has a darker ring near the rim that I love.',
      name: 'Ellen',
      email: 'ellen@example.com',
      verified: false,
      daysAgo: 37,
    },
    {
      rating: 4,
      title: 'Great mug, slow shipping',
      body: 'The mug is great. Shipping took about a week, but it was packed very carefully.',
      name: 'Marcus Lee',
      email: 'marcus@example.com',
      verified: true,
      daysAgo: 52,
    },
    {
      rating: 3,
      title: 'Nice but heavy',
      body: 'Well made, but heavier than my other mugs.',
      name: 'Sofia Martins',
      email: 'sofia@example.com',
      verified: true,
      daysAgo: 64,
    },
    {
      rating: 5,
      title: 'Perfect gift',
      body: 'Gave it to my sister, who collects handmade mugs. She says it is her favourite.',
      name: 'Jonas Weber',
      email: 'jonas@example.com',
      verified: true,
      daysAgo: 1,
      status: 'pending',
    },
  ],
  'demo-everyday-bowl': [
    {
      rating: 5,
      title: 'Right size for everything',
      body: 'Cereal, soup, salad: this bowl does it all. The matte outside feels great in the hand.',
      name: 'Grace Kim',
      email: 'grace@example.com',
      verified: true,
      daysAgo: 8,
    },
    {
      rating: 4,
      title: 'Sturdy and pretty',
      body: 'Survived a drop onto the kitchen tiles. Would love it in more colours.',
      name: 'Oliver Grant',
      email: 'oliver@example.com',
      verified: true,
      daysAgo: 19,
    },
  ],
  'demo-low-tide-teapot': [
    {
      rating: 5,
      title: 'Pours without a drip',
      body: 'I have owned many teapots and this is the first one that does not dribble down the spout.',
      name: 'Margaret Ellis',
      email: 'margaret@example.com',
      verified: true,
      daysAgo: 15,
    },
  ],
};

/** The demo's reviews, seeded once on first start. */
export async function seedDemoReviews(ctx: { db: Db; say: (m: string) => void }): Promise<void> {
  const { db } = ctx;
  const now = Date.now();
  let total = 0;
  for (const [productId, list] of Object.entries(DEMO)) {
    if (!(await findLiveItem(db, SITE, productId))) continue;
    const rows = list.map((r) => {
      const created = new Date(now - r.daysAgo * DAY);
      const status = r.status ?? 'published';
      return {
        id: crypto.randomUUID(),
        site_id: SITE,
        product_id: productId,
        order_id: null,
        verified: r.verified,
        rating: r.rating,
        title: r.title,
        body: r.body,
        author_name: r.name,
        author_email: r.email,
        status,
        created,
        published_at: status === 'published' ? created : null,
      };
    });
    await db.insertInto('product_reviews').values(rows).execute();
    total += rows.length;
  }
  ctx.say(`reviews: ${total} on demo products (one waiting for approval)`);
}
