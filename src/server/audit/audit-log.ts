import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../../shared/team/audit.js';
import type { Db } from '../db/database.js';

export interface AuditInput {
  siteId: string;
  /** The signed-in owner who did it; null for the system (jobs, webhooks). */
  ownerId: string | null;
  action: AuditAction;
  target: string;
  details?: Record<string, unknown>;
}

/**
 * Records one change in the website's audit log (issue 16). Pass the transaction that makes the
 * change, so the entry commits with it or not at all. The actor's email is copied in so the log
 * still says who after they leave the team.
 */
export async function recordAudit(db: Db, input: AuditInput): Promise<void> {
  const actor = input.ownerId
    ? await db
        .selectFrom('owners')
        .select('email')
        .where('id', '=', input.ownerId)
        .executeTakeFirst()
    : undefined;
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      site_id: input.siteId,
      owner_id: input.ownerId,
      actor_email: actor?.email ?? null,
      action: input.action,
      target: input.target.slice(0, 300),
      details: JSON.stringify(input.details ?? {}),
    })
    .execute();
}
