import type { Insertable } from 'kysely';
import type { Config } from '../config.js';
import type { ItemsTable } from '../content/tables.js';
import type { Db } from '../db/database.js';
import type { SiteSettings } from '../sites/tables.js';
import { insertProduct } from '../catalog/insert-product.js';
import { RecordType } from '../../shared/enums.js';
import { artSvg } from './demo-art.js';
import { readDemoSite, type DemoImage, type DemoSiteData } from './demo-data.js';
import { demoSeeders } from './domain-demos.js';
import { renderImage, type RenderedImage } from './render-image.js';
import { storageFor, type ObjectStorage } from '../media/storage/index.js';
import { seedDemoFiles } from './demo-files.js';
import { zonedEpoch } from './zoned-epoch.js';
import { sanitizeRichText } from '../../shared/rich-text.js';
import type { SitePolicies } from '../../shared/content/site-api.js';
import { eventDay, withEventDates } from './event-dates.js';

/** The demo websites' data files in `demo/`, main store first. */
export const DEMO_FILES = ['demo-store.json', 'jp-store.json'];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates the demo websites (`site-demo` and `site-jp`), their pages, products, posts, gallery,
 * events and generated images, then runs every other domain's demo seeder. Images render first
 * (the slow part, two at a time for two cores); all rows then go in one transaction so a failed
 * first start leaves no half-made website behind (seed-demo.ts seeds only an empty database).
 */
export async function loadDemoSites(opts: {
  db: Db;
  config: Config;
  say: (m: string) => void;
  /** Clock for dates relative to the seed (event dates, post dates); tests pass a fixed one. */
  now?: () => number;
}): Promise<void> {
  const { db, config, say } = opts;
  const now = (opts.now ?? Date.now)();
  const sites = DEMO_FILES.map((f) => readDemoSite(config.demoDir, f));

  const started = Date.now();
  const jobs = sites.flatMap((s) => s.images.map((image) => ({ site: s, image })));
  const rendered = new Map<string, RenderedImage>();
  await runLimited(jobs, 2, async ({ image }) => {
    rendered.set(image.id, await renderDemoImage(storageFor(config), image));
  });
  say(`Rendered ${jobs.length} demo images in ${Date.now() - started} ms.`);

  await db.transaction().execute(async (trx) => {
    for (const data of sites) {
      await insertSite(trx, data, rendered, now);
      await seedDemoFiles(trx, storageFor(config), data);
    }
  });
  for (const seeder of demoSeeders) await seeder({ db, config, say });
}

/** Renders a demo image's art into the media storage (also used for new websites' starters). */
export function renderDemoImage(storage: ObjectStorage, image: DemoImage): Promise<RenderedImage> {
  return renderImage({
    storage,
    assetId: image.id,
    svg: artSvg(image.art, image.width, image.height, image.id),
    width: image.width,
    height: image.height,
  });
}

export async function runLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function siteSettings(s: DemoSiteData['site']): SiteSettings {
  return {
    websiteSettings: {
      timeZone: s.timeZone,
      commentsEnabled: true,
      simpleLikingEnabled: true,
      // Issue 14: the demo stores show customer accounts (new websites start with them off).
      customerAccountsEnabled: true,
      shareButtonOptions: { facebook: true, pinterest: true, x: true, email: true },
      storeSettings: {
        multipleQuantityAllowedForServices: s.multipleQuantityAllowedForServices,
        minimumOrderSubtotalCents: s.minimumOrderSubtotalCents,
        currencyCode: s.currency,
      },
      captchaSettings: { provider: 'altcha' },
      ...(s.reviewsEnabled ? { reviewsEnabled: true } : {}),
    },
    ...(s.tweaks ? { tweaks: s.tweaks } : {}),
    // Cleaned as the Settings screen's save cleans them (the data file is trusted, but one rule).
    ...(s.policies ? { policies: cleanPolicyHtml(s.policies) } : {}),
    navigation: s.navigation,
  };
}

function cleanPolicyHtml(p: SitePolicies): SitePolicies {
  return {
    shipping: sanitizeRichText(p.shipping),
    returns: sanitizeRichText(p.returns),
    privacy: sanitizeRichText(p.privacy),
  };
}

