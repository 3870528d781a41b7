import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { AuthTokenPurpose } from './tables.js';

/** How long each kind of mailed link works. */
export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  verify: 48 * 3600_000,
  reset: 3600_000,
  invite: 7 * 24 * 3600_000,
  // Customer sign-in (issue 14): a code or link is for the sign-in happening now.
  'customer-link': 15 * 60_000,
  'customer-code': 15 * 60_000,
};

export interface IssueTokenInput {
  purpose: AuthTokenPurpose;
  email: string;
  ownerId?: string | null;
  siteId?: string | null;
  role?: number | null;
  createdBy?: string | null;
  /** The token itself when the caller composes it (a customer's code: request id + digits). */
  token?: string;
}

export interface ConsumedToken {
  email: string;
  ownerId: string | null;
  siteId: string | null;
  role: number | null;
  createdBy: string | null;
}

const hash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * A new single-use token for a mailed link (issue 16). Only its hash is stored, so a database
 * read does not yield working links. Issuing a reset or verify link voids the earlier unused ones
 * of the same purpose and address: only the newest mail works. Pass a transaction to issue the
 * token with the caller's other writes.
 */
export async function issueToken(
  db: Db,
  input: IssueTokenInput,
  now = new Date(),
): Promise<string> {
  const token = input.token ?? randomBytes(32).toString('base64url');
  const email = input.email.trim().toLowerCase();
  const write = async (trx: Db) => {
    if (input.purpose !== 'invite') {
      await trx
        .updateTable('auth_tokens')
        .set({ used_at: now })
        .where('purpose', '=', input.purpose)
        .where('email', '=', email)
        .where('used_at', 'is', null)
        // Customers are per website: a sign-in on one site leaves another site's alone.
        .$if(input.purpose.startsWith('customer-'), (q) =>
          q.where('site_id', '=', input.siteId ?? ''),
        )
        .execute();
    }
    await trx
      .insertInto('auth_tokens')
      .values({
        id: hash(token),
        purpose: input.purpose,
        email,
        owner_id: input.ownerId ?? null,
        site_id: input.siteId ?? null,
        role: input.role ?? null,
        created_by: input.createdBy ?? null,
        expires_at: new Date(now.getTime() + TOKEN_TTL_MS[input.purpose]),
      })
      .execute();
  };
  // Inside the caller's transaction when given one (the account and its mail commit together).
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
  return token;
}

/**
 * Uses a token up: one UPDATE that only matches an unused, unexpired token of this purpose, so
 * two concurrent uses cannot both succeed. Undefined when unknown, used or expired (callers
 * answer `TOKEN_INVALID`). Pass the caller's transaction so the token is spent only if the rest
 * of the change commits.
 */
export async function consumeToken(
  db: Db,
  token: string,
  purpose: AuthTokenPurpose,
  now = new Date(),
): Promise<ConsumedToken | undefined> {
  if (!token || token.length > 200) return undefined;
  const row = await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('id', '=', hash(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['email', 'owner_id', 'site_id', 'role', 'created_by'])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    email: row.email,
    ownerId: row.owner_id,
    siteId: row.site_id,
    role: row.role,
    createdBy: row.created_by,
  };
}

/** Spent and expired tokens older than a day go (run by the owners' purge job). */
export async function purgeTokens(db: Db, now = new Date()): Promise<void> {
  await db
    .deleteFrom('auth_tokens')
    .where(sql<boolean>`coalesce(used_at, expires_at) < ${new Date(now.getTime() - 24 * 3600_000)}`)
    .execute();
}

/**
 * What an unused, unexpired token is for, without using it up (the invite page says which
 * website and role before the person joins). Undefined when unknown, used or expired.
 */
export async function peekToken(
  db: Db,
  token: string,
  purpose: AuthTokenPurpose,
  now = new Date(),
): Promise<ConsumedToken | undefined> {
  if (!token || token.length > 200) return undefined;
  const row = await db
    .selectFrom('auth_tokens')
    .select(['email', 'owner_id', 'site_id', 'role', 'created_by'])
    .where('id', '=', hash(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    email: row.email,
    ownerId: row.owner_id,
    siteId: row.site_id,
    role: row.role,
    createdBy: row.created_by,
  };
}
