import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { consumeToken, issueToken, peekToken } from '../owners/auth-tokens.js';
import { accountEmail } from '../owners/account-service.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { CUSTOMER_PAGES, normalizeCode } from '../../shared/customers/api.js';
import { signInMail } from './customer-mail.js';

/** What the sign-in flows need: the database, the clock, the outbox and where links point. */
export interface SignInContext {
  db: Db;
  mailer: Mailer;
  now: () => number;
  site: { id: string; title: string; language: string };
  /** The website's origin for the mailed link (`siteBaseUrl`). */
  origin: string;
}

/**
 * Starts a sign-in (issue 14): mails a 6-digit code and a one-click link, both single-use for 15
 * minutes, through the outbox in one transaction. The answer is the same for every valid
 * address (the customer is made on the first sign-in, not here), so the form tells nobody which
 * addresses have accounts. The code's token is `{request}.{digits}`: `request` is a random id
 * the code page carries in a hidden field, so a code alone (10^6 values) is no key, nothing
 * stored reveals a code, and a new request voids the previous code and link of the address.
 */
export async function requestSignIn(
  ctx: SignInContext,
  rawEmail: string,
): Promise<{ email: string; request: string }> {
  const email = accountEmail(rawEmail);
  const request = crypto.randomBytes(16).toString('base64url');
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    await issueToken(
      trx,
      { purpose: 'customer-code', email, siteId: ctx.site.id, token: `${request}.${code}` },
      now,
    );
    const link = await issueToken(
      trx,
      { purpose: 'customer-link', email, siteId: ctx.site.id },
      now,
    );
    await ctx.mailer.enqueue(trx, [
      signInMail({
        site: ctx.site,
        to: email,
        code,
        url: `${ctx.origin}${CUSTOMER_PAGES.link}?token=${encodeURIComponent(link)}`,
      }),
    ]);
  });
  return { email, request };
}

export interface CustomerRow {
  id: string;
  email: string;
  name: string;
  cartId: string | null;
}

/** The typed code: signs in the customer of the address (made now on a first sign-in). */
export async function verifyCode(
  db: Db,
  siteId: string,
  input: { request: string; code: string },
  now: Date,
): Promise<CustomerRow> {
  const code = normalizeCode(input.code);
  if (!code || !input.request || input.request.length > 100)
    throw appError(ErrorCode.CUSTOMER_CODE_INVALID);
  return db.transaction().execute(async (trx) => {
    const used = await consumeToken(trx, `${input.request}.${code}`, 'customer-code', now);
    if (!used || used.siteId !== siteId) throw appError(ErrorCode.CUSTOMER_CODE_INVALID);
    return signedIn(trx, siteId, used.email, now);
  });
}

/** The mailed link's token (posted from its page): the same as the code. */
export async function verifyLink(
  db: Db,
  siteId: string,
  token: string,
  now: Date,
): Promise<CustomerRow> {
  // Looked at first, so another website's link is not spent by being posted here.
  const seen = await peekToken(db, token, 'customer-link', now);
  if (!seen || seen.siteId !== siteId) throw appError(ErrorCode.CUSTOMER_LINK_INVALID);
  return db.transaction().execute(async (trx) => {
    const used = await consumeToken(trx, token, 'customer-link', now);
    if (!used || used.siteId !== siteId) throw appError(ErrorCode.CUSTOMER_LINK_INVALID);
    return signedIn(trx, siteId, used.email, now);
  });
}

/** The customer of a proven address, made on first sign-in; the sign-in's other token is voided. */
async function signedIn(trx: Db, siteId: string, email: string, now: Date): Promise<CustomerRow> {
  await trx
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('purpose', 'in', ['customer-code', 'customer-link'])
    .where('email', '=', email)
    .where('site_id', '=', siteId)
    .where('used_at', 'is', null)
    .execute();
  const row = await trx
    .insertInto('customers')
    .values({
      id: crypto.randomUUID(),
      site_id: siteId,
      email,
      last_sign_in_at: now,
      cart_id: null,
    })
    .onConflict((oc) => oc.columns(['site_id', 'email']).doUpdateSet({ last_sign_in_at: now }))
    .returning(['id', 'email', 'name', 'cart_id'])
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email, name: row.name, cartId: row.cart_id };
}

/** Remembers the cart that follows the customer (a new cart after the last was purchased). */
export async function setCustomerCart(db: Db, customerId: string, cartId: string): Promise<void> {
  await db.updateTable('customers').set({ cart_id: cartId }).where('id', '=', customerId).execute();
}

/**
 * Sign-in merges carts (issue 14): the browser's anonymous cart joins the customer's saved one
 * (same variant and answers: quantities add, up to 9999; other lines move over; a discount code
 * comes along when the saved cart has none). Without a saved open cart, the browser's cart
 * becomes the customer's. Answers the cart id the browser should hold now, if any. Stock is
 * checked again at checkout, as for any cart.
 */
export async function mergeCartOnSignIn(
  db: Db,
  siteId: string,
  customer: CustomerRow,
  browserCartId: string | undefined,
  now: Date,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const ids = [customer.cartId, browserCartId].filter((x): x is string => Boolean(x));
    const open = ids.length
      ? await trx
          .selectFrom('carts')
          .select(['id', 'coupon_code'])
          .where('site_id', '=', siteId)
          .where('id', 'in', ids)
          .where('is_purchased', '=', false)
          .orderBy('id')
          .forUpdate()
          .execute()
      : [];
    const saved = open.find((c) => c.id === customer.cartId);
    const browser = open.find((c) => c.id === browserCartId);
    const keep = saved ?? browser;
    if (!keep) return undefined;
    if (saved && browser && saved.id !== browser.id) {
      await sql`
        UPDATE cart_entries s
           SET quantity = least(9999, s.quantity + b.quantity), updated = ${now}
          FROM cart_entries b
         WHERE s.cart_id = ${saved.id} AND b.cart_id = ${browser.id}
           AND s.variant_id = b.variant_id AND s.additional_fields_key = b.additional_fields_key`.execute(
        trx,
      );
      await sql`
        DELETE FROM cart_entries b
         USING cart_entries s
         WHERE b.cart_id = ${browser.id} AND s.cart_id = ${saved.id}
           AND s.variant_id = b.variant_id AND s.additional_fields_key = b.additional_fields_key`.execute(
        trx,
      );
      await trx
        .updateTable('cart_entries')
        .set({ cart_id: saved.id, updated: now })
        .where('cart_id', '=', browser.id)
        .execute();
      await trx
        .updateTable('carts')
        .set({
          updated: now,
          ...(saved.coupon_code ? {} : { coupon_code: browser.coupon_code }),
        })
        .where('id', '=', saved.id)
        .execute();
    }
    if (keep.id !== customer.cartId) await setCustomerCart(trx, customer.id, keep.id);
    return keep.id;
  });
}
