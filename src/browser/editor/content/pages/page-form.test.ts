import { describe, expect, it } from 'vitest';
import type { PageDoc } from '../../../../shared/content/page-api.js';
import { ApiError } from '../../../lib/api.js';
import {
  checkSettings,
  inputWith,
  passwordError,
  saveFailure,
  settingsOf,
  slugError,
} from './page-form.js';

const DOC: PageDoc = {
  id: 'p1',
  kind: 'page',
  url: '/about',
  version: 7,
  hasUnpublishedChanges: false,
  passwordProtected: false,
  membersOnly: false,
  updatedOn: '2026-11-25T10:00:00Z',
  updatedBy: null,
  title: 'About',
  slug: 'about',
  status: 'published',
  navigation: { visible: true, parentId: 'f1', order: 3 },
  seo: { title: '', description: '', imageId: null },
  sections: [{ id: 's1', layout: 'default', tone: 'light', blocks: [] }] as PageDoc['sections'],
};

describe('page settings form', () => {
  it('changes only the settings: sections, folder and order stay as loaded', () => {
    const f = { ...settingsOf(DOC), title: ' About us ', visible: false, seoTitle: 'Us' };
    const input = inputWith(DOC, f);
    expect(input).toEqual({
      title: 'About us',
      slug: 'about',
      status: 'published',
      navigation: { visible: false, parentId: 'f1', order: 3 },
      seo: { title: 'Us', description: '', imageId: null },
      sections: DOC.sections,
      folderBehavior: null,
    });
    expect(input.sections).toBe(DOC.sections);
  });

  it('sends a folder its behaviour', () => {
    const folder: PageDoc = { ...DOC, kind: 'folder', folderBehavior: 2 };
    expect(inputWith(folder, { ...settingsOf(folder), folderBehavior: 3 }).folderBehavior).toBe(3);
  });

  it('checks with the shared page rules before sending', () => {
    const f = settingsOf(DOC);
    expect(checkSettings(DOC, f, false)).toEqual({});
    expect(checkSettings(DOC, { ...f, title: ' ', slug: 'Bad Slug' }, false)).toEqual({
      title: 'Enter a page title.',
      slug: 'Use only lowercase letters, numbers and hyphens.',
    });
    expect(slugError('api')).toBe('This URL is used by the site itself. Choose another.');
    expect(slugError('our-story')).toBeNull();
  });

  it('puts a taken slug and the server field errors beside their fields', () => {
    const taken = new ApiError(
      409,
      'SLUG_TAKEN',
      'Another page already uses this URL. Choose another.',
    );
    expect(saveFailure(taken)).toEqual({
      fields: { slug: 'Another page already uses this URL. Choose another.' },
      text: 'Please fix the fields marked below.',
    });
    const invalid = new ApiError(400, 'CONTENT_INVALID', 'Check the fields.', {
      error: { code: 'CONTENT_INVALID', fieldErrors: { 'seo.title': 'Too long.' } },
    });
    expect(saveFailure(invalid).fields).toEqual({ 'seo.title': 'Too long.' });
    expect(saveFailure(new ApiError(0, 'NETWORK', 'x'))).toEqual({
      fields: {},
      text: 'Network error',
    });
  });

  it('checks password lengths', () => {
    expect(passwordError('abc')).toBe('Use at least 4 characters.');
    expect(passwordError('abcd')).toBeNull();
  });
});
