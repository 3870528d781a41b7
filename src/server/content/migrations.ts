import { sql, type Kysely, type Migration } from 'kysely';
import { sanitizeRichText } from '../../shared/rich-text.js';

export const migrations: Record<string, Migration> = {
  '20261122_0200_content': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('assets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('focal_x', 'real', (c) => c.notNull().defaultTo(0.5))
        .addColumn('focal_y', 'real', (c) => c.notNull().defaultTo(0.5))
        .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('color_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('widths', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('collections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('url_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('folder_behavior', 'integer')
        .addColumn('nav_index', 'integer')
        .addColumn('blocks', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('updated_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('collections_site_url', ['site_id', 'url_id'])
        .execute();
      await db.schema
        .createTable('items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('collection_id', 'text', (c) =>
          c.notNull().references('collections.id').onDelete('cascade'),
        )
        .addColumn('url_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('record_type', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('author', 'jsonb')
        .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('categories', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('published_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('start_date', 'bigint')
        .addColumn('end_date', 'bigint')
        .addColumn('location', 'jsonb')
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('public_comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment_state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('starred', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('main_image_id', 'text', (c) => c.references('assets.id').onDelete('set null'))
        .addColumn('asset_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addUniqueConstraint('items_collection_url', ['collection_id', 'url_id'])
        .execute();
      await db.schema
        .createIndex('items_site_idx')
        .on('items')
        .columns(['site_id', 'collection_id', 'position'])
        .execute();
    },
  },
  '20261125_0300_content_asset_sources': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('asset_sources')
        .addColumn('asset_id', 'text', (c) =>
          c.primaryKey().references('assets.id').onDelete('cascade'),
        )
        .addColumn('svg', 'text', (c) => c.notNull())
        .execute();
    },
  },
  /**
   * The media library (issue 12, docs/media.md): uploads that are not images ('file': PDFs,
   * archives, audio… delivered by signed link), the original's byte count, and a revision that
   * every replacement of the bytes bumps — it is part of the stored keys and of the image URLs,
   * which are served immutable. Newest-first listing pages by (site, created_on, id).
   */
  '20261125_1000_content_media': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('assets')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('image'))
        .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('revision_claimed', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('assets_site_created_idx')
        .on('assets')
        .columns(['site_id', 'created_on', 'id'])
        .execute();
    },
  },
  /** Issue 13: the page builder, item statuses, versions, edit locks and redirects. */
  '20261126_0200_content_builder': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('collections')
        .addColumn('sections', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('draft', 'jsonb')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
        .addColumn('seo', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('parent_id', 'text')
        .addColumn('nav_visible', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('password_hash', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_by', 'text')
        .execute();
      await db.schema
        .alterTable('items')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
        .addColumn('publish_on', 'timestamptz')
        .addColumn('time_zone', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('items_site_collection_status_idx')
        .on('items')
        .columns(['site_id', 'collection_id', 'status'])
        .execute();
      await db.schema
        .alterTable('sites')
        .addColumn('settings_version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createTable('content_versions')
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('doc', 'jsonb', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('author_id', 'text')
        .addColumn('author_name', 'text')
        .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('content_versions_pk', ['kind', 'target_id', 'n'])
        .execute();
      await db.schema
        .createTable('content_locks')
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('owner_name', 'text', (c) => c.notNull())
        .addColumn('since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_locks_pk', ['kind', 'target_id'])
        .execute();
      await db.schema
        .createTable('redirects')
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('from_path', 'text', (c) => c.notNull())
        .addColumn('to_path', 'text', (c) => c.notNull())
        .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('redirects_pk', ['site_id', 'from_path'])
        .execute();
    },
  },
  /**
   * Issue 13: layout pages' old `blocks` ({type: 'html', data}) become one section of the new
   * numeric-code blocks (`shared/content/blocks.ts`), then the column goes. Rows outside the
   * navigation (nav_index null) are hidden from it explicitly, as the tree now reads nav_visible.
   */
  '20261126_0300_content_sections': {
    async up(db: Kysely<any>) {
      const rows: { id: string; site_id: string; blocks: unknown }[] = await db
        .selectFrom('collections')
        .select(['id', 'site_id', 'blocks'])
        .execute();
      const urlIds: { id: string; site_id: string; url_id: string }[] = await db
        .selectFrom('collections')
        .select(['id', 'site_id', 'url_id'])
        .execute();
      for (const row of rows) {
        const blocks = Array.isArray(row.blocks) ? row.blocks : [];
        if (!blocks.length) continue;
        const collectionId = (urlId: unknown) =>
          urlIds.find((c) => c.site_id === row.site_id && c.url_id === (urlId ?? 'shop'))?.id ?? '';
        const converted = blocks.flatMap(
          (b: { type?: unknown; data?: Record<string, unknown> }, i) =>
            legacyBlock(b.type, b.data ?? {}, `b${i + 1}`, collectionId),
        );
        const sections = [{ id: 's1', layout: 'default', tone: 'light', blocks: converted }];
        await db
          .updateTable('collections')
          .set({ sections: JSON.stringify(sections) })
          .where('id', '=', row.id)
          .execute();
      }
      await db
        .updateTable('collections')
        .set({ nav_visible: false })
        .where('nav_index', 'is', null)
        .execute();
      await db.schema.alterTable('collections').dropColumn('blocks').execute();
    },
  },
  // Issue 14: pages only signed-in customers see (others get pageType 106, never cached).
  '20261128_0112_content_members_only': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('collections')
        .addColumn('members_only', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
    },
  },
};

/** One pre-issue-13 block as the new block (codes of shared/content/blocks.ts, fixed here). */
function legacyBlock(
  type: unknown,
  data: Record<string, unknown>,
  id: string,
  collectionId: (urlId: unknown) => string,
): object[] {
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  const limit = Math.min(12, Math.max(1, Number(data.limit) || 4));
  const titled = (o: Record<string, unknown>) =>
    s(data.title) ? { ...o, title: s(data.title) } : o;
  switch (type) {
    case 'html':
      return [{ id, type: 2, html: sanitizeRichText(s(data.html)) }];
    case 'image':
      return [
        {
          id,
          type: 5,
          assetId: s(data.assetId) || null,
          ...(s(data.caption) ? { caption: s(data.caption) } : {}),
        },
      ];
    case 'gallery':
      return [{ id, type: 8, assetIds: Array.isArray(data.assetIds) ? data.assetIds : [] }];
    case 'form':
      return [{ id, type: 9, formId: s(data.formId) }];
    case 'newsletter':
      return [{ id, type: 51, formId: s(data.formId) }];
    case 'button':
      return [{ id, type: 53, label: s(data.label) || 'Learn more', url: s(data.url) || '/' }];
    case 'product':
      return [
        {
          id,
          type: 43,
          itemId: s(data.itemId),
          ...(data.expressCheckout === true ? { expressCheckout: true } : {}),
        },
      ];
    case 'products':
      return [titled({ id, type: 44, collectionId: collectionId(data.collection), limit })];
    case 'summary':
      return [
        titled({ id, type: 17, collectionId: collectionId(data.collection ?? 'blog'), limit }),
      ];
    default:
      return [];
  }
}
