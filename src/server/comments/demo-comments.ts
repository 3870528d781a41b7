import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import { findLiveItem, setPublicCommentCount } from '../content/item-social.js';

const DAY = 86_400_000;

interface DemoComment {
  name: string;
  email: string;
  body: string;
  /** Index of the comment (in this post's list) it answers. */
  replyTo?: number;
  status?: 'approved' | 'pending' | 'spam';
  daysAgo: number;
}

/** Real comments behind the demo posts' counts (demo/demo-store.json), and a small queue. */
const DEMO: Record<string, DemoComment[]> = {
  'demo-post-cone-six': [
    {
      name: 'Maya R.',
      email: 'maya@example.com',
      body: 'I had no idea cone 6 glazes could get this deep. My mug from the spring batch still looks new after a year of daily use.',
      daysAgo: 3,
    },
    {
      name: 'Nora Whitcomb',
      email: 'nora@demo.test',
      body: 'Thank you, Maya! That was the celadon batch: one of our favourites too.',
      replyTo: 0,
      daysAgo: 3,
    },
    {
      name: 'Tom',
      email: 'tom@example.com',
      body: 'Does mid-fire change how the pots handle the dishwasher?\n\nAsking before I order a set of four.',
      daysAgo: 2,
    },
    {
      name: 'Priya',
      email: 'priya@example.com',
      body: 'Would love a post on how you mix the speckled glaze!',
      status: 'pending',
      daysAgo: 1,
    },
    {
      name: 'Cheap Pots',
      email: 'deals@spam.example',
      body: 'Best pots cheap http://spam.example http://spam.example/more',
      status: 'spam',
      daysAgo: 1,
    },
  ],
  'demo-post-care': [
    {
      name: 'Jonas',
      email: 'jonas@example.com',
      body: 'The tip about not shocking a cold mug with boiling water saved my favourite cup.',
      daysAgo: 9,
    },
    {
      name: 'Ellie',
      email: 'ellie@example.com',
      body: 'Is it fine to use a scouring pad on the unglazed foot?',
      daysAgo: 8,
    },
    {
      name: 'Nora Whitcomb',
      email: 'nora@demo.test',
      body: 'Yes, a gentle one is fine on the foot. Keep it off the glaze.',
      replyTo: 1,
      daysAgo: 8,
    },
    {
      name: 'Sam K.',
      email: 'sam@example.com',
      body: 'Printed this and stuck it on the fridge. Thanks!',
      daysAgo: 6,
    },
    {
      name: 'Ruth',
      email: 'ruth@example.com',
      body: 'Microwave safe too? Mine has been fine so far.',
      daysAgo: 5,
    },
  ],
};

/** The Japanese demo's (site-jp) comments, so its journal's counts are real too. */
const DEMO_JP: Record<string, DemoComment[]> = {
  'jp-post-hagi': [
    {
      name: '山本',
      email: 'yamamoto@example.com',
      body: '一年使った白萩の湯呑みが、すっかり淡い桃色になりました。育てる器、楽しいです。',
      daysAgo: 2,
    },
    {
      name: '川瀬 みどり',
      email: 'midori@demo.test',
      body: 'ありがとうございます。いい色に育ちましたね。',
      replyTo: 0,
      daysAgo: 2,
    },
  ],
};

const SITES: [string, Record<string, DemoComment[]>][] = [
  ['site-demo', DEMO],
  ['site-jp', DEMO_JP],
];

/** The demo's comments; the posts' counts then come from them (seeded once, on first start). */
export async function seedDemoComments(ctx: { db: Db; say: (m: string) => void }): Promise<void> {
  const { db } = ctx;
  const now = Date.now();
  let total = 0;
  for (const [site, demo] of SITES) {
    for (const [itemId, list] of Object.entries(demo)) {
      if (!(await findLiveItem(db, site, itemId))) continue;
      const ids = list.map(() => crypto.randomUUID());
      const rows = list.map((c, i) => {
        const created = new Date(now - c.daysAgo * DAY + i * 60_000);
        const status = c.status ?? 'approved';
        return {
          id: ids[i]!,
          site_id: site,
          item_id: itemId,
          parent_id: c.replyTo === undefined ? null : ids[c.replyTo]!,
          author_name: c.name,
          author_email: c.email,
          site_user_id: null,
          body: c.body,
          status,
          created,
          approved_at: status === 'approved' ? created : null,
        };
      });
      await db.insertInto('comments').values(rows).execute();
      const approved = rows.filter((r) => r.status === 'approved').length;
      await setPublicCommentCount(db, itemId, approved);
      total += rows.length;
    }
  }
  ctx.say(`comments: ${total} on the demo blog (one waiting for approval)`);
}
