import type { Generated } from 'kysely';

/** One address waiting for one variant to come back (unique per site, variant and address). */
export interface RestockSignupsTable {
  id: string;
  site_id: string;
  item_id: string;
  variant_id: string;
  /** Trimmed and lower-cased. */
  email: string;
  join_mailing_list: boolean;
  /** The visitor's language (translation widget) or the website's. */
  language: string;
  /** Scheme and host the visitor signed up on; links in the notice point there. */
  origin: string;
  created: Date;
  /** A send took this row (claim), not yet confirmed as mailed. */
  claimed_at: Date | null;
  /** The send that holds or last held the claim. */
  claimed_by: string | null;
  /** Mailed and confirmed: never mailed again (until the address signs up anew). */
  notified_at: Date | null;
}

/** One run of notices for one variant, with its progress. */
export interface RestockSendsTable {
  id: string;
  site_id: string;
  item_id: string;
  variant_id: string;
  /** 'running' | 'done' | 'failed' */
  status: string;
  total: number;
  sent: number;
  failed: number;
  /** Scheme and host for product links (the owner's request), or null to use each sign-up's. */
  base_url: string | null;
  /** 'owner' | 'auto' */
  trigger: string;
  started: Date;
  finished: Date | null;
  /** Updated with every batch; a running send whose heartbeat is stale is taken over. */
  heartbeat: Date;
  error: string | null;
}

/** Owner's per-product choice; without a row, the product's merchandising setting applies. */
export interface RestockSettingsTable {
  site_id: string;
  item_id: string;
  auto_notify: boolean;
  updated: Generated<Date>;
}

export interface RestockTables {
  restock_signups: RestockSignupsTable;
  restock_sends: RestockSendsTable;
  restock_settings: RestockSettingsTable;
}
