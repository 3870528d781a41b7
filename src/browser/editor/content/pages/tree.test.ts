import { describe, expect, it } from 'vitest';
import type { PageKind, PageSummary } from '../../../../shared/content/page-api.js';
import {
  buildTree,
  dropSlot,
  moveTo,
  navigationOf,
  pagesOf,
  slotOf,
  stepSlot,
  type PageTree,
} from './tree.js';

function page(
  id: string,
  order: number,
  opts: { kind?: PageKind; parentId?: string | null; visible?: boolean } = {},
): PageSummary {
  return {
    id,
    kind: opts.kind ?? 'page',
    title: id.toUpperCase(),
    slug: id,
    url: `/${id}`,
    status: 'published',
    navigation: { visible: opts.visible ?? true, parentId: opts.parentId ?? null, order },
    passwordProtected: false,
    membersOnly: false,
    hasUnpublishedChanges: false,
  };
}

/** home, about, shop(folder: a, b), blog | not linked: secret, old(folder: x) | footer */
const PAGES: PageSummary[] = [
  page('about', 1),
  page('home', 0),
  page('folder', 2, { kind: 'folder' }),
  page('b', 1, { parentId: 'folder' }),
  page('a', 0, { parentId: 'folder' }),
  page('blog', 3, { kind: 'blog' }),
  page('secret', 4, { visible: false }),
  page('old', 5, { kind: 'folder', visible: false }),
  page('x', 0, { parentId: 'old', visible: false }),
  page('footer', 0, { kind: 'footer', visible: false }),
];

/** The tree as ids: `folder[a,b]` for a folder with its pages. */
function shape(tree: PageTree) {
  const names = (g: PageTree['linked']) =>
    g.map((e) =>
      e.page.kind === 'folder'
        ? `${e.page.id}[${e.children.map((c) => c.id).join(',')}]`
        : e.page.id,
    );
  return { linked: names(tree.linked), notLinked: names(tree.notLinked) };
}

const nav = (tree: PageTree, id: string) => navigationOf(tree).entries.find((e) => e.id === id);

