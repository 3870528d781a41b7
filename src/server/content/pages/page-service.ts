import crypto from 'node:crypto';
import { sql } from 'kysely';
import { ErrorCode } from '../../../shared/errors.js';
import {
  PageLimits,
  SECTION_KINDS,
  type CreatablePageKind,
  type NavigationRequest,
  type PageDoc,
  type PageInput,
  type PageListResponse,
} from '../../../shared/content/page-api.js';
import {
  pageSlugOf,
  PageFieldTexts,
  RESERVED_SLUGS,
  SLUG_PATTERN,
  validatePageInput,
  type PageInputLike,
} from '../../../shared/content/validate-page.js';
import { recordAudit } from '../../audit/audit-log.js';
import type { Db } from '../../db/database.js';
import { appError } from '../../errors/app-error.js';
import type { DomainEvents } from '../../events.js';
import { hashPassword } from '../../owners/passwords.js';
import { bumpContentVersion } from '../../sites/site-queries.js';
import { assertNotLockedByOther, dropLocks } from '../editing/locks.js';
import { deleteVersions, recordVersion, type VersionAuthor } from '../editing/versions.js';
import {
  COLLECTION_TYPE_OF,
  FIXED_SLUGS,
  draftInput,
  isHome,
  kindOf,
  liveInput,
  pageDoc,
  pagePath,
  pageSummary,
  sameContent,
  type PageRow,
} from './page-rows.js';
import { movePathRedirects } from './redirects.js';

/** Who is asking and what they may do, from the route (roles from permissions.ts). */
export interface PageActor {
  db: Db;
  events: DomainEvents;
  siteId: string;
  author: VersionAuthor;
  /** The owner's roles allow 'publish'. */
  canPublish: boolean;
}

/** Kinds whose rows never go away (the site depends on them). */
const UNDELETABLE = ['footer', 'not-found', 'products'];

export async function findPageRow(db: Db, siteId: string, id: string): Promise<PageRow> {
  const row = await db
    .selectFrom('collections')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.NOT_FOUND);
  return row;
}

/** Live content changed: every process and the page cache drop this website's pages. */
async function changed(trx: Db, siteId: string): Promise<void> {
  await bumpContentVersion(trx, siteId);
}

function announce(a: PageActor): void {
  a.events.emit('content-changed', { siteId: a.siteId });
}

/**
 * The footer and 404 rows are made on first need, so every website (older ones, test ones) has
 * them to edit. Empty, they render exactly what the theme draws without them.
 */
export async function ensureSystemPages(db: Db, siteId: string): Promise<void> {
  await db
    .insertInto('collections')
    .values(
      (['footer', 'not-found'] as const).map((kind) => ({
        id: `${siteId}-${kind}`,
        site_id: siteId,
        url_id: FIXED_SLUGS[kind]!,
        title: kind === 'footer' ? 'Footer' : 'Page not found',
        type: COLLECTION_TYPE_OF[kind],
        kind,
        folder_behavior: null,
        nav_index: null,
        nav_visible: false,
      })),
    )
    .onConflict((oc) => oc.columns(['site_id', 'url_id']).doNothing())
    .execute();
}

export async function listPages(db: Db, siteId: string): Promise<PageListResponse> {
  await ensureSystemPages(db, siteId);
  const rows = await db
    .selectFrom('collections')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy(sql`nav_index is null`)
    .orderBy('nav_index')
    .orderBy('title')
    .execute();
  const counts = await db
    .selectFrom('items')
    .select(['collection_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('site_id', '=', siteId)
    .groupBy('collection_id')
    .execute();
  const countOf = new Map(counts.map((c) => [c.collection_id, Number(c.n)]));
  const withItems = ['blog', 'events', 'gallery', 'products'];
  return {
    pages: rows.map((r) =>
      pageSummary(r, withItems.includes(r.kind) ? (countOf.get(r.id) ?? 0) : undefined),
    ),
    homeId: rows.find(isHome)?.id ?? null,
  };
}

/** Refuses a slug another page of the website uses, live or in its draft. */
async function assertSlugFree(db: Db, siteId: string, slug: string, exceptId?: string) {
  const taken = await db
    .selectFrom('collections')
    .select('id')
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('url_id', '=', slug), sql<boolean>`draft->>'slug' = ${slug}`]))
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst();
  if (taken) throw appError(ErrorCode.SLUG_TAKEN);
}

