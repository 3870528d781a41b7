import { describe, expect, it } from 'vitest';
import {
  BLOCK_CODES,
  BlockCode,
  SectionLimits,
  type ContentBlock,
  type PageSection,
} from '../../../../shared/content/blocks.js';
import {
  deleteBlock,
  deleteSection,
  duplicateBlock,
  duplicateSection,
  findBlock,
  insertBlock,
  insertSection,
  moveBlock,
  moveBlockBy,
  moveSection,
  moveSectionBy,
  newBlock,
  newId,
  newSection,
  sectionChanges,
  updateBlock,
  updateSection,
  usedIds,
} from './doc-ops.js';
import { COALESCE_MS, HISTORY_MAX, record, redo, startHistory, undo } from './history.js';

const heading = (id: string, text = id): ContentBlock => ({
  id,
  type: BlockCode.HEADING,
  text,
  level: 2,
});
const section = (id: string, ...blocks: string[]): PageSection => ({
  id,
  layout: 'default',
  tone: 'light',
  blocks: blocks.map((b) => heading(b)),
});
const layout = (sections: readonly PageSection[]) =>
  sections.map((s) => `${s.id}:${s.blocks.map((b) => b.id).join(',')}`).join(' | ');

const page = [section('s1', 'a', 'b', 'c'), section('s2', 'd'), section('s3')];

describe('ids', () => {
  it('never hands out an id already in the page, even when the random part repeats', () => {
    const used = usedIds(page);
    expect([...used].sort()).toEqual(['a', 'b', 'c', 'd', 's1', 's2', 's3']);
    const rolls = [0.5, 0.5, 0.25];
    const random = () => rolls.shift()!;
    const first = newId('b', used, random);
    const second = newId('b', used, random);
    expect(first).not.toBe(second);
    expect(used.has(first) && used.has(second)).toBe(true);
  });

  it('makes a block of every type with its code and the id given', () => {
    for (const code of BLOCK_CODES) {
      const b = newBlock(code, 'x');
      expect(b.type).toBe(code);
      expect(b.id).toBe('x');
    }
  });
});

describe('blocks', () => {
  it('inserts at an index, clamped, and keeps untouched sections as the same objects', () => {
    const out = insertBlock(page, 's1', 1, heading('n'));
    expect(layout(out)).toBe('s1:a,n,b,c | s2:d | s3:');
    expect(out[1]).toBe(page[1]);
    expect(layout(insertBlock(page, 's3', 99, heading('n')))).toBe('s1:a,b,c | s2:d | s3:n');
    expect(layout(page)).toBe('s1:a,b,c | s2:d | s3:'); // the input is not changed
  });

  it('refuses a block past the per-section limit', () => {
    const full = [
      section('s', ...Array.from({ length: SectionLimits.blocksPerSectionMax }, (_, i) => `b${i}`)),
    ];
    expect(insertBlock(full, 's', 0, heading('n'))[0]!.blocks).toHaveLength(
      SectionLimits.blocksPerSectionMax,
    );
  });

  it('updates settings but never the id or type', () => {
    const out = updateBlock(page, 'b', { text: 'New', id: 'zz' } as Partial<ContentBlock>);
    expect(findBlock(out, 'b')?.block).toMatchObject({ id: 'b', type: 3, text: 'New' });
    expect(findBlock(out, 'zz')).toBeUndefined();
  });

  it('deletes and duplicates with a fresh id right after the original', () => {
    expect(layout(deleteBlock(page, 'b'))).toBe('s1:a,c | s2:d | s3:');
    const { sections, id } = duplicateBlock(page, 'b');
    expect(id).toBeDefined();
    expect(id).not.toBe('b');
    expect(layout(sections)).toBe(`s1:a,b,${id},c | s2:d | s3:`);
    expect(findBlock(sections, id!)?.block).toMatchObject({ type: 3, text: 'b' });
    // a deep copy: editing the copy leaves the original alone
    expect(findBlock(sections, id!)?.block).not.toBe(findBlock(sections, 'b')?.block);
  });

  it('moves within a section (index as read before the move) and across sections', () => {
    expect(layout(moveBlock(page, 'a', 's1', 3))).toBe('s1:b,c,a | s2:d | s3:');
    expect(layout(moveBlock(page, 'c', 's1', 0))).toBe('s1:c,a,b | s2:d | s3:');
    expect(layout(moveBlock(page, 'a', 's1', 1))).toBe('s1:a,b,c | s2:d | s3:');
    expect(layout(moveBlock(page, 'b', 's3', 0))).toBe('s1:a,c | s2:d | s3:b');
    expect(layout(moveBlock(page, 'd', 's1', 1))).toBe('s1:a,d,b,c | s2: | s3:');
  });

  it('steps up and down with the keyboard, crossing into the neighbouring sections', () => {
    expect(layout(moveBlockBy(page, 'b', -1))).toBe('s1:b,a,c | s2:d | s3:');
    expect(layout(moveBlockBy(page, 'b', 1))).toBe('s1:a,c,b | s2:d | s3:');
    expect(layout(moveBlockBy(page, 'c', 1))).toBe('s1:a,b | s2:c,d | s3:');
    expect(layout(moveBlockBy(page, 'd', -1))).toBe('s1:a,b,c,d | s2: | s3:');
    expect(layout(moveBlockBy(page, 'd', 1))).toBe('s1:a,b,c | s2: | s3:d');
    expect(layout(moveBlockBy(page, 'a', -1))).toBe('s1:a,b,c | s2:d | s3:');
  });
});