describe('the pages tree', () => {
  const tree = buildTree(PAGES);

  it('groups by navigation visibility, folders hold their pages in order, system pages apart', () => {
    expect(shape(tree)).toEqual({
      linked: ['home', 'about', 'folder[a,b]', 'blog'],
      notLinked: ['secret', 'old[x]'],
    });
    expect(tree.system.map((p) => p.id)).toEqual(['footer']);
    expect(slotOf(tree, 'b')).toEqual({ group: 'linked', parentId: 'folder', index: 1 });
  });

  it('shows a page whose folder is missing at the top level', () => {
    const t = buildTree([page('home', 0), page('lost', 1, { parentId: 'gone' })]);
    expect(shape(t).linked).toEqual(['home', 'lost']);
    expect(nav(moveTo(t, 'home', { group: 'linked', parentId: null, index: 1 }), 'lost')).toEqual({
      id: 'lost',
      parentId: null,
      order: 0,
      visible: true,
    });
  });

  it('moves a page into a folder and renumbers both places', () => {
    const t = moveTo(tree, 'about', { group: 'linked', parentId: 'folder', index: 1 });
    expect(shape(t).linked).toEqual(['home', 'folder[a,about,b]', 'blog']);
    expect(nav(t, 'about')).toEqual({ id: 'about', parentId: 'folder', order: 1, visible: true });
    expect(nav(t, 'b')?.order).toBe(2);
    expect(nav(t, 'folder')?.order).toBe(1);
    expect(nav(t, 'blog')?.order).toBe(2);
  });

  it('moves a page out of a folder to the top level', () => {
    const t = moveTo(tree, 'a', { group: 'linked', parentId: null, index: 0 });
    expect(shape(t).linked).toEqual(['a', 'home', 'about', 'folder[b]', 'blog']);
    expect(nav(t, 'a')).toEqual({ id: 'a', parentId: null, order: 0, visible: true });
    expect(nav(t, 'b')?.order).toBe(0);
  });

  it('moving to "Not linked" hides from the navigation; back shows it; linked orders come first', () => {
    const hidden = moveTo(tree, 'about', { group: 'notLinked', parentId: null, index: 0 });
    expect(shape(hidden).notLinked).toEqual(['about', 'secret', 'old[x]']);
    expect(nav(hidden, 'about')).toEqual({ id: 'about', parentId: null, order: 3, visible: false });
    const shown = moveTo(hidden, 'x', { group: 'linked', parentId: null, index: 3 });
    expect(nav(shown, 'x')).toEqual({ id: 'x', parentId: null, order: 3, visible: true });
  });

  it('keeps a page hidden inside a linked folder hidden when it is reordered there', () => {
    const t0 = buildTree([
      page('f', 0, { kind: 'folder' }),
      page('p', 0, { parentId: 'f', visible: false }),
      page('q', 1, { parentId: 'f' }),
    ]);
    const t = moveTo(t0, 'p', { group: 'linked', parentId: 'f', index: 1 });
    expect(nav(t, 'p')).toEqual({ id: 'p', parentId: 'f', order: 1, visible: false });
  });

  it('moves a folder with its pages, and never into another folder', () => {
    const t = moveTo(tree, 'folder', { group: 'notLinked', parentId: null, index: 2 });
    expect(shape(t)).toEqual({
      linked: ['home', 'about', 'blog'],
      notLinked: ['secret', 'old[x]', 'folder[a,b]'],
    });
    expect(nav(t, 'a')).toEqual({ id: 'a', parentId: 'folder', order: 0, visible: true });
    expect(moveTo(tree, 'folder', { group: 'notLinked', parentId: 'old', index: 0 })).toBe(tree);
    expect(moveTo(tree, 'about', { group: 'linked', parentId: null, index: 99 })).toBe(tree);
  });

  it('steps up and down through folders and across the groups', () => {
    // about (linked 1) ↓ → into the folder, first place
    expect(stepSlot(tree, 'about', 1)).toEqual({ group: 'linked', parentId: 'folder', index: 0 });
    // a (first in folder) ↑ → out of the folder, before it
    expect(stepSlot(tree, 'a', -1)).toEqual({ group: 'linked', parentId: null, index: 2 });
    // b (last in folder) ↓ → out of the folder, after it
    expect(stepSlot(tree, 'b', 1)).toEqual({ group: 'linked', parentId: null, index: 3 });
    // blog (last linked) ↓ → end of the linked group, then the top of "Not linked"
    expect(stepSlot(tree, 'blog', 1)).toEqual({ group: 'notLinked', parentId: null, index: 0 });
    // a folder skips the places inside folders
    expect(stepSlot(tree, 'folder', -1)).toEqual({ group: 'linked', parentId: null, index: 1 });
    // blog ↑ → into the end of the folder above it
    expect(stepSlot(tree, 'blog', -1)).toEqual({ group: 'linked', parentId: 'folder', index: 2 });
    expect(stepSlot(tree, 'home', -1)).toBeNull();
    expect(stepSlot(tree, 'old', 1)).toBeNull();
    // applying a step moves one place
    const t = moveTo(tree, 'about', stepSlot(tree, 'about', 1)!);
    expect(shape(t).linked).toEqual(['home', 'folder[about,a,b]', 'blog']);
  });

  it('turns drops into slots', () => {
    expect(dropSlot(tree, 'home', { kind: 'row', id: 'folder', zone: 'inside' })).toEqual({
      group: 'linked',
      parentId: 'folder',
      index: 2,
    });
    expect(dropSlot(tree, 'home', { kind: 'row', id: 'blog', zone: 'after' })).toEqual({
      group: 'linked',
      parentId: null,
      index: 3,
    });
    expect(dropSlot(tree, 'secret', { kind: 'row', id: 'b', zone: 'before' })).toEqual({
      group: 'linked',
      parentId: 'folder',
      index: 1,
    });
    // a folder dropped on another folder's page lands beside that folder
    expect(dropSlot(tree, 'old', { kind: 'row', id: 'a', zone: 'after' })).toEqual({
      group: 'linked',
      parentId: null,
      index: 3,
    });
    expect(dropSlot(tree, 'old', { kind: 'row', id: 'folder', zone: 'inside' })).toEqual({
      group: 'linked',
      parentId: null,
      index: 3,
    });
    expect(dropSlot(tree, 'about', { kind: 'end', group: 'notLinked' })).toEqual({
      group: 'notLinked',
      parentId: null,
      index: 2,
    });
    expect(dropSlot(tree, 'about', { kind: 'row', id: 'about', zone: 'before' })).toBeNull();
    expect(dropSlot(tree, 'folder', { kind: 'row', id: 'a', zone: 'before' })).toBeNull();
  });

  it('sends every page once, never the footer or 404 page', () => {
    const t = moveTo(tree, 'secret', { group: 'linked', parentId: null, index: 0 });
    const entries = navigationOf(t).entries;
    expect(entries.map((e) => e.id).sort()).toEqual(
      PAGES.filter((p) => p.id !== 'footer')
        .map((p) => p.id)
        .sort(),
    );
    expect(pagesOf(t)).toHaveLength(PAGES.length);
  });
});
