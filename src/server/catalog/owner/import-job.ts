import crypto from 'node:crypto';
import { sql } from 'kysely';
import { ErrorCode, OwnerMessages } from '../../../shared/errors.js';
import type { ImportStatus } from '../../../shared/product/owner-api.js';
import { firstPosition } from '../../content/product-items.js';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { appError } from '../../errors/app-error.js';
import type { JobContext } from '../../platform/jobs/job-queue.js';
import { bumpContentVersion, findSiteById } from '../../sites/site-queries.js';
import { planImport, type ImportEntry } from './csv-import.js';
import { announce, type OwnerDeps } from './save-product.js';
import { insertPreparedProducts, updatePreparedProducts, type Restocked } from './write-product.js';

export const IMPORT_QUEUE = 'product-import';
/** Products written per transaction: a few multi-row statements each. */
export const IMPORT_CHUNK = 250;
const MAX_ATTEMPTS = 3;

/**
 * POST …/import: plans the file (every check of the preview) and refuses it with its row errors
 * (400 DATASET_INVALID), or stores it and queues the job: 202 `{ importId }`.
 */
export async function startImport(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  site: { id: string; currency: string; language: string },
  csv: string,
): Promise<{ importId: string }> {
  const plan = await planImport(deps.db, site, csv);
  if (plan.errors.length) {
    throw appError(ErrorCode.DATASET_INVALID, plan.errors[0]!.message, {
      errors: plan.errors,
      warnings: plan.warnings,
    });
  }
  if (plan.entries.length === 0) {
    throw appError(ErrorCode.DATASET_INVALID, OwnerMessages.DATASET_NO_ROWS);
  }
  const importId = crypto.randomUUID();
  await deps.db
    .insertInto('product_imports')
    .values({ id: importId, site_id: site.id, csv, total: plan.entries.length })
    .execute();
  await deps.jobs.enqueue(IMPORT_QUEUE, { importId }, { key: `import:${importId}` });
  return { importId };
}

/** GET …/import/:id: progress as stored (any process answers). */
export async function importStatus(
  db: Db,
  siteId: string,
  importId: string,
): Promise<ImportStatus | undefined> {
  const row = await db
    .selectFrom('product_imports')
    .select(['id', 'state', 'total', 'processed', 'created', 'updated', 'errors'])
    .where('site_id', '=', siteId)
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    importId: row.id,
    state: row.state,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    errors: row.errors,
  };
}

/** Registers the import job on the durable queue (docs/jobs.md). */
export function defineImportJob(deps: AppDeps): void {
  const owner: OwnerDeps = { db: deps.db, events: deps.events, now: deps.now };
  deps.jobs.define<{ importId: string }>(IMPORT_QUEUE, {
    leaseMs: 5 * 60_000,
    maxAttempts: MAX_ATTEMPTS,
    run: async ({ importId }, ctx) => {
      try {
        await runImport(owner, importId, ctx);
      } catch (err) {
        if (ctx.attempt >= MAX_ATTEMPTS) await finish(deps.db, importId, 'failed', [failure(err)]);
        throw err;
      }
    },
  });
}

function failure(err: unknown): { row: number; message: string } {
  const message = err instanceof Error && 'code' in err ? err.message : 'The import stopped.';
  return { row: 0, message };
}

async function finish(
  db: Db,
  importId: string,
  state: 'done' | 'failed',
  errors: { row: number; message: string }[],
): Promise<void> {
  // The CSV is not kept once the import has ended.
  await db
    .updateTable('product_imports')
    .set({ state, errors: JSON.stringify(errors), csv: '', updated_at: new Date() })
    .where('id', '=', importId)
    .execute();
}

/**
 * Writes the planned products a chunk per transaction: new ones with multi-row inserts, updates
 * one by one, the progress row in the same transaction. A job that dies mid-way is retried (or
 * taken over by another process) and goes on after the last committed chunk (`last_row`).
 * Rows that turned invalid since the import started (another save took a SKU) are reported in
 * `errors` and the rest is written.
 */
async function runImport(deps: OwnerDeps, importId: string, ctx: JobContext): Promise<void> {
  const row = await deps.db
    .selectFrom('product_imports')
    .selectAll()
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!row || row.state === 'done' || row.state === 'failed') return;
  const site = await findSiteById(deps.db, row.site_id);
  if (!site) return;
  await deps.db
    .updateTable('product_imports')
    .set({ state: 'running', updated_at: new Date() })
    .where('id', '=', importId)
    .execute();
  const plan = await planImport(deps.db, site, row.csv);
  const todo = plan.entries.filter((e) => e.row > row.last_row);
  const creates = todo.filter((e) => !e.itemId).length;
  // New products keep the file's order, above the products already listed.
  let position = (await firstPosition(deps.db, plan.collectionId)) - creates;
  for (let i = 0; i < todo.length; i += IMPORT_CHUNK) {
    const chunk = todo.slice(i, i + IMPORT_CHUNK);
    const restocked = await writeChunk(deps, site, plan.collectionId, importId, chunk, position);
    position += chunk.filter((e) => !e.itemId).length;
    announce(deps.events, site.id, restocked);
    await ctx.extend();
  }
  // Fresh statistics, so the owner's list right after a big import is planned for its real size.
  await sql`analyze products, variants`.execute(deps.db);
  await finish(deps.db, importId, 'done', plan.errors);
}

async function writeChunk(
  deps: OwnerDeps,
  site: { id: string; language: string },
  collectionId: string,
  importId: string,
  chunk: ImportEntry[],
  position: number,
): Promise<Restocked[]> {
  const siteId = site.id;
  return deps.db.transaction().execute(async (trx) => {
    const now = new Date(deps.now());
    const creates = chunk.filter((e) => !e.itemId);
    await insertPreparedProducts(
      trx,
      site,
      collectionId,
      creates.map((e) => e.prepared),
      position,
      now,
    );
    const { restocked } = await updatePreparedProducts(
      trx,
      siteId,
      chunk.flatMap((e) =>
        e.itemId ? [{ itemId: e.itemId, version: undefined, prepared: e.prepared }] : [],
      ),
      now,
    );
    await bumpContentVersion(trx, siteId);
    await trx
      .updateTable('product_imports')
      .set({
        processed: sql<number>`processed + ${chunk.length}`,
        created: sql<number>`created + ${creates.length}`,
        updated: sql<number>`updated + ${chunk.length - creates.length}`,
        last_row: chunk[chunk.length - 1]!.row,
        updated_at: now,
      })
      .where('id', '=', importId)
      .execute();
    return restocked;
  });
}
