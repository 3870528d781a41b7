import type { Generated, JSONColumnType } from 'kysely';
import type { AddressInput } from '../../shared/checkout/api.js';

/**
 * A shopper's account on one website (issue 14, docs/customers.md). Passwordless: made on the
 * first sign-in with a mailed code or link, so the address is proven by the time a row exists.
 */
export interface CustomersTable {
  id: string;
  site_id: string;
  /** Lower-case; unique per website. */
  email: string;
  /** Shown on comments; '' until known (the default address's name fills it). */
  name: Generated<string>;
  /** The cart that follows the customer across devices (cart/ ids; null: none yet). */
  cart_id: string | null;
  created_at: Generated<Date>;
  last_sign_in_at: Date | null;
}

/** A signed-in browser: only the token's hash is stored (like owners' sessions). */
export interface CustomerSessionsTable {
  id: string;
  customer_id: string;
  site_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
}

/** A saved address; at most one default per customer (partial unique index). */
export interface CustomerAddressesTable {
  id: string;
  customer_id: string;
  site_id: string;
  address: JSONColumnType<AddressInput>;
  is_default: boolean;
  created_at: Generated<Date>;
}

export interface CustomersTables {
  customers: CustomersTable;
  customer_sessions: CustomerSessionsTable;
  customer_addresses: CustomerAddressesTable;
}
