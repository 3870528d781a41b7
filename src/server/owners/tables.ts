import type { Generated, JSONColumnType } from 'kysely';

export interface OwnersTable {
  id: string;
  email: string;
  display_name: string;
  password_hash: string;
  created_at: Generated<Date>;
  /** Issue 16: null until the mailed link is opened; sign-in refuses unverified accounts. */
  email_verified_at: Generated<Date | null>;
  /** Base32 TOTP secret (RFC 6238); set while enrolling, live once `totp_enabled_at` is set. */
  totp_secret: Generated<string | null>;
  totp_enabled_at: Generated<Date | null>;
  /** sha256 of each unused recovery code; one is removed when used. */
  recovery_code_hashes: JSONColumnType<string[], string | undefined, string>;
  /** The last accepted TOTP time step: a code is good once (no replay within its window). */
  last_totp_step: Generated<string | number | null>;
}

/** What a mailed single-use token is for (`auth-tokens.ts`). */
/** Customer sign-in (issue 14, customers/): the mailed link and the 6-digit code. */
export type AuthTokenPurpose = 'verify' | 'reset' | 'invite' | 'customer-link' | 'customer-code';

export interface AuthTokensTable {
  /** sha256 of the token; the token itself is only in the mailed link. */
  id: string;
  purpose: AuthTokenPurpose;
  /** Lower-case address the link was mailed to. */
  email: string;
  owner_id: string | null;
  /** Invites: the website and SPEC 3.10 role the person joins with. */
  site_id: string | null;
  role: number | null;
  created_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
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
  auth_tokens: AuthTokensTable;
}
