import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { Role } from '../../shared/enums.js';
import { hashPassword, verifyPassword } from './passwords.js';

// Verifying against a real hash when the email is unknown keeps response times equal, so the
// sign-in form does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined;

/**
 * `verified`: false for self sign-up (issue 16: the mailed link verifies it); accounts made by the
 * seed, the tests or an accepted invite (the invite mail proved the address) are verified.
 */
export async function createOwner(
  db: Db,
  input: { email: string; password: string; displayName: string; verified?: boolean },
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('owners')
    .values({
      id,
      email: input.email.trim().toLowerCase(),
      display_name: input.displayName,
      password_hash: await hashPassword(input.password),
      email_verified_at: input.verified === false ? null : new Date(),
    })
    .execute();
  return id;
}

/** `hashed`: the password's hash when the caller started hashing it earlier (argon2 takes a while). */
export async function setOwnerPassword(
  db: Db,
  ownerId: string,
  password: string,
  hashed: Promise<string> = hashPassword(password),
): Promise<void> {
  await db
    .updateTable('owners')
    .set({ password_hash: await hashed })
    .where('id', '=', ownerId)
    .execute();
}

export async function grantRole(
  db: Db,
  siteId: string,
  ownerId: string,
  role: number,
): Promise<void> {
  await db
    .insertInto('site_roles')
    .values({ site_id: siteId, owner_id: ownerId, role })
    .onConflict((oc) => oc.columns(['site_id', 'owner_id']).doUpdateSet({ role }))
    .execute();
}

/**
 * Returns the owner id for correct credentials; throws INVALID_CREDENTIALS otherwise. The password
 * only: signing someone in goes through `signInOwner` (sign-in-service.ts), which also asks for
 * the two-step code and refuses unverified addresses.
 */
export async function authenticate(db: Db, email: string, password: string): Promise<string> {
  const row = await db
    .selectFrom('owners')
    .select(['id', 'password_hash'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
    await verifyPassword(await dummyHash, password);
    throw appError(ErrorCode.INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(row.password_hash, password)))
    throw appError(ErrorCode.INVALID_CREDENTIALS);
  return row.id;
}

/**
 * The owner's roles on the website. SPEC 3.10's 'none' (14) is a role row that grants nothing, so
 * it is left out here, for every caller: an owner holding only it has no role at all (no owner
 * APIs, no template errors, no roles hint cookie).
 */
export async function rolesOf(db: Db, ownerId: string, siteId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('site_roles')
    .select('role')
    .where('owner_id', '=', ownerId)
    .where('site_id', '=', siteId)
    .where('role', '<>', Role.NONE)
    .execute();
  return rows.map((r) => r.role);
}

/**
 * Addresses of every owner with a role on the website (forms mail each of them); SPEC 3.10's
 * 'none' is not a role here: it grants nothing, submissions included.
 */
export async function ownerEmailsOfSite(db: Db, siteId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('site_roles')
    .innerJoin('owners', 'owners.id', 'site_roles.owner_id')
    .select('owners.email')
    .where('site_roles.site_id', '=', siteId)
    .where('site_roles.role', '<>', Role.NONE)
    .orderBy('owners.email')
    .execute();
  return [...new Set(rows.map((r) => r.email))];
}
