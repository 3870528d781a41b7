/**
 * The page builder's document operations: pure functions over a page's sections (issue 13,
 * src/shared/content/blocks.ts). Every operation returns a new array and leaves the sections it
 * did not touch as the same objects, so the builder can tell which sections changed (by identity)
 * and re-render only those in the preview. Ids made here are unique in the page.
 */
import { galleryBlockInput } from '../../../../shared/gallery/gallery-settings.js';
import {
  BlockCode,
  SectionLimits,
  type ContentBlock,
  type PageSection,
} from '../../../../shared/content/blocks.js';

export type Sections = readonly PageSection[];

/** Where a block is: its section's index and its own index in that section. */
export interface BlockPlace {
  sectionIndex: number;
  index: number;
  section: PageSection;
  block: ContentBlock;
}

export function findBlock(sections: Sections, blockId: string): BlockPlace | undefined {
  for (let s = 0; s < sections.length; s++) {
    const section = sections[s]!;
    const index = section.blocks.findIndex((b) => b.id === blockId);
    if (index >= 0) return { sectionIndex: s, index, section, block: section.blocks[index]! };
  }
  return undefined;
}

export function sectionIndexOf(sections: Sections, sectionId: string): number {
  return sections.findIndex((s) => s.id === sectionId);
}

/** Every section and block id of the page. */
export function usedIds(sections: Sections): Set<string> {
  const ids = new Set<string>();
  for (const s of sections) {
    ids.add(s.id);
    for (const b of s.blocks) ids.add(b.id);
  }
  return ids;
}

/**
 * A new id, not in `used` (and added to it): the prefix and a short random part. Random rather
 * than counted so two tabs or a restored version do not hand out the same ids.
 */
export function newId(prefix: 's' | 'b', used: Set<string>, random: () => number = Math.random) {
  for (;;) {
    const id = `${prefix}-${Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, '0')}`;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

/** A block of a type with the settings it starts with (what the picker inserts). */
export function newBlock(type: BlockCode, id: string): ContentBlock {
  switch (type) {
    case BlockCode.TEXT:
      return { id, type, html: '<p>Write something here.</p>' };
    case BlockCode.HEADING:
      return { id, type, text: 'A new heading', level: 2, align: 'left' };
    case BlockCode.MAP:
      return { id, type, label: '', lat: 40.7128, lng: -74.006, zoom: 13 };
    case BlockCode.IMAGE:
      return { id, type, assetId: null, alt: '', caption: '', link: '' };
    case BlockCode.GALLERY:
      // Every setting at its default (a gallery page's; the lightbox on): the panel shows them.
      return { id, type, assetIds: [], ...galleryBlockInput({}) };
    case BlockCode.FORM:
      return { id, type, formId: '' };
    case BlockCode.SOCIAL_LINKS:
      return { id, type, links: [] };
    case BlockCode.SUMMARY:
      return { id, type, collectionId: '', title: '', limit: 3 };
    case BlockCode.SPACER:
      return { id, type, size: 48 };
    case BlockCode.CODE:
      return { id, type, html: '' };
    case BlockCode.QUOTE:
      return { id, type, text: 'A memorable quote.', source: '' };
    case BlockCode.VIDEO:
      return { id, type, url: '', caption: '' };
    case BlockCode.PRODUCT:
      return { id, type, itemId: '', expressCheckout: false };
    case BlockCode.PRODUCT_LIST:
      return { id, type, collectionId: '', title: '', limit: 4 };
    case BlockCode.NEWSLETTER:
      return { id, type, formId: '' };
    case BlockCode.BUTTON:
      return { id, type, label: 'Learn more', url: '/', style: 'primary', align: 'left' };
  }
}

export function newSection(used: Set<string>, blocks: ContentBlock[] = []): PageSection {
  return { id: newId('s', used), layout: 'default', tone: 'light', blocks };
}

function withBlocks(section: PageSection, blocks: ContentBlock[]): PageSection {
  return { ...section, blocks };
}

function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  const out = [...list];
  out[index] = item;
  return out;
}

/** Inserts `block` in section `sectionId` at `index` (clamped); unchanged when the section is full. */
export function insertBlock(
  sections: Sections,
  sectionId: string,
  index: number,
  block: ContentBlock,
): PageSection[] {
  const s = sectionIndexOf(sections, sectionId);
  const section = sections[s];
  if (!section || section.blocks.length >= SectionLimits.blocksPerSectionMax) return [...sections];
  const blocks = [...section.blocks];
  blocks.splice(Math.max(0, Math.min(index, blocks.length)), 0, block);
  return replaceAt(sections, s, withBlocks(section, blocks));
}

/** Changes some of a block's settings. */
export function updateBlock(
  sections: Sections,
  blockId: string,
  patch: Partial<ContentBlock>,
): PageSection[] {
  const at = findBlock(sections, blockId);
  if (!at) return [...sections];
  const block = { ...at.block, ...patch, id: at.block.id, type: at.block.type } as ContentBlock;
  return replaceAt(
    sections,
    at.sectionIndex,
    withBlocks(at.section, replaceAt(at.section.blocks, at.index, block)),
  );
}

export function deleteBlock(sections: Sections, blockId: string): PageSection[] {
  const at = findBlock(sections, blockId);
  if (!at) return [...sections];
  return replaceAt(
    sections,
    at.sectionIndex,
    withBlocks(
      at.section,
      at.section.blocks.filter((b) => b.id !== blockId),
    ),
  );
}

/** A copy of the block right after it, with a new id; returns the sections and the copy's id. */
export function duplicateBlock(
  sections: Sections,
  blockId: string,
  used: Set<string> = usedIds(sections),
): { sections: PageSection[]; id: string | undefined } {
  const at = findBlock(sections, blockId);
  if (!at || at.section.blocks.length >= SectionLimits.blocksPerSectionMax)
    return { sections: [...sections], id: undefined };
  const copy = { ...structuredClone(at.block), id: newId('b', used) };
  return {
    sections: insertBlock(sections, at.section.id, at.index + 1, copy),
    id: copy.id,
  };
}

/**
 * Moves a block to `index` of section `toSectionId` (the index as it reads before the move, so
 * dropping "between b2 and b3" is index of b3). Unchanged when the target section is full.
 */
export function moveBlock(
  sections: Sections,
  blockId: string,
  toSectionId: string,
  index: number,
): PageSection[] {
  const at = findBlock(sections, blockId);
  const to = sectionIndexOf(sections, toSectionId);
  if (!at || to < 0) return [...sections];
  if (to === at.sectionIndex) {
    const target = index > at.index ? index - 1 : index;
    if (target === at.index) return [...sections];
    const blocks = at.section.blocks.filter((b) => b.id !== blockId);
    blocks.splice(Math.max(0, Math.min(target, blocks.length)), 0, at.block);
    return replaceAt(sections, at.sectionIndex, withBlocks(at.section, blocks));
  }
  if (sections[to]!.blocks.length >= SectionLimits.blocksPerSectionMax) return [...sections];
  return insertBlock(deleteBlock(sections, blockId), toSectionId, index, at.block);
}

/**
 * One step up (-1) or down (+1), as Alt+Up/Down does: within the section, and past its first or
 * last block into the end of the section before or the start of the one after.
 */
export function moveBlockBy(sections: Sections, blockId: string, delta: -1 | 1): PageSection[] {
  const at = findBlock(sections, blockId);
  if (!at) return [...sections];
  const target = at.index + delta;
  if (target >= 0 && target < at.section.blocks.length)
    return moveBlock(sections, blockId, at.section.id, delta > 0 ? target + 1 : target);
  const next = sections[at.sectionIndex + delta];
  if (!next) return [...sections];
  return moveBlock(sections, blockId, next.id, delta > 0 ? 0 : next.blocks.length);
}

/** Inserts a section at `index` (clamped); unchanged when the page has the most it may. */
export function insertSection(
  sections: Sections,
  index: number,
  section: PageSection,
): PageSection[] {
  if (sections.length >= SectionLimits.sectionsMax) return [...sections];
  const out = [...sections];
  out.splice(Math.max(0, Math.min(index, out.length)), 0, section);
  return out;
}

export function updateSection(
  sections: Sections,
  sectionId: string,
  patch: Partial<Omit<PageSection, 'id' | 'blocks'>>,
): PageSection[] {
  const s = sectionIndexOf(sections, sectionId);
  if (s < 0) return [...sections];
  return replaceAt(sections, s, { ...sections[s]!, ...patch, id: sectionId });
}

export function deleteSection(sections: Sections, sectionId: string): PageSection[] {
  return sections.filter((s) => s.id !== sectionId);
}

/** Moves a section one step up (-1) or down (+1). */
export function moveSectionBy(sections: Sections, sectionId: string, delta: -1 | 1): PageSection[] {
  const from = sectionIndexOf(sections, sectionId);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= sections.length) return [...sections];
  return moveSection(sections, sectionId, delta > 0 ? to + 1 : to);
}

