import { describe, expect, it } from 'vitest';
import { parseSiteContext, withViewer } from './page-context.js';
import { memberIsSkipped } from './skip-rules.js';

const page = parseSiteContext('{"websiteId":"w1","pagePath":"/shop"}')!;

describe('withViewer', () => {
  it('leaves anonymous visitors as they are', () => {
    expect(withViewer(page, null)).toBe(page);
    expect(withViewer(page, '')).toBe(page);
  });

  it('marks a signed-in viewer with the roles of the hint cookie', () => {
    expect(withViewer(page, '1.8')).toMatchObject({ isMember: true, roles: [1, 8] });
    expect(withViewer(page, '0')).toMatchObject({ isMember: true, roles: [] });
    expect(withViewer(page, 'x.10')).toMatchObject({ isMember: true, roles: [10] });
  });

  it('feeds SPEC 6: a viewer-only member is counted outside /config, an admin never', () => {
    const viewer = withViewer(page, '10');
    const admin = withViewer(page, '1');
    expect(memberIsSkipped(viewer.isMember, viewer.roles, '/shop')).toBe(false);
    expect(memberIsSkipped(viewer.isMember, viewer.roles, '/config/pages')).toBe(true);
    expect(memberIsSkipped(admin.isMember, admin.roles, '/shop')).toBe(true);
  });
});
