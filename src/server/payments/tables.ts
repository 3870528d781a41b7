/**
 * The `test` provider's ledger: what a card processor would keep, kept in our database so the
 * offline provider behaves like a real one across processes (an idempotency key answered twice
 * gives the first payment; captures and refunds never exceed what was held).
 */
export interface TestPaymentsTable {
  reference: string;
  idempotency_key: string;
  site_id: string;
  amount: number;
  currency: string;
  /** authorized | captured | voided */
  status: string;
  refunded: number;
  created: Date;
}

export interface PaymentsTables {
  test_payments: TestPaymentsTable;
}
