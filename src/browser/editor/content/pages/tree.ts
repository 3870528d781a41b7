import type { NavigationRequest, PageSummary } from '../../../../shared/content/page-api.js';

/**
 * The Pages screen's tree (issue 13), as pure functions: the flat `GET /api/content/pages` list
 * becomes two groups like Squarespace's panel — entries linked in the navigation and "Not
 * linked" ones — each a list of top-level entries, folders holding their pages one level deep.
 * Moves (drag and drop, arrow keys, up/down buttons) are `Slot`s in that tree, and the whole
 * tree turns back into the `PUT /api/content/navigation` body.
 */

export type Group = 'linked' | 'notLinked';

export interface TreeEntry {
  page: PageSummary;
  /** Folders: their pages in order; empty for everything else. */
  children: PageSummary[];
}

export interface PageTree {
  linked: TreeEntry[];
  notLinked: TreeEntry[];
  /** The footer and 404 page: edited like pages, never in the navigation. */
  system: PageSummary[];
}

/** Where a page goes: a group, a folder of it (or the top level), and the index there. */
export interface Slot {
  group: Group;
  parentId: string | null;
  index: number;
}

const SYSTEM_KINDS: readonly string[] = ['footer', 'not-found'];

export const isSystemPage = (p: PageSummary) => SYSTEM_KINDS.includes(p.kind);
export const isFolder = (p: PageSummary) => p.kind === 'folder';

const byOrder = (a: PageSummary, b: PageSummary) =>
  a.navigation.order - b.navigation.order || a.title.localeCompare(b.title);

/** The grouped tree. A page naming a missing (or non-folder) parent shows at the top level. */
export function buildTree(pages: readonly PageSummary[]): PageTree {
  const system = pages.filter(isSystemPage);
  const rest = pages.filter((p) => !isSystemPage(p));
  const folderIds = new Set(rest.filter(isFolder).map((p) => p.id));
  const inFolder = (p: PageSummary) =>
    !isFolder(p) && p.navigation.parentId !== null && folderIds.has(p.navigation.parentId);
  const top = rest.filter((p) => !inFolder(p)).sort(byOrder);
  const entry = (page: PageSummary): TreeEntry => ({
    page,
    children: isFolder(page)
      ? rest.filter((c) => inFolder(c) && c.navigation.parentId === page.id).sort(byOrder)
      : [],
  });
  return {
    linked: top.filter((p) => p.navigation.visible).map(entry),
    notLinked: top.filter((p) => !p.navigation.visible).map(entry),
    system,
  };
}

/** Where a page is now, or null when it is not in the tree's groups. */
export function slotOf(tree: PageTree, id: string): Slot | null {
  for (const group of ['linked', 'notLinked'] as const) {
    const entries = tree[group];
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (e.page.id === id) return { group, parentId: null, index: i };
      const j = e.children.findIndex((c) => c.id === id);
      if (j >= 0) return { group, parentId: e.page.id, index: j };
    }
  }
  return null;
}

/** The page with this id anywhere in the tree. */
export function findPage(tree: PageTree, id: string): PageSummary | undefined {
  for (const e of [...tree.linked, ...tree.notLinked]) {
    if (e.page.id === id) return e.page;
    const c = e.children.find((p) => p.id === id);
    if (c) return c;
  }
  return tree.system.find((p) => p.id === id);
}

/** The tree without the page (a folder leaves with its pages). */
function without(tree: PageTree, id: string): { tree: PageTree; entry: TreeEntry | null } {
  let taken: TreeEntry | null = null;
  const strip = (entries: TreeEntry[]) =>
    entries.flatMap((e) => {
      if (e.page.id === id) {
        taken = e;
        return [];
      }
      const child = e.children.find((c) => c.id === id);
      if (child) {
        taken = { page: child, children: [] };
        return [{ ...e, children: e.children.filter((c) => c.id !== id) }];
      }
      return [e];
    });
  const next = {
    linked: strip(tree.linked),
    notLinked: strip(tree.notLinked),
    system: tree.system,
  };
  return { tree: next, entry: taken };
}

/**
 * Every place a page could go, in display order, in the tree without it: before each top-level
 * entry, then (for a page that is not a folder) each place inside a folder, then the group's end.
 */
function slotsWithout(tree: PageTree, movingFolder: boolean): Slot[] {
  const slots: Slot[] = [];
  for (const group of ['linked', 'notLinked'] as const) {
    const entries = tree[group];
    entries.forEach((e, i) => {
      slots.push({ group, parentId: null, index: i });
      if (!movingFolder && isFolder(e.page))
        for (let j = 0; j <= e.children.length; j++)
          slots.push({ group, parentId: e.page.id, index: j });
    });
    slots.push({ group, parentId: null, index: entries.length });
  }
  return slots;
}

const sameSlot = (a: Slot, b: Slot) =>
  a.group === b.group && a.parentId === b.parentId && a.index === b.index;

