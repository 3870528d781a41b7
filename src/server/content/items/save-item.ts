import crypto from 'node:crypto';
import type { ItemDoc, ItemInput, ItemStatus } from '../../../shared/content/item-api.js';
import { allows } from '../../../shared/team/permissions.js';
import {
  cleanLabels,
  ItemFieldTexts,
  slugify,
  validateItemInput,
  type FieldErrors,
} from '../../../shared/content/validate-item.js';
import { RecordType } from '../../../shared/enums.js';
import { ErrorCode } from '../../../shared/errors.js';
import { sanitizeRichText } from '../../../shared/rich-text.js';
import { recordAudit } from '../../audit/audit-log.js';
import type { Db } from '../../db/database.js';
import { appError } from '../../errors/app-error.js';
import type { DomainEvents } from '../../events.js';
import { bumpContentVersion } from '../../sites/site-queries.js';
import type { CollectionRow, ItemRow } from '../content-queries.js';
import { assertNotLockedByOther, dropLocks } from '../editing/locks.js';
import { deleteVersions, recordVersion, type VersionAuthor } from '../editing/versions.js';
import { inputOf, isEditableKind, itemDocOf, type EditableKind } from './item-doc.js';

export interface ItemDeps {
  db: Db;
  events: DomainEvents;
  now: () => number;
  secret: string;
}

/** Who saves: their roles on the website decide what they may do (shared/team/permissions). */
export interface Editor {
  siteId: string;
  roles: readonly number[];
  author: VersionAuthor;
}

/**
 * An item going live now or on a schedule is a publish: the audit log records it (issue 16) in
 * the save's transaction. A save that keeps its status is not.
 */
async function auditPublish(
  trx: Db,
  editor: Editor,
  title: string,
  status: ItemStatus,
  before?: string,
): Promise<void> {
  if ((status !== 'published' && status !== 'scheduled') || status === before) return;
  await recordAudit(trx, {
    siteId: editor.siteId,
    ownerId: editor.author.ownerId,
    action: 'item.publish',
    target: title,
    details: { status },
  });
}

/** Statuses a draft editor may save with; the others take the 'publish' permission. */
const DRAFT_STATUSES: readonly ItemStatus[] = ['draft', 'needs-review'];

const RECORD_TYPE: Record<EditableKind, number> = {
  blog: RecordType.TEXT,
  events: RecordType.EVENT,
  gallery: RecordType.IMAGE,
};

function invalid(fieldErrors: FieldErrors): Error {
  return appError(ErrorCode.CONTENT_INVALID, undefined, { fieldErrors });
}

function slugTaken(): Error {
  return appError(ErrorCode.SLUG_TAKEN, undefined, {
    fieldErrors: { slug: ItemFieldTexts.SLUG_TAKEN },
  });
}

/** The item collection of this website, or 404; a products collection is refused (own API). */
export async function editableCollection(
  db: Db,
  siteId: string,
  collectionId: string,
): Promise<CollectionRow & { kind: EditableKind }> {
  const c = await db
    .selectFrom('collections')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', collectionId)
    .executeTakeFirst();
  if (!c) throw appError(ErrorCode.NOT_FOUND);
  if (!isEditableKind(c.kind)) {
    throw appError(
      ErrorCode.VALIDATION,
      c.kind === 'products'
        ? 'Products are edited in the products editor.'
        : 'This page has no items.',
    );
  }
  return c as CollectionRow & { kind: EditableKind };
}

/** An item of this website with its collection, or 404 (products too: not this API's). */
export async function findOwnedItem(
  db: Db,
  siteId: string,
  id: string,
): Promise<{ row: ItemRow; collection: CollectionRow & { kind: EditableKind } }> {
  const row = await db
    .selectFrom('items')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.NOT_FOUND);
  const collection = await db
    .selectFrom('collections')
    .selectAll()
    .where('id', '=', row.collection_id)
    .executeTakeFirstOrThrow();
  if (!isEditableKind(collection.kind)) throw appError(ErrorCode.NOT_FOUND);
  return { row, collection: collection as CollectionRow & { kind: EditableKind } };
}

/**
 * The input as it is stored: trimmed, labels de-duplicated, the body cleaned to the rich-text
 * allow-list (a `<script>` or `onerror=` is dropped, the rest kept), an empty slug made from the
 * title. Then the shared checks; any failure is 400 CONTENT_INVALID with `fieldErrors`.
 */