async function freeSlug(db: Db, siteId: string, base: string): Promise<string> {
  const root = base || 'page';
  const rows = await db
    .selectFrom('collections')
    .select('url_id')
    .where('site_id', '=', siteId)
    .where('url_id', 'like', `${root}%`)
    .execute();
  const used = new Set(rows.map((r) => r.url_id));
  if (!used.has(root) && !RESERVED_SLUGS.includes(root)) return root;
  for (let n = 2; ; n++) {
    const s = `${root.slice(0, PageLimits.slugMax - 6)}-${n}`;
    if (!used.has(s)) return s;
  }
}

function invalid(fieldErrors: Record<string, string>): Error {
  return appError(ErrorCode.CONTENT_INVALID, undefined, { fieldErrors });
}

async function assertFolder(db: Db, siteId: string, id: string | null | undefined, key: string) {
  if (!id) return;
  const row = await db
    .selectFrom('collections')
    .select('kind')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (row?.kind !== 'folder') throw invalid({ [key]: 'Choose a folder.' });
}

/** POST /api/content/pages. Pages and splash pages start as drafts whose publish makes them live. */
export async function createPage(
  a: PageActor,
  req: {
    kind: CreatablePageKind;
    title: string;
    slug?: string | undefined;
    parentId?: string | null | undefined;
  },
): Promise<PageDoc> {
  const title = req.title.trim();
  if (!title) throw invalid({ title: PageFieldTexts.TITLE_REQUIRED });
  if (title.length > PageLimits.titleMax) {
    throw invalid({ title: PageFieldTexts.TOO_LONG.replace('{max}', String(PageLimits.titleMax)) });
  }
  if (req.kind === 'folder' && req.parentId) {
    throw invalid({ parentId: 'A folder cannot go inside another folder.' });
  }
  await assertFolder(a.db, a.siteId, req.parentId, 'parentId');
  let slug: string;
  if (req.slug !== undefined && req.slug.trim() !== '') {
    slug = req.slug.trim();
    if (!SLUG_PATTERN.test(slug) || slug.length > PageLimits.slugMax) {
      throw invalid({ slug: PageFieldTexts.SLUG_INVALID });
    }
    if (RESERVED_SLUGS.includes(slug)) throw invalid({ slug: PageFieldTexts.SLUG_RESERVED });
    await assertSlugFree(a.db, a.siteId, slug);
  } else {
    slug = await freeSlug(a.db, a.siteId, pageSlugOf(title));
  }
  const count = await a.db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', a.siteId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= PageLimits.pagesMax) {
    throw appError(
      ErrorCode.VALIDATION,
      `A website can have at most ${PageLimits.pagesMax} pages.`,
    );
  }
  const layout = req.kind === 'page' || req.kind === 'splash';
  const id = crypto.randomUUID();
  try {
    await a.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('collections')
        .select((eb) => eb.fn.max('nav_index').as('max'))
        .where('site_id', '=', a.siteId)
        .where('parent_id', req.parentId ? '=' : 'is', req.parentId ?? null)
        .executeTakeFirstOrThrow();
      const row = {
        id,
        site_id: a.siteId,
        url_id: slug,
        title,
        type: COLLECTION_TYPE_OF[req.kind],
        kind: req.kind,
        folder_behavior: req.kind === 'folder' ? 2 : null,
        nav_index: (last.max === null ? -1 : Number(last.max)) + 1,
        parent_id: req.parentId ?? null,
        nav_visible: req.kind !== 'splash',
        status: layout ? 'draft' : 'published',
        updated_by: a.author.ownerId,
      };
      await trx.insertInto('collections').values(row).execute();
      if (layout) {
        // The draft says 'published': the first Publish makes the new page live.
        const inserted = await findPageRow(trx, a.siteId, id);
        const draft: PageInput = { ...liveInput(inserted), status: 'published' };
        await trx
          .updateTable('collections')
          .set({ draft: JSON.stringify(draft) })
          .where('id', '=', id)
          .execute();
      }
      await trx
        .deleteFrom('redirects')
        .where('site_id', '=', a.siteId)
        .where('from_path', '=', `/${slug}`)
        .execute();
      await changed(trx, a.siteId);
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
  announce(a);
  return pageDoc(await findPageRow(a.db, a.siteId, id));
}

