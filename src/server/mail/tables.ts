import type { Generated, JSONColumnType } from 'kysely';

/**
 * Every mail the platform sends or would send. `queued` rows wait for the background sender;
 * `held` rows were never meant for SMTP (no SMTP_URL): the owner reads them in the outbox.
 */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'held';

export interface OutboxTable {
  id: Generated<number>;
  site_id: string;
  /** What sent it: 'form-owner', 'newsletter-welcome', 'restock', … */
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** Extra headers (already checked: no CR/LF). */
  headers: JSONColumnType<Record<string, string>>;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  /** Epoch milliseconds. */
  created_at: number;
  next_attempt_at: number;
  sent_at: number | null;
}

/** Members of a site's mailing lists (`mailing_lists.id`; joining creates a missing list). */
export interface MailingListMembersTable {
  site_id: string;
  list_id: string;
  /** Lower-cased address. */
  email: string;
  unsubscribe_token: string;
  created_at: number;
  unsubscribed_at: number | null;
}

/** A named mailing list of a website (newsletter forms connect to one). */
export interface MailingListsTable {
  site_id: string;
  id: string;
  name: string;
  /** Epoch milliseconds. */
  created_at: number;
}

export interface MailTables {
  mailing_lists: MailingListsTable;
  outbox: OutboxTable;
  mailing_list_members: MailingListMembersTable;
}
