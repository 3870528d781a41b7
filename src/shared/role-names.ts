import { Role } from './enums.js';

/** SPEC 3.10 role number → a readable name ('store manager'); unknown numbers stay numbers. */
export function roleName(role: number): string {
  for (const [key, value] of Object.entries(Role)) {
    if (value === role) return key.toLowerCase().replace(/_/g, ' ');
  }
  return `role ${role}`;
}

/** An owner's roles on one website as one phrase, for the dashboard's header. */
export function roleNames(roles: readonly number[]): string {
  return roles.length ? roles.map(roleName).join(', ') : 'no role on this website';
}
