import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { MIN_PASSWORD_LENGTH } from '../../shared/accounts/api.js';
import { consumeToken, issueToken } from './auth-tokens.js';
import { hashPassword } from './passwords.js';
import { accountExistsMail, passwordChangedMail, resetMail, verifyMail } from './account-mail.js';
import { ACCOUNT_PAGES } from '../../shared/accounts/api.js';
import { isMailableAddress } from '../../shared/forms/email.js';

/** What the account flows need: the database, the clock, the outbox and where links point. */
export interface AccountContext {
  db: Db;
  mailer: Mailer;
  now: () => number;
  site: { id: string; title: string };
  /** The website's origin for links in mail (`siteBaseUrl`). */
  origin: string;
}

/**
 * An account's address, trimmed and lower-cased; EMAIL_INVALID unless it is one address we can
 * mail (any top-level domain, as the mailer takes; none of the header specials).
 */
export function accountEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!isMailableAddress(email)) throw appError(ErrorCode.EMAIL_INVALID);
  return email;
}

/** The one password rule (shared by sign-up, reset and invite acceptance). */
export function checkPassword(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) throw appError(ErrorCode.PASSWORD_TOO_WEAK);
}

const link = (ctx: AccountContext, path: string, token?: string) =>
  `${ctx.origin}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

/**
 * Sign-up (issue 16). Answers the same for every address so the form cannot tell which have
 * accounts: a new address gets an unverified owner and a verification link; an unverified one
 * gets the new password and a new link (the earlier link stops working, so whoever signed up
 * first with someone else's address loses the account to the mailbox's owner); a verified one
 * gets an "you already have an account" mail and nothing changes. Account, token and mail
 * commit together.
 */
export async function signUp(
  ctx: AccountContext,
  input: { email: string; password: string },
): Promise<void> {
  checkPassword(input.password);
  const email = accountEmail(input.email);
  // argon2 is slow; hash before the transaction so no row is locked meanwhile.
  const hashed = await hashPassword(input.password);
  const now = new Date(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('owners')
      .select(['id', 'email_verified_at'])
      .where('email', '=', email)
      .forUpdate()
      .executeTakeFirst();
    if (existing?.email_verified_at) {
      await ctx.mailer.enqueue(trx, [
        accountExistsMail({
          siteId: ctx.site.id,
          siteTitle: ctx.site.title,
          to: email,
          signInUrl: link(ctx, ACCOUNT_PAGES.login),
          forgotUrl: link(ctx, ACCOUNT_PAGES.forgot),
        }),
      ]);
      return;
    }
    let ownerId = existing?.id;
    if (ownerId) {
      await trx
        .updateTable('owners')
        .set({ password_hash: hashed })
        .where('id', '=', ownerId)
        .execute();
    } else {
      // ON CONFLICT: two sign-ups for one new address at once; the second keeps the first's row
      // (its password is the first's; the newest link is the second's, which is what works).
      const inserted = await trx
        .insertInto('owners')
        .values({
          id: crypto.randomUUID(),
          email,
          display_name: email.split('@')[0] ?? email,
          password_hash: hashed,
          email_verified_at: null,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      ownerId =
        inserted?.id ??
        (
          await trx
            .selectFrom('owners')
            .select('id')
            .where('email', '=', email)
            .executeTakeFirstOrThrow()
        ).id;
    }
    const token = await issueToken(trx, { purpose: 'verify', email, ownerId }, now);
    await ctx.mailer.enqueue(trx, [
      verifyMail({
        siteId: ctx.site.id,
        siteTitle: ctx.site.title,
        to: email,
        url: link(ctx, ACCOUNT_PAGES.verify, token),
      }),
    ]);
  });
  ctx.mailer.kick();
}

/** A new verification link for an unverified account; silently nothing for any other address. */
export async function resendVerification(ctx: AccountContext, rawEmail: string): Promise<void> {
  const email = accountEmail(rawEmail);
  const now = new Date(ctx.now());
  let sent = false;
  await ctx.db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('owners')
      .select(['id', 'email_verified_at'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (!owner || owner.email_verified_at) return;
    const token = await issueToken(trx, { purpose: 'verify', email, ownerId: owner.id }, now);
    await ctx.mailer.enqueue(trx, [
      verifyMail({
        siteId: ctx.site.id,
        siteTitle: ctx.site.title,
        to: email,
        url: link(ctx, ACCOUNT_PAGES.verify, token),
      }),
    ]);
    sent = true;
  });
  if (sent) ctx.mailer.kick();
}

/**
 * Uses a verification link: the account's address is verified. Returns the owner to sign in,
 * unless the account has two-step sign-in on (then the link only verifies: a mailbox alone must
 * not get past the second step). TOKEN_INVALID for unknown, used or expired links.
 */
export async function verifyEmail(
  db: Db,
  token: string,
  nowMs: number,
): Promise<{ ownerId: string; signIn: boolean }> {
  const now = new Date(nowMs);
  return db.transaction().execute(async (trx) => {
    const used = await consumeToken(trx, token, 'verify', now);
    if (!used?.ownerId) throw appError(ErrorCode.TOKEN_INVALID);
    const owner = await trx
      .updateTable('owners')
      .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, ${now})` })
      .where('id', '=', used.ownerId)
      // The link was mailed to this address: an address changed since does not get verified.
      .where('email', '=', used.email)
      .returning(['id', 'totp_enabled_at'])
      .executeTakeFirst();
    if (!owner) throw appError(ErrorCode.TOKEN_INVALID);
    return { ownerId: owner.id, signIn: owner.totp_enabled_at === null };
  });
}

