import type { Selectable } from 'kysely';
import {
  giftCardIssueErrors,
  maskCode,
  type GiftCardIssueRequest,
  type GiftCardIssueResponse,
  type GiftCardJson,
  type GiftCardTransactionJson,
} from '../../shared/checkout/gift-cards.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import type { Mailer } from '../mail/mailer.js';
import type { MailSite } from '../orders/order-mail.js';
import { giftCardRecipientMail } from './gift-card-mail.js';
import { newGiftCard } from './resolver.js';
import type { GiftCardsTable } from './tables.js';

type CardRow = Selectable<GiftCardsTable>;

export interface GiftCardServiceDeps {
  db: Db;
  now: () => number;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
}

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

function cardJson(row: CardRow, transactions: GiftCardTransactionJson[]): GiftCardJson {
  return {
    id: row.id,
    maskedCode: maskCode(row.last4),
    last4: row.last4,
    currency: row.currency,
    initialBalance: row.initial_balance,
    balance: row.balance,
    status: row.status,
    recipientEmail: row.recipient_email,
    recipientName: row.recipient_name,
    source: row.source,
    orderId: row.order_id,
    sendOn: ms(row.send_on),
    created: ms(row.created) ?? 0,
    transactions,
  };
}

/** Every change of the card, oldest first, with the order numbers they belong to. */
async function transactionsOf(db: Db, cardId: string): Promise<GiftCardTransactionJson[]> {
  const rows = await db
    .selectFrom('gift_card_transactions as t')
    .leftJoin('orders as o', 'o.id', 't.order_id')
    .select([
      't.created',
      't.kind',
      't.amount',
      't.balance_after',
      't.order_id',
      't.note',
      'o.order_number',
    ])
    .where('t.gift_card_id', '=', cardId)
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({
    at: ms(r.created) ?? 0,
    kind: r.kind,
    amount: r.amount,
    balanceAfter: r.balance_after,
    orderId: r.order_id,
    orderNumber: r.order_number === null ? null : Number(r.order_number),
    note: r.note,
  }));
}

/** GET /api/commerce/gift-cards: newest first, codes masked (history only on the detail). */
export async function listGiftCards(db: Db, siteId: string, limit = 200): Promise<GiftCardJson[]> {
  const rows = await db
    .selectFrom('gift_cards')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('created', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => cardJson(r, []));
}

export async function getGiftCard(db: Db, siteId: string, id: string): Promise<GiftCardJson> {
  const row = await db
    .selectFrom('gift_cards')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.NOT_FOUND);
  return cardJson(row, await transactionsOf(db, id));
}

/**
 * The owner issues a card by hand: the answer is the only place its full code is shown; the
 * recipient is mailed (with the card's row, in one transaction) when an email is given.
 */
export async function issueGiftCard(
  deps: GiftCardServiceDeps,
  site: MailSite & { currency: string },
  origin: string,
  req: GiftCardIssueRequest,
): Promise<GiftCardIssueResponse> {
  const fieldErrors = giftCardIssueErrors(req);
  if (Object.keys(fieldErrors).length) {
    throw appError(ErrorCode.GIFT_CARD_FIELDS_INVALID, Messages.GIFT_CARD_FIELDS_INVALID, {
      fieldErrors,
    });
  }
  const card = newGiftCard({
    siteId: site.id,
    amount: req.amount,
    currency: req.currency ?? site.currency,
    source: 'manual',
    orderId: null,
    recipientEmail: (req.recipientEmail ?? '').trim(),
    recipientName: (req.recipientName ?? '').trim(),
    senderName: '',
    message: (req.message ?? '').trim(),
    sendOn: null,
    now: new Date(deps.now()),
    note: 'Issued by the owner.',
  });
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('gift_cards').values(card.row).execute();
    await trx.insertInto('gift_card_transactions').values(card.transaction).execute();
    if (card.row.recipient_email) {
      await deps.mailer.enqueue(trx, [
        giftCardRecipientMail({
          site,
          origin,
          code: card.code,
          amount: req.amount,
          currency: card.row.currency,
          recipientEmail: card.row.recipient_email,
          recipientName: card.row.recipient_name ?? '',
          senderName: site.title,
          message: card.row.message ?? '',
        }),
      ]);
    }
  });
  deps.mailer.kick();
  const giftCard = await getGiftCard(deps.db, site.id, card.row.id);
  return { id: giftCard.id, code: card.code, balance: giftCard.balance, giftCard };
}

/**
 * Disables or enables a card; the change is a transaction of its history. A repeat changes
 * nothing. Disabling stops new orders (resolve refuses it, and `place_order` checks the status
 * under the row's lock); orders already placed keep what they took.
 */
export async function setGiftCardStatus(
  deps: Pick<GiftCardServiceDeps, 'db' | 'now'>,
  siteId: string,
  id: string,
  status: 'active' | 'disabled',
): Promise<GiftCardJson> {
  const now = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('gift_cards')
      .set({ status, updated: now })
      .where('site_id', '=', siteId)
      .where('id', '=', id)
      .where('status', '<>', status)
      .returning('balance')
      .executeTakeFirst();
    if (!moved) return;
    await trx
      .insertInto('gift_card_transactions')
      .values({
        gift_card_id: id,
        site_id: siteId,
        kind: status === 'active' ? 'enabled' : 'disabled',
        amount: 0,
        balance_after: moved.balance,
        order_id: null,
        note: status === 'active' ? 'Enabled by the owner.' : 'Disabled by the owner.',
        created: now,
      })
      .execute();
  });
  return getGiftCard(deps.db, siteId, id);
}