function uniqueViolation(e: unknown): Error | undefined {
  const err = e as { code?: unknown; message?: unknown; constraint?: unknown };
  if (err?.code !== '23505') return undefined;
  return appError(ErrorCode.SLUG_TAKEN);
}

/** Checks a save's input for this row and returns the clean input. */
async function prepareInput(a: PageActor, row: PageRow, input: PageInputLike): Promise<PageInput> {
  const kind = kindOf(row);
  const fixedSlug = FIXED_SLUGS[kind];
  // A save that leaves the gallery settings out (an older editor, the settings dialog of
  // another field) keeps the ones the draft has rather than resetting them to the defaults.
  if (kind === 'gallery' && input.gallery === undefined) {
    input = { ...input, gallery: { ...draftInput(row).gallery } };
  }
  const checked = validatePageInput(input, {
    kind,
    isHome: isHome(row),
    ...(fixedSlug !== undefined ? { fixedSlug } : {}),
  });
  if (!checked.ok) throw invalid(checked.fieldErrors);
  const value = checked.value;
  // Only layout kinds have sections; the others keep none.
  if (!SECTION_KINDS.includes(kind)) value.sections = [];
  if (fixedSlug !== undefined || kind === 'products' || isHome(row)) value.status = 'published';
  if (value.slug !== row.url_id) await assertSlugFree(a.db, a.siteId, value.slug, row.id);
  return value;
}

function assertVersion(row: PageRow, version: number): void {
  if (row.version !== version) {
    throw appError(ErrorCode.CONTENT_CONFLICT, undefined, { version: row.version });
  }
}

async function assertUnlocked(a: PageActor, id: string): Promise<void> {
  await assertNotLockedByOther(a.db, {
    siteId: a.siteId,
    kind: 'pages',
    targetId: id,
    ownerId: a.author.ownerId,
  });
}

/**
 * PUT /api/content/pages/:id: saves the draft (versioned 'Saved'); `publish` also makes it live.
 * Draft-only saves change nothing a visitor sees, so they leave the content version (and every
 * cached page) alone; autosave would otherwise empty the page cache every few seconds.
 */