/** Moves a section to `index` (as it reads before the move). */
export function moveSection(sections: Sections, sectionId: string, index: number): PageSection[] {
  const from = sectionIndexOf(sections, sectionId);
  if (from < 0) return [...sections];
  const target = Math.max(0, Math.min(index > from ? index - 1 : index, sections.length - 1));
  if (target === from) return [...sections];
  const out = sections.filter((s) => s.id !== sectionId);
  out.splice(target, 0, sections[from]!);
  return out;
}

/** A copy of the section right after it; the copy and each of its blocks get new ids. */
export function duplicateSection(
  sections: Sections,
  sectionId: string,
  used: Set<string> = usedIds(sections),
): { sections: PageSection[]; id: string | undefined } {
  const from = sectionIndexOf(sections, sectionId);
  if (from < 0 || sections.length >= SectionLimits.sectionsMax)
    return { sections: [...sections], id: undefined };
  const original = sections[from]!;
  const copy: PageSection = {
    ...structuredClone(original),
    id: newId('s', used),
    blocks: original.blocks.map((b) => ({ ...structuredClone(b), id: newId('b', used) })),
  };
  return { sections: insertSection(sections, from + 1, copy), id: copy.id };
}

/**
 * What the preview must do to show `next` after `prev`: `changed` sections to render again (new
 * or edited: a different object), and whether the order or set of sections changed too.
 */
export function sectionChanges(
  prev: Sections,
  next: Sections,
): { changed: string[]; structural: boolean } {
  const before = new Map(prev.map((s) => [s.id, s]));
  const changed = next.filter((s) => before.get(s.id) !== s).map((s) => s.id);
  const structural = prev.length !== next.length || prev.some((s, i) => next[i]?.id !== s.id);
  return { changed, structural };
}
