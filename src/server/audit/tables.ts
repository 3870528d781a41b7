import type { Generated, JSONColumnType } from 'kysely';
import type { AuditAction } from '../../shared/team/audit.js';

/** One change on a website (issue 16): append-only. */
export interface AuditLogTable {
  id: string;
  site_id: string;
  owner_id: string | null;
  /** The actor's email when it happened, kept after they leave the team. */
  actor_email: string | null;
  action: AuditAction;
  target: string;
  details: JSONColumnType<Record<string, unknown>>;
  created_at: Generated<Date>;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
