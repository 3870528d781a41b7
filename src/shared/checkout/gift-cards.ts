/**
 * Gift cards (issue 15): the shapes of the purchase page, the owner API and the checkout, and the
 * code's form. A code is at least 16 characters from an alphabet without look-alikes, shown in
 * groups of 4 for reading; only its hash and last 4 are stored.
 */

/** POST /api/commerce/gift-card-orders body: the gift card checkout (/checkout/giftcard). */
export interface GiftCardPurchaseRequest {
  giftCardProductId: string;
  /** The denomination's variant. */
  sku: string;
  /** The buyer. */
  email: string;
  senderName?: string;
  recipientName: string;
  recipientEmail: string;
  message?: string;
  /** YYYY-MM-DD in the website's time zone; today or later; absent: today. */
  sendOn?: string;
  payment: import('./api.js').PaymentInput;
}

/** POST /api/commerce/gift-cards body (owner: issue a card by hand). */
export interface GiftCardIssueRequest {
  /** Minor units. */
  amount: number;
  currency?: string;
  recipientEmail?: string;
  recipientName?: string;
  message?: string;
}

export type GiftCardStatus = 'active' | 'disabled';

export interface GiftCardTransactionJson {
  at: number;
  kind: 'issued' | 'redeemed' | 'refunded' | 'disabled' | 'enabled' | 'adjusted';
  /** Signed: issued and refunded add, redeemed takes off. */
  amount: number;
  balanceAfter: number;
  orderId: string | null;
  orderNumber: number | null;
  note: string;
}

export interface GiftCardJson {
  id: string;
  /** Masked: '•••• •••• •••• AB12'. */
  maskedCode: string;
  last4: string;
  currency: string;
  initialBalance: number;
  balance: number;
  status: GiftCardStatus;
  recipientEmail: string;
  recipientName: string;
  source: 'order' | 'manual';
  orderId: string | null;
  /** When the recipient's mail goes (epoch ms of the send date's start); null: at once. */
  sendOn: number | null;
  created: number;
  transactions: GiftCardTransactionJson[];
}

/** 201 of POST /api/commerce/gift-cards: the only answer that carries the full code. */
export interface GiftCardIssueResponse {
  id: string;
  code: string;
  balance: number;
  giftCard: GiftCardJson;
}

export interface GiftCardListResponse {
  giftCards: GiftCardJson[];
}
