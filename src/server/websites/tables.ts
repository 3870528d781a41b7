import type { Generated } from 'kysely';

/** A custom domain of a website (lower-case host, no port); the host is the primary key. */
export interface SiteDomainsTable {
  host: string;
  site_id: string;
  created_on: Generated<Date>;
}

/**
 * A single-use link that signs an owner in on another website's host (switching in /config):
 * only the sha256 of the token is stored; it works once, for a minute, on that website only.
 */
export interface WebsiteHandoffsTable {
  id: string;
  owner_id: string;
  site_id: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface WebsitesTables {
  site_domains: SiteDomainsTable;
  website_handoffs: WebsiteHandoffsTable;
}
