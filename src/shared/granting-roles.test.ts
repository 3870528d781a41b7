import { describe, expect, it } from 'vitest';
import { Role } from './enums.js';
import { grantingRoles, hasGrantingRole } from './granting-roles.js';

describe('granting roles', () => {
  it("drops SPEC 3.10 'none' and keeps every other role", () => {
    expect(grantingRoles([Role.NONE, Role.VIEWER])).toEqual([Role.VIEWER]);
    expect(hasGrantingRole([Role.NONE])).toBe(false);
    expect(hasGrantingRole([])).toBe(false);
    expect(hasGrantingRole([Role.NONE, Role.ADMIN])).toBe(true);
  });
});
