import { describe, expect, it } from 'vitest';
import type { CollectionRow } from '../../content/content-queries.js';
import { FolderBehavior } from '../../../shared/enums.js';
import { navigationJson } from './site-context.js';

function row(id: string, over: Partial<CollectionRow>): CollectionRow {
  return {
    id,
    site_id: 's1',
    url_id: id,
    title: id.toUpperCase(),
    description: '',
    type: 10,
    kind: 'page',
    folder_behavior: null,
    nav_index: 0,
    settings: {},
    updated_on: new Date(0),
    sections: [],
    draft: null,
    status: 'published',
    seo: {},
    parent_id: null,
    nav_visible: true,
    password_hash: null,
    version: 1,
    updated_by: null,
    ...over,
  } as CollectionRow;
}

describe('navigationJson: SPEC 4.7 clickable folders (issue 14)', () => {
  it('marks a folder clickable with no behaviour, index or redirect, and not with none', () => {
    const folders: [string, number | null, boolean][] = [
      ['plain', null, true],
      ['index', FolderBehavior.INDEX, true],
      ['redirect', FolderBehavior.REDIRECT, true],
      ['none', FolderBehavior.NONE, false],
      ['variation', FolderBehavior.VARIATION, false],
    ];
    const rows = folders.flatMap(([id, behaviour], i) => [
      row(id, { kind: 'folder', folder_behavior: behaviour, nav_index: i }),
      row(`${id}-child`, { parent_id: id, nav_index: 0 }),
    ]);
    const nav = navigationJson(rows, '/');
    expect(nav.map((n) => [n.urlId, n.folder, n.clickable])).toEqual(
      folders.map(([id, , clickable]) => [id, true, clickable]),
    );
    expect(nav[0]!.children!.map((c) => c.urlId)).toEqual(['plain-child']);
  });
});