describe('sections', () => {
  it('inserts, updates, deletes', () => {
    const used = usedIds(page);
    const s = newSection(used);
    expect(used.has(s.id)).toBe(true);
    expect(layout(insertSection(page, 1, s))).toBe(`s1:a,b,c | ${s.id}: | s2:d | s3:`);
    const toned = updateSection(page, 's2', { tone: 'dark', layout: 'hero' });
    expect(toned[1]).toMatchObject({ id: 's2', tone: 'dark', layout: 'hero' });
    expect(toned[0]).toBe(page[0]);
    expect(layout(deleteSection(page, 's2'))).toBe('s1:a,b,c | s3:');
  });

  it('moves by a step and to an index', () => {
    expect(layout(moveSectionBy(page, 's1', 1))).toBe('s2:d | s1:a,b,c | s3:');
    expect(layout(moveSectionBy(page, 's3', -1))).toBe('s1:a,b,c | s3: | s2:d');
    expect(layout(moveSectionBy(page, 's1', -1))).toBe(layout(page));
    expect(layout(moveSection(page, 's1', 3))).toBe('s2:d | s3: | s1:a,b,c');
    expect(layout(moveSection(page, 's3', 0))).toBe('s3: | s1:a,b,c | s2:d');
  });

  it('duplicates with new ids for the section and every block, unique in the page', () => {
    const { sections, id } = duplicateSection(page, 's1');
    const copy = sections[1]!;
    expect(copy.id).toBe(id);
    expect(copy.blocks.map((b) => (b as { text: string }).text)).toEqual(['a', 'b', 'c']);
    const all = sections.flatMap((s) => [s.id, ...s.blocks.map((b) => b.id)]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('tells which sections changed and whether the order did', () => {
    const edited = updateBlock(page, 'd', { text: 'x' } as Partial<ContentBlock>);
    expect(sectionChanges(page, edited)).toEqual({ changed: ['s2'], structural: false });
    expect(sectionChanges(page, moveSectionBy(page, 's1', 1))).toEqual({
      changed: [],
      structural: true,
    });
    const { sections, id } = duplicateSection(page, 's3');
    expect(sectionChanges(page, sections)).toEqual({ changed: [id], structural: true });
  });
});

describe('history', () => {
  it('undoes and redoes, and a new change drops the redo steps', () => {
    let h = startHistory('a');
    h = record(h, 'b', undefined, 0);
    h = record(h, 'c', undefined, 10);
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = record(h, 'd', undefined, 20);
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
    expect([...h.past, h.present]).toEqual(['a', 'b', 'd']);
  });

  it('coalesces typing in one field within the window, not across fields or pauses', () => {
    let h = startHistory('');
    h = record(h, 'H', 'b1.text', 0);
    h = record(h, 'He', 'b1.text', 200);
    h = record(h, 'Hel', 'b1.text', 400);
    expect(h.past).toEqual(['']);
    h = record(h, 'Hel!', 'b1.text', 400 + COALESCE_MS + 1);
    expect(h.past).toEqual(['', 'Hel']);
    h = record(h, 'Hel!?', 'b2.text', 400 + COALESCE_MS + 2);
    expect(h.past).toEqual(['', 'Hel', 'Hel!']);
    // after an undo, the next keystroke starts a new step
    h = undo(h);
    h = record(h, 'Hel!.', 'b1.text', 400 + COALESCE_MS + 3);
    expect(h.past).toEqual(['', 'Hel', 'Hel!']);
  });

  it('keeps at most HISTORY_MAX steps', () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_MAX + 20; i++) h = record(h, i, undefined, i);
    expect(h.past).toHaveLength(HISTORY_MAX);
    expect(h.past[0]).toBe(20);
  });
});

describe('the builder route', () => {
  it('reads #/pages/{id}/edit and writes it back', async () => {
    const { pageBuilderHref, routeFromHash, navNameOf } = await import('../../routes.js');
    const href = pageBuilderHref('pg 1/x');
    expect(href).toBe('#/pages/pg%201%2Fx/edit');
    const route = routeFromHash(href);
    expect(route).toEqual({ name: 'page-builder', pageId: 'pg 1/x' });
    expect(navNameOf(route)).toBe('pages');
    expect(routeFromHash('#/pages/abc')).toMatchObject({ name: 'not-found' });
    expect(routeFromHash('#/pages/%E0%A4%A/edit')).toMatchObject({ name: 'not-found' });
  });
});