/**
 * Moves a page to a slot (indexes count without the page). A page changing group takes the
 * group's visibility (into "Not linked" hides it from the navigation); one staying in its group
 * keeps its own, so a page hidden inside a linked folder stays hidden when reordered.
 * Folders only go to the top level; a slot that is not possible leaves the tree as it was.
 */
export function moveTo(tree: PageTree, id: string, slot: Slot): PageTree {
  const from = slotOf(tree, id);
  const { tree: rest, entry } = without(tree, id);
  if (!from || !entry) return tree;
  const folder = isFolder(entry.page);
  if (!slotsWithout(rest, folder).some((s) => sameSlot(s, slot))) return tree;
  const visible =
    from.group === slot.group ? entry.page.navigation.visible : slot.group === 'linked';
  const page: PageSummary = {
    ...entry.page,
    navigation: { ...entry.page.navigation, visible, parentId: slot.parentId },
  };
  const entries = [...rest[slot.group]];
  if (slot.parentId === null) {
    entries.splice(slot.index, 0, { page, children: entry.children });
  } else {
    const k = entries.findIndex((e) => e.page.id === slot.parentId);
    const parent = entries[k]!;
    const children = [...parent.children];
    children.splice(slot.index, 0, page);
    entries[k] = { ...parent, children };
  }
  return renumber({ ...rest, [slot.group]: entries });
}

/**
 * The slot one step up (-1) or down (+1) in display order: past a folder's pages one at a time,
 * into a folder and out of it, and across from the navigation to "Not linked" and back. Null at
 * either end.
 */
export function stepSlot(tree: PageTree, id: string, delta: -1 | 1): Slot | null {
  const from = slotOf(tree, id);
  const { tree: rest, entry } = without(tree, id);
  if (!from || !entry) return null;
  const slots = slotsWithout(rest, isFolder(entry.page));
  const i = slots.findIndex((s) => sameSlot(s, from));
  return slots[i + delta] ?? null;
}

/** Where a dragged page lands: on a row (before it, after it, or into a folder), or a group's end. */
export type DropTarget =
  { kind: 'row'; id: string; zone: 'before' | 'after' | 'inside' } | { kind: 'end'; group: Group };

/** The slot a drop means, or null when it would change nothing possible (onto itself, a folder into a folder). */
export function dropSlot(tree: PageTree, draggedId: string, target: DropTarget): Slot | null {
  const { tree: rest, entry } = without(tree, draggedId);
  if (!entry) return null;
  const folder = isFolder(entry.page);
  if (target.kind === 'end')
    return { group: target.group, parentId: null, index: rest[target.group].length };
  const over = slotOf(rest, target.id);
  if (!over) return null;
  const overPage = findPage(rest, target.id)!;
  if (over.parentId === null) {
    if (target.zone === 'inside' && isFolder(overPage) && !folder) {
      const e = rest[over.group][over.index]!;
      return { group: over.group, parentId: overPage.id, index: e.children.length };
    }
    return { ...over, index: over.index + (target.zone === 'before' ? 0 : 1) };
  }
  if (folder) {
    // A folder dropped on a folder's page goes beside that folder.
    const parent = slotOf(rest, over.parentId)!;
    return { ...parent, index: parent.index + (target.zone === 'before' ? 0 : 1) };
  }
  return { ...over, index: over.index + (target.zone === 'before' ? 0 : 1) };
}

/** Orders 0… within each parent (the top level counts the linked entries first) and parent ids as shown. */
function renumber(tree: PageTree): PageTree {
  const place = (p: PageSummary, parentId: string | null, order: number): PageSummary =>
    p.navigation.order === order && p.navigation.parentId === parentId
      ? p
      : { ...p, navigation: { ...p.navigation, parentId, order } };
  const top = [...tree.linked, ...tree.notLinked].map((e, i) => ({
    page: place(e.page, null, i),
    children: e.children.map((c, j) => place(c, e.page.id, j)),
  }));
  return {
    linked: top.slice(0, tree.linked.length),
    notLinked: top.slice(tree.linked.length),
    system: tree.system,
  };
}

/** The `PUT /api/content/navigation` body: every page of the tree with its place (never the footer or 404 page). */
export function navigationOf(tree: PageTree): NavigationRequest {
  const entries: NavigationRequest['entries'] = [];
  const add = (p: PageSummary) =>
    entries.push({
      id: p.id,
      parentId: p.navigation.parentId,
      order: p.navigation.order,
      visible: p.navigation.visible,
    });
  for (const e of [...tree.linked, ...tree.notLinked]) {
    add(e.page);
    e.children.forEach(add);
  }
  return { entries };
}

/** Every page of the tree, flat (the optimistic list after a move). */
export function pagesOf(tree: PageTree): PageSummary[] {
  return [
    ...[...tree.linked, ...tree.notLinked].flatMap((e) => [e.page, ...e.children]),
    ...tree.system,
  ];
}
