import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export type ColumnType = 'text' | 'float8' | 'int8' | 'int4' | 'bool' | 'jsonb';

/**
 * One multi-row INSERT as `INSERT … SELECT * FROM unnest($1::text[], $2::float8[], …)`: one bound
 * array per column instead of one parameter per value, so a batch of thousands of rows is a
 * single short statement (no 65535-parameter limit, little parsing). Works on PostgreSQL and PGlite.
 */
export async function insertColumns(
  db: Db,
  table: string,
  columns: readonly (readonly [name: string, type: ColumnType])[],
  values: readonly unknown[][],
): Promise<void> {
  if (values.length === 0 || values[0]!.length === 0) return;
  const names = sql.join(columns.map(([name]) => sql.id(name)));
  const arrays = sql.join(columns.map(([, type], i) => sql`${values[i]}::${sql.raw(type)}[]`));
  await sql`insert into ${sql.id(table)} (${names}) select * from unnest(${arrays})`.execute(db);
}
