import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Site } from '../sites/site-queries.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import {
  normaliseRestockEmail,
  restockEmailError,
  variantTakesRestockSignUps,
} from '../../shared/restock/rules.js';
import type { RestockSignUpRequest } from '../../shared/restock/types.js';
import { isDraftProduct, loadRestockVariant } from './catalog-port.js';

export interface SignUpDeps {
  db: Db;
  now: () => number;
  /** The bot check; throws an AppError when the token is missing or wrong. */
  verifyBotCheck: (site: Site, token: string | undefined) => Promise<void>;
  /** Adds the address to these mailing lists of the website (the mail domain's helper). */
  joinList: (site: Site, email: string, listIds: string[]) => Promise<void>;
  /** The list whose unsubscribe link stops restock notices; every sign-up joins it. */
  restockListId: string;
  /** The website's default mailing list, joined when the visitor opts in. */
  defaultListId: string;
}

/**
 * Records one restock sign-up (SPEC 3.5, 5.4). Order: the address, then the variant, then the
 * bot check, so nothing is stored — and no bot-check token spent — for a request that would fail
 * anyway. One row per address and variant: a repeat is accepted without a second row, and an
 * address already notified is armed again (the variant sold out again since).
 */
export async function signUpForRestock(
  deps: SignUpDeps,
  site: Site,
  input: RestockSignUpRequest,
  origin: string,
): Promise<void> {
  const emailError = restockEmailError(input.siteVisitorEmail);
  if (emailError) {
    const code =
      emailError === Messages.EMAIL_BLANK ? ErrorCode.EMAIL_BLANK : ErrorCode.EMAIL_INVALID;
    throw appError(code, emailError, { field: 'siteVisitorEmail' });
  }
  const email = normaliseRestockEmail(input.siteVisitorEmail);

  const [variant, draft] = await Promise.all([
    loadRestockVariant(deps.db, site.id, {
      productId: input.productId,
      variantId: input.variantId,
    }),
    isDraftProduct(deps.db, site.id, input.productId),
  ]);
  // A draft is not for sale yet (shared/product/owner-api.ts): nothing to come back in stock.
  if (!variant || draft) {
    throw appError(ErrorCode.VARIANT_UNAVAILABLE);
  }
  if (!variantTakesRestockSignUps(variant.productType, variant)) {
    throw appError(ErrorCode.RESTOCK_IN_STOCK);
  }

  await deps.verifyBotCheck(site, input.captchaToken);

  const language = (input.translationLanguage || site.language || 'en-US').slice(0, 35);
  const now = new Date(deps.now());
  await deps.db
    .insertInto('restock_signups')
    .values({
      id: crypto.randomUUID(),
      site_id: site.id,
      item_id: variant.productId,
      variant_id: variant.variantId,
      email,
      join_mailing_list: input.isJoinMailingList,
      language,
      origin,
      created: now,
      claimed_at: null,
      claimed_by: null,
      notified_at: null,
    })
    .onConflict((oc) =>
      oc.constraint('restock_signups_site_variant_email').doUpdateSet({
        join_mailing_list: sql<boolean>`restock_signups.join_mailing_list OR excluded.join_mailing_list`,
        language: sql<string>`excluded.language`,
        origin: sql<string>`excluded.origin`,
        // Armed again only once the earlier notice went out; a pending row keeps its place.
        created: sql<Date>`CASE WHEN restock_signups.notified_at IS NULL
          THEN restock_signups.created ELSE excluded.created END`,
        claimed_at: sql<Date | null>`CASE WHEN restock_signups.notified_at IS NULL
          THEN restock_signups.claimed_at ELSE NULL END`,
        claimed_by: sql<string | null>`CASE WHEN restock_signups.notified_at IS NULL
          THEN restock_signups.claimed_by ELSE NULL END`,
        notified_at: null,
      }),
    )
    .execute();

  // After the sign-up row: a failure here leaves a sign-up without list membership, never
  // the reverse. Joining again re-subscribes someone who unsubscribed (they asked anew).
  await deps.joinList(
    site,
    email,
    input.isJoinMailingList ? [deps.restockListId, deps.defaultListId] : [deps.restockListId],
  );
}
