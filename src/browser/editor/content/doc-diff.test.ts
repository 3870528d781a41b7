import { describe, expect, it } from 'vitest';
import { diffDocs } from './doc-diff.js';

describe('diffDocs', () => {
  it('lists only changed fields, by path, with HTML read as text', () => {
    const before = {
      title: 'Old',
      body: '<p>Hello <strong>there</strong></p>',
      tags: ['a', 'b'],
      location: { mapLat: 1, mapLng: 2 },
      same: 'x',
    };
    const after = {
      title: 'New',
      body: '<p>Hello <em>there</em></p>',
      tags: ['a'],
      location: { mapLat: 1, mapLng: 3 },
      same: 'x',
    };
    expect(diffDocs(before, after)).toEqual([
      { path: 'title', before: 'Old', after: 'New' },
      { path: 'tags', before: 'a, b', after: 'a' },
      { path: 'location.mapLng', before: '2', after: '3' },
    ]);
  });

  it('walks into lists of objects and reports added and removed fields', () => {
    const changes = diffDocs(
      { sections: [{ blocks: [{ text: 'a' }] }] },
      { sections: [{ blocks: [{ text: 'a' }, { text: 'b' }] }], seo: { title: 'T' } },
    );
    expect(changes).toEqual([
      { path: 'sections.0.blocks.1.text', before: '', after: 'b' },
      { path: 'seo.title', before: '', after: 'T' },
    ]);
  });

  it('cuts very long values', () => {
    const [c] = diffDocs({ body: 'x'.repeat(1000) }, { body: '' });
    expect(c?.before.length).toBe(401);
    expect(c?.before.endsWith('…')).toBe(true);
  });
});
