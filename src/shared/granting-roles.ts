import { Role } from './enums.js';

/**
 * The roles that give an owner something on a website. SPEC 3.10's 'none' (14) is a role row that
 * grants nothing: an owner holding only it is treated like one with no role at all.
 */
export function grantingRoles(roles: readonly number[]): number[] {
  return roles.filter((r) => r !== Role.NONE);
}

/** True when at least one of the roles grants something (any role but 'none'). */
export function hasGrantingRole(roles: readonly number[]): boolean {
  return grantingRoles(roles).length > 0;
}
