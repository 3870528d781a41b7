import { describe, expect, it } from 'vitest';
import { roleName, roleNames } from './role-names.js';

describe('role names', () => {
  it('names SPEC 3.10 roles in words and keeps unknown numbers visible', () => {
    expect(roleName(1)).toBe('admin');
    expect(roleName(8)).toBe('store manager');
    expect(roleName(15)).toBe('website manager');
    expect(roleName(5)).toBe('role 5');
    expect(roleNames([1, 8])).toBe('admin, store manager');
    expect(roleNames([])).toBe('no role on this website');
  });
});
