import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { InvalidGiftCardJson, OrderJson } from '../../shared/checkout/api.js';
import {
  codeLast4,
  maskCode,
  normalizeGiftCardCode,
  type GiftCardPurchaseRequest,
} from '../../shared/checkout/gift-cards.js';
import { Messages } from '../../shared/errors.js';
import { GiftCardReasons } from '../../shared/checkout/discount-reasons.js';
import { isGiftCard } from '../../shared/product/rules.js';
import type { Db } from '../db/database.js';
import type { Mailer, OutboxRow } from '../mail/mailer.js';
import type { GiftCardBalance, GiftCardResolver } from '../orders/adjustments.js';
import type { MailSite } from '../orders/order-mail.js';
import { giftCardCodeHash, newGiftCardCode } from './codes.js';
import {
  giftCardBuyerCopyMail,
  giftCardRecipientMail,
  type GiftCardMailInput,
} from './gift-card-mail.js';
import { dayStartIn } from './send-date.js';
import type { GiftCardsTable, GiftCardTransactionsTable } from './tables.js';

export interface GiftCardResolverDeps {
  db: Db;
  now: () => number;
  mailer: Pick<Mailer, 'outboxRows'>;
}

/** Why a code cannot pay, as shown beside the checkout's code field. */
export const GIFT_CARD_REASONS = {
  unknown: Messages.GIFT_CARD_INVALID,
  disabled: GiftCardReasons.DISABLED,
  empty: GiftCardReasons.EMPTY,
  currency: (currency: string) => GiftCardReasons.CURRENCY.replace('{currency}', currency),
} as const;

/**
 * The gift card domain as the orders service sees it (orders/adjustments.ts): balances of the
 * codes a shopper typed, and the cards an order buys. Only reads and row building here: taking a
 * balance happens in `place_order` under the card's row lock.
 */
export function giftCardResolver(deps: GiftCardResolverDeps): GiftCardResolver {
  return {
    resolve: (siteId, currency, codes) => resolveCodes(deps.db, siteId, currency, codes),
    issue: (input) => issueForOrder(deps, input),
  };
}

/**
 * Looks the codes up by hash (the code itself is never stored). Repeats of one card count once;
 * codes that cannot pay come back masked with their reason.
 */
export async function resolveCodes(
  db: Db,
  siteId: string,
  currency: string,
  codes: readonly string[],
): Promise<{ cards: GiftCardBalance[]; invalid: InvalidGiftCardJson[] }> {
  const typed = [...new Set(codes.map(normalizeGiftCardCode).filter(Boolean))].slice(0, 10);
  if (!typed.length) return { cards: [], invalid: [] };
  const hashes = typed.map(giftCardCodeHash);
  const rows = await db
    .selectFrom('gift_cards')
    .select(['id', 'code_hash', 'last4', 'currency', 'balance', 'status'])
    .where('site_id', '=', siteId)
    .where('code_hash', 'in', hashes)
    .execute();
  const byHash = new Map(rows.map((r) => [r.code_hash, r]));
  const cards: GiftCardBalance[] = [];
  const invalid: InvalidGiftCardJson[] = [];
  typed.forEach((code, i) => {
    const row = byHash.get(hashes[i]!);
    const reason = !row
      ? GIFT_CARD_REASONS.unknown
      : row.status !== 'active'
        ? GIFT_CARD_REASONS.disabled
        : row.currency !== currency
          ? GIFT_CARD_REASONS.currency(row.currency)
          : row.balance <= 0
            ? GIFT_CARD_REASONS.empty
            : null;
    if (reason || !row) invalid.push({ code: maskCode(code), reason: reason ?? '' });
    else cards.push({ giftCardId: row.id, last4: row.last4, balance: row.balance });
  });
  return { cards, invalid };
}

type Purchase = Omit<GiftCardPurchaseRequest, 'payment'>;

export interface NewGiftCard {
  code: string;
  row: Insertable<GiftCardsTable>;
  transaction: Insertable<GiftCardTransactionsTable>;
}