export async function savePage(
  a: PageActor,
  id: string,
  body: PageInputLike & { version: number; publish?: boolean | undefined },
  label = 'Saved',
): Promise<PageDoc> {
  const { version, publish, ...input } = body;
  if (publish && !a.canPublish) throw appError(ErrorCode.FORBIDDEN);
  const row = await findPageRow(a.db, a.siteId, id);
  assertVersion(row, version);
  await assertUnlocked(a, id);
  const value = await prepareInput(a, row, input);
  try {
    await a.db.transaction().execute(async (trx) => {
      const draft = sameContent(value, liveInput(row)) ? null : value;
      const updated = await trx
        .updateTable('collections')
        .set({
          draft: draft ? JSON.stringify(draft) : null,
          version: row.version + 1,
          updated_by: a.author.ownerId,
          updated_on: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('version', '=', row.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw appError(ErrorCode.CONTENT_CONFLICT);
      await recordVersion(trx, {
        siteId: a.siteId,
        kind: 'pages',
        targetId: id,
        doc: value,
        label,
        author: a.author,
      });
      if (publish) await publishRow(trx, a, await findPageRow(trx, a.siteId, id));
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
  if (publish) announce(a);
  return pageDoc(await findPageRow(a.db, a.siteId, id));
}

/** Makes the row's draft live, inside the caller's transaction. */
async function publishRow(trx: Db, a: PageActor, row: PageRow): Promise<void> {
  const next = draftInput(row);
  const kind = kindOf(row);
  const oldPath = pagePath(kind, row.url_id);
  const newPath = pagePath(kind, next.slug);
  await trx
    .updateTable('collections')
    .set({
      title: next.title,
      url_id: next.slug,
      sections: JSON.stringify(next.sections),
      seo: JSON.stringify(next.seo),
      status: next.status,
      folder_behavior: kind === 'folder' ? (next.folderBehavior ?? 2) : row.folder_behavior,
      // A gallery's design settings live beside any other settings the collection holds.
      ...(kind === 'gallery' && next.gallery
        ? { settings: JSON.stringify({ ...row.settings, ...next.gallery }) }
        : {}),
      draft: null,
      version: row.version + 1,
      updated_by: a.author.ownerId,
      updated_on: sql<Date>`now()`,
    })
    .where('id', '=', row.id)
    .execute();
  if (oldPath && newPath && oldPath !== newPath) {
    await movePathRedirects(trx, a.siteId, oldPath, newPath, row.status === 'published');
  }
  await recordVersion(trx, {
    siteId: a.siteId,
    kind: 'pages',
    targetId: row.id,
    doc: next,
    label: 'Published',
    author: a.author,
  });
  await recordAudit(trx, {
    siteId: a.siteId,
    ownerId: a.author.ownerId,
    action: 'page.publish',
    target: next.title,
    details: { pageId: row.id },
  });
  await changed(trx, a.siteId);
}

/** POST …/:id/publish. */
export async function publishPage(a: PageActor, id: string, version: number): Promise<PageDoc> {
  const row = await findPageRow(a.db, a.siteId, id);
  assertVersion(row, version);
  await assertUnlocked(a, id);
  if (row.draft) await prepareInput(a, row, row.draft);
  try {
    await a.db.transaction().execute(async (trx) => publishRow(trx, a, row));
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
  announce(a);
  return pageDoc(await findPageRow(a.db, a.siteId, id));
}

/** POST …/:id/discard: the draft goes; the builder shows what is live. */
export async function discardDraft(a: PageActor, id: string, version: number): Promise<PageDoc> {
  const row = await findPageRow(a.db, a.siteId, id);
  assertVersion(row, version);
  await assertUnlocked(a, id);
  await a.db
    .updateTable('collections')
    .set({ draft: null, version: row.version + 1, updated_by: a.author.ownerId })
    .where('id', '=', id)
    .where('version', '=', row.version)
    .execute();
  return pageDoc(await findPageRow(a.db, a.siteId, id));
}

/** PUT …/:id/password: an argon2 hash like owners' passwords; null removes the protection. */
export async function setPagePassword(
  a: PageActor,
  id: string,
  password: string | null,
): Promise<PageDoc> {
  const row = await findPageRow(a.db, a.siteId, id);
  if (row.kind === 'footer' || row.kind === 'not-found' || row.kind === 'folder') {
    throw appError(ErrorCode.VALIDATION, 'This page cannot have a password.');
  }
  if (
    password !== null &&
    (password.length < PageLimits.passwordMin || password.length > PageLimits.passwordMax)
  ) {
    throw invalid({
      password: `Use ${PageLimits.passwordMin} to ${PageLimits.passwordMax} characters.`,
    });
  }
  const hash = password === null ? null : await hashPassword(password);
  await a.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('collections')
      .set({ password_hash: hash })
      .where('id', '=', id)
      .execute();
    await changed(trx, a.siteId);
  });
  announce(a);
  return pageDoc(await findPageRow(a.db, a.siteId, id));
}

/** PUT …/:id/members-only (issue 14): only signed-in customers see the page and its items. */
export async function setPageMembersOnly(
  a: PageActor,
  id: string,
  membersOnly: boolean,
): Promise<PageDoc> {
  const row = await findPageRow(a.db, a.siteId, id);
  if (row.kind === 'footer' || row.kind === 'not-found' || row.kind === 'folder' || isHome(row)) {
    throw appError(ErrorCode.VALIDATION, 'This page cannot be for members only.');
  }
  await a.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('collections')
      .set({ members_only: membersOnly })
      .where('id', '=', id)
      .execute();
    await changed(trx, a.siteId);
  });
  announce(a);
  return pageDoc(await findPageRow(a.db, a.siteId, id));
}

/** DELETE …/:id. A blog, events or gallery takes its items (and their versions) with it. */
export async function deletePage(a: PageActor, id: string): Promise<void> {
  const row = await findPageRow(a.db, a.siteId, id);
  if (isHome(row) || UNDELETABLE.includes(row.kind)) throw appError(ErrorCode.PAGE_NOT_DELETABLE);
  await assertUnlocked(a, id);
  await a.db.transaction().execute(async (trx) => {
    const child = await trx
      .selectFrom('collections')
      .select('id')
      .where('site_id', '=', a.siteId)
      .where('parent_id', '=', id)
      .executeTakeFirst();
    if (child) throw appError(ErrorCode.FOLDER_NOT_EMPTY);
    const items = await trx
      .selectFrom('items')
      .select('id')
      .where('collection_id', '=', id)
      .execute();
    for (const it of items) {
      await deleteVersions(trx, 'items', it.id);
      await dropLocks(trx, 'items', it.id);
    }
    await trx.deleteFrom('items').where('collection_id', '=', id).execute();
    await deleteVersions(trx, 'pages', id);
    await dropLocks(trx, 'pages', id);
    const path = pagePath(row.kind, row.url_id);
    if (path) {
      await trx
        .deleteFrom('redirects')
        .where('site_id', '=', a.siteId)
        .where('to_path', '=', path)
        .execute();
    }
    await trx.deleteFrom('collections').where('id', '=', id).execute();
    await changed(trx, a.siteId);
  });
  announce(a);
}

/**
 * PUT /api/content/navigation: order, folder and visibility of the listed rows in one
 * transaction. One level of folders, as Squarespace: a folder never goes inside a folder.
 */
export async function saveNavigation(
  a: PageActor,
  req: NavigationRequest,
): Promise<PageListResponse> {
  const rows = await a.db
    .selectFrom('collections')
    .select(['id', 'kind'])
    .where('site_id', '=', a.siteId)
    .execute();
  const kindById = new Map(rows.map((r) => [r.id, r.kind]));
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  req.entries.forEach((e, i) => {
    const kind = kindById.get(e.id);
    if (!kind || seen.has(e.id)) errors[`entries.${i}.id`] = 'This page is not on this website.';
    seen.add(e.id);
    if (kind === 'footer' || kind === 'not-found') {
      errors[`entries.${i}.id`] = 'The footer and 404 page are not in the navigation.';
    }
    if (e.parentId !== null) {
      if (kind === 'folder')
        errors[`entries.${i}.parentId`] = 'A folder cannot go inside another folder.';
      else if (kindById.get(e.parentId) !== 'folder')
        errors[`entries.${i}.parentId`] = 'Choose a folder.';
    }
  });
  if (Object.keys(errors).length) throw invalid(errors);
  await a.db.transaction().execute(async (trx) => {
    for (const e of req.entries) {
      await trx
        .updateTable('collections')
        .set({ parent_id: e.parentId, nav_index: e.order, nav_visible: e.visible })
        .where('site_id', '=', a.siteId)
        .where('id', '=', e.id)
        .execute();
    }
    await changed(trx, a.siteId);
  });
  announce(a);
  return listPages(a.db, a.siteId);
}

/** The restore half of the versions routes: version `n`'s document becomes the draft. */
export async function restorePageVersion(
  a: PageActor,
  id: string,
  doc: unknown,
  n: number,
): Promise<PageDoc> {
  const row = await findPageRow(a.db, a.siteId, id);
  const d = (doc ?? {}) as Partial<PageInput>;
  const base = draftInput(row);
  const input: PageInputLike = {
    title: typeof d.title === 'string' ? d.title : base.title,
    slug: typeof d.slug === 'string' ? d.slug : base.slug,
    status: d.status === 'draft' || d.status === 'published' ? d.status : base.status,
    navigation: base.navigation,
    seo: { ...base.seo, ...(d.seo ?? {}) },
    sections: Array.isArray(d.sections) ? d.sections : base.sections,
    ...(d.folderBehavior !== undefined ? { folderBehavior: d.folderBehavior } : {}),
    ...(d.gallery !== undefined ? { gallery: d.gallery } : {}),
  };
  return savePage(a, id, { ...input, version: row.version }, `Restored from version ${n}`);
}
