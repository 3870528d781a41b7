import { describe } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { openTestDatabase } from './backends.js';

/** Why a multi-process suite did not run (printed once per suite). */
export const NO_POSTGRES =
  'skipped: several processes need PostgreSQL; set DATABASE_URL (CI does) to run it';

/**
 * A suite about several processes sharing one database: PostgreSQL only. Without DATABASE_URL it
 * is reported as skipped, with the reason in its name.
 */
export function describeOnPostgres(name: string, body: () => void): void {
  if (process.env.DATABASE_URL) describe(`${name} [postgres]`, body);
  else describe.skip(`${name} (${NO_POSTGRES})`, body);
}

/**
 * Two handles on one fresh, migrated PostgreSQL schema, as two processes have: separate pools,
 * the same rows. Closing `first` drops the schema, so close `second` before it.
 */
export async function openSharedSchema(): Promise<{
  first: DatabaseHandle;
  second: DatabaseHandle;
}> {
  const first = await openTestDatabase('postgres');
  const second = await openDatabase({
    databaseUrl: first.connection!.url,
    schema: first.connection!.schema,
    poolSize: 10,
  });
  return { first, second };
}