/**
 * "Forgot password?": mails a single-use link when the address has an account, nothing
 * otherwise; the caller answers 202 either way, so the form tells nobody which addresses exist.
 */
export async function requestPasswordReset(ctx: AccountContext, rawEmail: string): Promise<void> {
  const email = accountEmail(rawEmail);
  const now = new Date(ctx.now());
  let sent = false;
  await ctx.db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('owners')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (!owner) return;
    const token = await issueToken(trx, { purpose: 'reset', email, ownerId: owner.id }, now);
    await ctx.mailer.enqueue(trx, [
      resetMail({
        siteId: ctx.site.id,
        siteTitle: ctx.site.title,
        to: email,
        url: link(ctx, ACCOUNT_PAGES.reset, token),
      }),
    ]);
    sent = true;
  });
  if (sent) ctx.mailer.kick();
}

/**
 * Uses a reset link: the new password is set, the address counts as verified (the link proved
 * the mailbox), every session of the owner but `keepSessionId` ends, and the owner is told by
 * mail. Does not sign in: two-step sign-in must not be skipped by a mailbox.
 */
export async function confirmPasswordReset(
  ctx: AccountContext,
  input: { token: string; password: string; keepSessionId?: string | undefined },
): Promise<{ ownerId: string }> {
  checkPassword(input.password);
  const hashed = await hashPassword(input.password);
  const now = new Date(ctx.now());
  const ownerId = await ctx.db.transaction().execute(async (trx) => {
    const used = await consumeToken(trx, input.token, 'reset', now);
    if (!used?.ownerId) throw appError(ErrorCode.TOKEN_INVALID);
    const owner = await trx
      .updateTable('owners')
      .set({
        password_hash: hashed,
        email_verified_at: sql<Date>`coalesce(email_verified_at, ${now})`,
      })
      .where('id', '=', used.ownerId)
      .where('email', '=', used.email)
      .returning('id')
      .executeTakeFirst();
    if (!owner) throw appError(ErrorCode.TOKEN_INVALID);
    let ending = trx.deleteFrom('sessions').where('owner_id', '=', owner.id);
    if (input.keepSessionId) ending = ending.where('id', '<>', input.keepSessionId);
    await ending.execute();
    await ctx.mailer.enqueue(trx, [
      passwordChangedMail({
        siteId: ctx.site.id,
        siteTitle: ctx.site.title,
        to: used.email,
        forgotUrl: link(ctx, ACCOUNT_PAGES.forgot),
      }),
    ]);
    return owner.id;
  });
  ctx.mailer.kick();
  return { ownerId };
}