export function prepareItem(input: ItemInput, kind: EditableKind, now: number): ItemInput {
  const title = input.title.trim();
  const prepared: ItemInput = {
    ...input,
    title,
    slug: input.slug.trim() || slugify(title),
    body: input.body.trim() ? sanitizeRichText(input.body) : '',
    // Themes print excerpts as HTML, like the body: the same allow-list.
    excerpt: input.excerpt.trim() ? sanitizeRichText(input.excerpt.trim()) : '',
    tags: cleanLabels(input.tags),
    categories: cleanLabels(input.categories),
    author: input.author?.displayName.trim()
      ? { displayName: input.author.displayName.trim() }
      : null,
    publishOn: input.status === 'scheduled' ? input.publishOn : null,
    startDate: input.startDate,
    endDate: input.endDate,
    timeZone: input.timeZone?.trim() || null,
    assetIds: [...new Set(input.assetIds ?? [])],
  };
  const errors = validateItemInput(prepared, kind, now);
  if (Object.keys(errors).length) throw invalid(errors);
  if (!prepared.slug) prepared.slug = `item-${crypto.randomUUID().slice(0, 8)}`;
  return prepared;
}

/** A draft editor saves drafts and 'needs review' only; anything else takes 'publish'. */
export function assertMaySave(editor: Editor, status: ItemStatus): void {
  if (!DRAFT_STATUSES.includes(status) && !allows(editor.roles, 'publish')) {
    throw appError(
      ErrorCode.FORBIDDEN,
      'Your role can save drafts and send them for review, not publish.',
    );
  }
}

export function assertMayPublish(editor: Editor): void {
  if (!allows(editor.roles, 'publish')) throw appError(ErrorCode.FORBIDDEN);
}

/** When the item is (or goes) live: now when it is published now, its time when scheduled. */
function publishedOnFor(input: ItemInput, before: ItemRow | undefined, now: Date): Date {
  if (input.status === 'scheduled' && input.publishOn) return new Date(input.publishOn);
  if (input.status === 'published' && before?.status !== 'published') return now;
  return before ? new Date(before.published_on) : now;
}

function columnsOf(input: ItemInput, before: ItemRow | undefined, now: Date) {
  return {
    title: input.title,
    url_id: input.slug,
    body: input.body,
    excerpt: input.excerpt,
    tags: JSON.stringify(input.tags),
    categories: JSON.stringify(input.categories),
    author: input.author ? JSON.stringify(input.author) : null,
    main_image_id: input.mainImageId,
    asset_ids: JSON.stringify(input.assetIds ?? []),
    status: input.status,
    publish_on: input.publishOn ? new Date(input.publishOn) : null,
    published_on: publishedOnFor(input, before, now),
    start_date: input.startDate,
    end_date: input.endDate,
    time_zone: input.timeZone,
    location: input.location ? JSON.stringify(input.location) : null,
    comment_state: input.commentState,
    updated_on: now,
  };
}

