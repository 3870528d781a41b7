/**
 * The audit log's wire contract (issue 16, `GET /api/audit-log`): who changed what and when on a
 * website. Actions are `area.verb`; `target` names the thing (a page title, an order number, a
 * member's email, a theme file path).
 */
export const AUDIT_ACTIONS = [
  'settings.save',
  'styles.save',
  'website.create',
  'website.delete',
  'website.restore',
  'website.import',
  'domain.add',
  'domain.remove',
  'team.invite',
  'team.join',
  'team.role',
  'team.remove',
  'page.publish',
  'item.publish',
  'order.paid',
  'order.fulfil',
  'order.refund',
  'order.cancel',
  'developer.mode',
  'developer.save',
  'developer.restore',
  'developer.reset',
  'developer.upload',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntryJson {
  id: string;
  action: AuditAction;
  target: string;
  /** Who did it: their email at the time (kept when they leave the team); null for the system. */
  actorEmail: string | null;
  details: Record<string, unknown>;
  /** ISO 8601. */
  createdAt: string;
}

export interface AuditLogPageJson {
  items: AuditEntryJson[];
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: string | null;
}