/** A card's row and its 'issued' transaction (the code returned once, never stored). */
export function newGiftCard(input: {
  siteId: string;
  amount: number;
  currency: string;
  source: 'order' | 'manual';
  orderId: string | null;
  recipientEmail: string;
  recipientName: string;
  senderName: string;
  message: string;
  sendOn: Date | null;
  now: Date;
  note: string;
}): NewGiftCard {
  const code = newGiftCardCode();
  const id = crypto.randomUUID();
  return {
    code,
    row: {
      id,
      site_id: input.siteId,
      code_hash: giftCardCodeHash(code),
      last4: codeLast4(code),
      currency: input.currency,
      initial_balance: input.amount,
      balance: input.amount,
      status: 'active',
      recipient_email: input.recipientEmail,
      recipient_name: input.recipientName,
      sender_name: input.senderName,
      message: input.message,
      order_id: input.orderId,
      source: input.source,
      send_on: input.sendOn,
      created: input.now,
      updated: input.now,
    },
    transaction: {
      gift_card_id: id,
      site_id: input.siteId,
      kind: 'issued',
      amount: input.amount,
      balance_after: input.amount,
      order_id: input.orderId,
      note: input.note,
      created: input.now,
    },
  };
}

/**
 * One card per unit of each gift-card line (its amount the line's unit price). Through the gift
 * card checkout the recipient's mail is due at the start of the send date in the website's time
 * zone, with a masked copy to the buyer at once; a gift card bought through the cart has no
 * recipient details, so its code goes to the buyer.
 */
function issueForOrder(
  deps: GiftCardResolverDeps,
  input: {
    site: MailSite & { id: string };
    order: OrderJson;
    origin: string;
    purchase: Purchase | undefined;
  },
): ReturnType<GiftCardResolver['issue']> {
  const { site, order, origin, purchase } = input;
  const now = new Date(deps.now());
  const sendAt = purchase?.sendOn ? dayStartIn(purchase.sendOn, site.timeZone) : null;
  const later = sendAt !== null && sendAt > now.getTime();
  const giftCards: Insertable<GiftCardsTable>[] = [];
  const transactions: Insertable<GiftCardTransactionsTable>[] = [];
  const mails: OutboxRow[] = [];
  for (const line of order.lines.filter((l) => isGiftCard(l.productType))) {
    for (let unit = 0; unit < line.quantity; unit++) {
      const card = newGiftCard({
        siteId: site.id,
        amount: line.unitPrice,
        currency: order.currency,
        source: 'order',
        orderId: order.id,
        recipientEmail: (purchase?.recipientEmail ?? order.email).trim(),
        recipientName: (purchase?.recipientName ?? '').trim(),
        senderName: (purchase?.senderName ?? '').trim(),
        message: (purchase?.message ?? '').trim(),
        sendOn: later ? new Date(sendAt) : null,
        now,
        note: `Bought with order #${order.orderNumber}: ${line.title}.`,
      });
      giftCards.push(card.row);
      transactions.push(card.transaction);
      const mail: GiftCardMailInput = {
        site,
        origin,
        code: card.code,
        amount: line.unitPrice,
        currency: order.currency,
        recipientEmail: card.row.recipient_email,
        recipientName: card.row.recipient_name ?? '',
        senderName: card.row.sender_name ?? '',
        message: card.row.message ?? '',
      };
      const [toRecipient] = deps.mailer.outboxRows([giftCardRecipientMail(mail)]);
      // Due on the send date: the outbox sender picks rows whose next_attempt_at has come.
      if (toRecipient && later) toRecipient.next_attempt_at = sendAt;
      if (toRecipient) mails.push(toRecipient);
      if (purchase) {
        const copy = giftCardBuyerCopyMail(mail, order.email, later ? purchase.sendOn! : null);
        mails.push(...deps.mailer.outboxRows([copy]));
      }
    }
  }
  return { giftCards, transactions, mails };
}
