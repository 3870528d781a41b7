import type { AuditAction, AuditEntryJson } from '../../../shared/team/audit.js';
import { roleLabel } from './role-text.js';

const VERBS: Record<AuditAction, string> = {
  'settings.save': 'Saved the settings',
  'styles.save': 'Saved the design',
  'website.create': 'Created the website',
  'website.delete': 'Deleted the website',
  'website.restore': 'Restored the website',
  'website.import': 'Imported into the website',
  'domain.add': 'Added the domain',
  'domain.remove': 'Removed the domain',
  'team.invite': 'Invited',
  'team.join': 'Joined the team',
  'team.role': 'Changed the role of',
  'team.remove': 'Removed from the team',
  'page.publish': 'Published the page',
  'item.publish': 'Published',
  'order.paid': 'Marked as paid',
  'order.fulfil': 'Fulfilled',
  'order.refund': 'Refunded',
  'order.cancel': 'Cancelled',
  'developer.mode': 'Changed developer mode',
  'developer.save': 'Saved the theme file',
  'developer.restore': 'Restored a version of',
  'developer.reset': 'Reset the theme',
  'developer.upload': 'Uploaded the theme',
};

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** The entry's verb ('Invited'), for the row's first words. */
export function auditVerb(action: AuditAction): string {
  return VERBS[action] ?? action;
}

/** What the details add, in words ('editor → viewer', 'as editor'); '' when nothing. */
export function auditDetail(e: AuditEntryJson): string {
  const d = e.details;
  if (e.action === 'team.role') {
    const from = num(d.from);
    const to = num(d.to);
    return from !== undefined && to !== undefined ? `${roleLabel(from)} → ${roleLabel(to)}` : '';
  }
  if (e.action === 'team.invite' || e.action === 'team.join') {
    const role = num(d.role);
    const base = role !== undefined ? `as ${roleLabel(role).toLowerCase()}` : '';
    return d.resent ? `${base} (sent again)` : base;
  }
  if (e.action === 'team.remove' && d.invite) return 'invite revoked';
  if (e.action === 'item.publish' && d.status === 'scheduled') return 'scheduled';
  return '';
}
