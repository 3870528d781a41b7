import { roleName } from '../../../shared/role-names.js';
import { permissionsOf, type Permission } from '../../../shared/team/permissions.js';

const PERMISSION_WORDS: Record<Permission, string> = {
  view: 'view',
  analytics: 'analytics',
  content: 'edit content',
  publish: 'publish',
  commerce: 'products and orders',
  settings: 'settings and team',
  developer: 'developer mode',
  moderate: 'comments',
  billing: 'billing',
};

/** 'store manager' → 'Store manager' (the badge and the select). */
export function roleLabel(role: number): string {
  const name = roleName(role);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** What a role may do, from the one table: 'View, edit content, publish, comments'. */
export function roleAbilities(role: number): string {
  const words = permissionsOf([role]).map((p) => PERMISSION_WORDS[p]);
  if (!words.length) return 'Nothing';
  const text = words.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
