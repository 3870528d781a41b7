import type { Generated } from 'kysely';

export interface OwnersTable {
  id: string;
  email: string;
  display_name: string;
  password_hash: string;
  created_at: Generated<Date>;
}

/** An owner's role on one website (SPEC 3.10 numbers). */
export interface SiteRolesTable {
  site_id: string;
  owner_id: string;
  role: number;
}

export interface SessionsTable {
  /** sha256 of the session token; the token itself lives only in the visitor's cookie. */
  id: string;
  owner_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface OwnersTables {
  owners: OwnersTable;
  site_roles: SiteRolesTable;
  sessions: SessionsTable;
}