/** Writes one demo-shaped website (the demo seed, and new websites' starter content). */
export async function insertSite(
  db: Db,
  data: DemoSiteData,
  rendered: Map<string, RenderedImage>,
  now: number,
): Promise<void> {
  const s = data.site;
  const siteId = s.id;
  await db
    .insertInto('sites')
    .values({
      id: siteId,
      slug: s.slug,
      domain: null,
      title: s.title,
      description: s.description,
      language: s.language,
      currency: s.currency,
      settings: JSON.stringify(siteSettings(s)),
    })
    .execute();

  if (data.images.length) {
    await db
      .insertInto('assets')
      .values(
        data.images.map((img) => {
          const r = rendered.get(img.id);
          if (!r) throw new Error(`Demo image ${img.id} was not rendered`);
          return {
            id: img.id,
            site_id: siteId,
            filename: `${img.id}.jpg`,
            content_type: 'image/jpeg',
            width: r.width,
            height: r.height,
            focal_x: img.focal?.x ?? 0.5,
            focal_y: img.focal?.y ?? 0.5,
            alt_text: img.alt,
            title: img.title,
            body: img.body ?? '',
            color_data: JSON.stringify(r.colorData),
            widths: JSON.stringify(r.widths),
          };
        }),
      )
      .execute();
    // Their source too: a process whose DATA_DIR lacks the files renders them from it.
    await db
      .insertInto('asset_sources')
      .values(
        data.images.map((img) => ({
          asset_id: img.id,
          svg: artSvg(img.art, img.width, img.height, img.id),
        })),
      )
      .execute();
  }

  await db
    .insertInto('collections')
    .values(
      data.collections.map((c) => ({
        id: c.id,
        site_id: siteId,
        url_id: c.urlId,
        title: c.title,
        description: c.description ?? '',
        type: c.type,
        kind: c.kind,
        folder_behavior: c.folderBehavior ?? null,
        nav_index: c.navIndex,
        sections: JSON.stringify(c.sections ?? []),
        parent_id: c.parentId ?? null,
        nav_visible: c.navIndex !== null,
        settings: JSON.stringify(c.settings ?? {}),
      })),
    )
    .execute();
  const collectionOf = (kind: string) => {
    const c = data.collections.find((x) => x.kind === kind);
    if (!c) throw new Error(`Demo site ${siteId} has no ${kind} collection`);
    return c.id;
  };

  const items: Insertable<ItemsTable>[] = [];
  const base = (
    it: { id: string; urlId: string; title: string; excerpt?: string; body?: string },
    extra: { collection: string; recordType: number; position: number; publishedOn: number },
  ) => ({
    id: it.id,
    site_id: siteId,
    collection_id: extra.collection,
    url_id: it.urlId,
    title: it.title,
    record_type: extra.recordType,
    body: it.body ?? '',
    excerpt: it.excerpt ?? '',
    published_on: new Date(extra.publishedOn),
    position: extra.position,
  });
  const common = (it: {
    tags?: string[];
    categories?: string[];
    image?: string;
    images?: string[];
  }) => ({
    tags: JSON.stringify(it.tags ?? []),
    categories: JSON.stringify(it.categories ?? []),
    main_image_id: it.image ?? null,
    asset_ids: JSON.stringify(it.images ?? []),
    data: JSON.stringify({}),
  });

  data.products.forEach((p, i) => {
    items.push({
      ...base(p, {
        collection: collectionOf('products'),
        recordType: RecordType.STORE_ITEM,
        position: i,
        publishedOn: now - (i + 1) * DAY_MS,
      }),
      ...common(p),
      author: null,
      start_date: null,
      end_date: null,
      location: null,
    });
  });
  (data.posts ?? []).forEach((p, i) => {
    items.push({
      ...base(p, {
        collection: collectionOf('blog'),
        recordType: RecordType.TEXT,
        position: i,
        publishedOn: now - p.daysAgo * DAY_MS,
      }),
      ...common(p),
      author: JSON.stringify({ displayName: p.author }),
      // Some posts are not live (a draft, a scheduled one) so /config shows every status.
      status: p.status ?? 'published',
      publish_on: p.status === 'scheduled' ? new Date(now - p.daysAgo * DAY_MS) : null,
      like_count: p.likeCount,
      public_comment_count: p.publicCommentCount,
      comment_state: p.commentState,
      starred: p.starred ?? false,
      start_date: null,
      end_date: null,
      location: null,
    });
  });
  (data.gallery ?? []).forEach((g, i) => {
    items.push({
      ...base(g, {
        collection: collectionOf('gallery'),
        recordType: RecordType.IMAGE,
        position: i,
        publishedOn: now - i * DAY_MS,
      }),
      ...common(g),
      author: null,
      start_date: null,
      end_date: null,
      location: null,
    });
  });
  const eventStarts = new Map<string, number>();
  (data.events ?? []).forEach((e, i) => {
    const start = zonedEpoch(
      eventDay(now + e.startInDays * DAY_MS, e.onWeekday, s.timeZone),
      e.startHour,
      s.timeZone,
    );
    eventStarts.set(e.id, start);
    items.push({
      ...base(e, {
        collection: collectionOf('events'),
        recordType: RecordType.EVENT,
        position: i,
        publishedOn: now - 30 * DAY_MS,
      }),
      ...common(e),
      author: null,
      start_date: start,
      end_date: start + e.durationHours * 60 * 60 * 1000,
      location: JSON.stringify(e.location),
    });
  });
  if (items.length) await db.insertInto('items').values(items).execute();

  for (const p of data.products) {
    await insertProduct(db, {
      ...p.product,
      variants: withEventDates(p.product.variants, eventStarts, s.language, s.timeZone),
      itemId: p.id,
      siteId,
      language: s.language,
      merchandising: { ...data.defaults.merchandising, ...p.product.merchandising },
      installment: { ...data.defaults.installment, ...p.product.installment },
    });
  }
  // Weights and variant images (issue 12) are set apart from insertProduct, the catalog's own
  // writer; only the few variants that have them cost a statement.
  for (const v of data.products.flatMap((p) => p.product.variants)) {
    if (!v.weightGrams && !v.imageId) continue;
    await db
      .updateTable('variants')
      .set({ weight_grams: v.weightGrams ?? 0, image_asset_id: v.imageId ?? null })
      .where('site_id', '=', siteId)
      .where('id', '=', v.id)
      .execute();
  }
}
