import type { Generated } from 'kysely';
import type { GiftCardStatus, GiftCardTransactionJson } from '../../shared/checkout/gift-cards.js';

/**
 * A gift card (issue 15). Only the code's hash is kept (`code_hash`, sha256 of the normalized
 * code) and its last 4 for the owner's list: the full code exists in the mails alone. The
 * balance never goes below 0 (CHECK); `place_order` takes it under the row's lock.
 */
export interface GiftCardsTable {
  id: string;
  site_id: string;
  code_hash: string;
  last4: string;
  currency: string;
  initial_balance: number;
  balance: number;
  status: GiftCardStatus;
  recipient_email: string;
  recipient_name: string;
  sender_name: string;
  message: string;
  /** The order that bought it; null when the owner issued it. */
  order_id: string | null;
  source: 'order' | 'manual';
  /** When the recipient's mail is due (start of the send date); null: at once. */
  send_on: Date | null;
  created: Date;
  updated: Date;
}

/** Every change of a card's balance or state, in order. */
export interface GiftCardTransactionsTable {
  id: Generated<number>;
  gift_card_id: string;
  site_id: string;
  kind: GiftCardTransactionJson['kind'];
  amount: number;
  balance_after: number;
  order_id: string | null;
  note: string;
  created: Date;
}

export interface GiftCardsTables {
  gift_cards: GiftCardsTable;
  gift_card_transactions: GiftCardTransactionsTable;
}