async function slugUsed(db: Db, collectionId: string, slug: string, exceptId?: string) {
  let q = db
    .selectFrom('items')
    .select('id')
    .where('collection_id', '=', collectionId)
    .where('url_id', '=', slug);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Another save took the slug between our check and our write: the unique index says so. */
function uniqueViolation(err: unknown): Error | undefined {
  const e = err as { code?: unknown; message?: unknown; constraint?: unknown };
  const text = `${String(e?.constraint ?? '')} ${String(e?.message ?? '')}`;
  return e?.code === '23505' && text.includes('items_collection_url') ? slugTaken() : undefined;
}

async function loadDoc(deps: ItemDeps, db: Db, id: string, collection: CollectionRow) {
  const row = await db
    .selectFrom('items')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { row, doc: itemDocOf(row, collection, { secret: deps.secret, now: deps.now() }) };
}

/** POST /api/content/collections/:collectionId/items. */
export async function createItem(
  deps: ItemDeps,
  editor: Editor,
  collectionId: string,
  raw: ItemInput,
): Promise<ItemDoc> {
  const collection = await editableCollection(deps.db, editor.siteId, collectionId);
  const input = prepareItem(raw, collection.kind, deps.now());
  assertMaySave(editor, input.status);
  const id = crypto.randomUUID();
  const now = new Date(deps.now());
  try {
    const doc = await deps.db.transaction().execute(async (trx) => {
      if (await slugUsed(trx, collection.id, input.slug)) throw slugTaken();
      const top = await trx
        .selectFrom('items')
        .select((eb) => eb.fn.min('position').as('p'))
        .where('collection_id', '=', collection.id)
        .executeTakeFirst();
      await trx
        .insertInto('items')
        .values({
          id,
          site_id: editor.siteId,
          collection_id: collection.id,
          record_type: RECORD_TYPE[collection.kind],
          // New items go first in the owner's order (galleries show that order).
          position: top?.p === null || top?.p === undefined ? 0 : Number(top.p) - 1,
          data: JSON.stringify({}),
          ...columnsOf(input, undefined, now),
        })
        .execute();
      const saved = await loadDoc(deps, trx, id, collection);
      await recordVersion(trx, {
        siteId: editor.siteId,
        kind: 'items',
        targetId: id,
        doc: inputOf(saved.row),
        label: 'Saved',
        author: editor.author,
      });
      await auditPublish(trx, editor, input.title, input.status);
      await bumpContentVersion(trx, editor.siteId);
      return saved.doc;
    });
    deps.events.emit('content-changed', { siteId: editor.siteId });
    return doc;
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

/**
 * PUT /api/content/items/:id: saves over the item when `version` is still the stored one (else
 * 409 CONTENT_CONFLICT) and nobody else holds its edit lock (else 423 CONTENT_LOCKED), records a
 * version, and bumps the site's content version so every process shows it within a second.
 */
export async function updateItem(
  deps: ItemDeps,
  editor: Editor,
  id: string,
  version: number,
  raw: ItemInput,
  label = 'Saved',
): Promise<ItemDoc> {
  const { collection } = await findOwnedItem(deps.db, editor.siteId, id);
  const input = prepareItem(raw, collection.kind, deps.now());
  assertMaySave(editor, input.status);
  const now = new Date(deps.now());
  try {
    const doc = await deps.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('items')
        .selectAll()
        .where('site_id', '=', editor.siteId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw appError(ErrorCode.NOT_FOUND);
      await assertNotLockedByOther(trx, {
        siteId: editor.siteId,
        kind: 'items',
        targetId: id,
        ownerId: editor.author.ownerId,
      });
      if (before.version !== version) throw appError(ErrorCode.CONTENT_CONFLICT);
      if (await slugUsed(trx, collection.id, input.slug, id)) throw slugTaken();
      await trx
        .updateTable('items')
        .set({ ...columnsOf(input, before, now), version: before.version + 1 })
        .where('id', '=', id)
        .execute();
      const saved = await loadDoc(deps, trx, id, collection);
      await recordVersion(trx, {
        siteId: editor.siteId,
        kind: 'items',
        targetId: id,
        doc: inputOf(saved.row),
        label,
        author: editor.author,
      });
      await auditPublish(trx, editor, input.title, input.status, before.status);
      await bumpContentVersion(trx, editor.siteId);
      return saved.doc;
    });
    deps.events.emit('content-changed', { siteId: editor.siteId });
    return doc;
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

/** DELETE /api/content/items/:id: the item, its versions and its lock ('publish' only). */
export async function deleteItem(deps: ItemDeps, editor: Editor, id: string): Promise<void> {
  assertMayPublish(editor);
  await findOwnedItem(deps.db, editor.siteId, id);
  await deps.db.transaction().execute(async (trx) => {
    await assertNotLockedByOther(trx, {
      siteId: editor.siteId,
      kind: 'items',
      targetId: id,
      ownerId: editor.author.ownerId,
    });
    await trx
      .deleteFrom('items')
      .where('site_id', '=', editor.siteId)
      .where('id', '=', id)
      .execute();
    await deleteVersions(trx, 'items', id);
    await dropLocks(trx, 'items', id);
    await bumpContentVersion(trx, editor.siteId);
  });
  deps.events.emit('content-changed', { siteId: editor.siteId });
}

/** The document as of this moment for this editor (GET, and the editor after a restore). */
export async function readItem(deps: ItemDeps, siteId: string, id: string): Promise<ItemDoc> {
  const { row, collection } = await findOwnedItem(deps.db, siteId, id);
  return itemDocOf(row, collection, { secret: deps.secret, now: deps.now() });
}

/**
 * Version `n` made current: saved like an edit (same checks and role limits) over the current
 * version, labelled 'Restored from version n'. A scheduled time that has passed meanwhile is
 * refused by the checks like any save; the owner picks a new one.
 */
export async function restoreItem(
  deps: ItemDeps,
  editor: Editor,
  id: string,
  doc: unknown,
  n: number,
): Promise<ItemDoc> {
  assertMayPublish(editor);
  const { row } = await findOwnedItem(deps.db, editor.siteId, id);
  const input = { ...inputOf(row), ...(doc as Partial<ItemInput>) };
  return updateItem(deps, editor, id, row.version, input, `Restored from version ${n}`);
}
