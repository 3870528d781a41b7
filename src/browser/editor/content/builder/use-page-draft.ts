/**
 * The builder's document: the page as loaded, its sections with undo/redo, autosave of the draft
 * (PUT ~1 s after changes stop, naming the version of the last answer) and publishing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageSection } from '../../../../shared/content/blocks.js';
import {
  PageApi,
  type PageDoc,
  type PageInput,
  type SavePageRequest,
} from '../../../../shared/content/page-api.js';
import { ApiError } from '../../../lib/api.js';
import { editorFetch } from '../../editor-fetch.js';
import { actionFailureText } from '../../messages.js';
import { record, redo, reset, startHistory, undo, type History } from './history.js';

export const AUTOSAVE_MS = 1000;

export type SaveState = 'saved' | 'unsaved' | 'saving';

/** Why saving stopped: the owner must act (reload, wait for the lock, fix a field). */
export type SaveProblem =
  | { kind: 'conflict'; text: string }
  | { kind: 'locked'; text: string; holder: string | null }
  | { kind: 'invalid'; text: string; fieldErrors: Record<string, string> }
  | { kind: 'failed'; text: string };

/** The pages API answers with the page, bare or as `{ page }`. */
export function pageOf(res: PageDoc | { page: PageDoc }): PageDoc {
  return 'page' in res ? res.page : res;
}

export function inputOf(page: PageDoc, sections: PageSection[]): PageInput {
  return {
    title: page.title,
    slug: page.slug,
    status: page.status,
    navigation: page.navigation,
    seo: page.seo,
    sections,
    ...(page.folderBehavior !== undefined ? { folderBehavior: page.folderBehavior } : {}),
  };
}

export function problemOf(err: unknown): SaveProblem {
  if (err instanceof ApiError) {
    const body = (err.body ?? {}) as {
      error?: { holder?: { name?: string }; fieldErrors?: Record<string, string> };
    };
    if (err.status === 409 && err.code === 'CONTENT_CONFLICT')
      return { kind: 'conflict', text: err.message };
    if (err.status === 423)
      return { kind: 'locked', text: err.message, holder: body.error?.holder?.name ?? null };
    if (err.code === 'CONTENT_INVALID')
      return { kind: 'invalid', text: err.message, fieldErrors: body.error?.fieldErrors ?? {} };
  }
  return { kind: 'failed', text: actionFailureText(err) };
}

export interface PageDraft {
  page: PageDoc;
  sections: PageSection[];
  canUndo: boolean;
  canRedo: boolean;
  saveState: SaveState;
  problem: SaveProblem | null;
  publishing: boolean;
  /** Records a change made from the newest sections; `key` coalesces typing into one undo step. */
  change: (edit: (sections: PageSection[]) => PageSection[], key?: string) => void;
  undo: () => void;
  redo: () => void;
  saveNow: () => Promise<boolean>;
  publish: () => Promise<void>;
  /** Replaces the document with one from the server (a restored version), without an undo step. */
  replace: (page: PageDoc) => void;
}

/**
 * `canSave` false (the page has errors the server would refuse, or the owner may only look):
 * autosave waits, and the state stays 'unsaved'.
 */
export function usePageDraft(initial: PageDoc, canSave: boolean): PageDraft {
  const [page, setPage] = useState(initial);
  const [hist, setHist] = useState<History<PageSection[]>>(() => startHistory(initial.sections));
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [publishing, setPublishing] = useState(false);

  // Refs the save loop reads, so a save started earlier sees the newest document.
  const pageRef = useRef(page);
  pageRef.current = page;
  const present = useRef(hist.present);
  present.current = hist.present;
  const saved = useRef(initial.sections);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const blocked = useRef(false);

  const saveNow = useCallback(async (): Promise<boolean> => {
    if (inFlight.current) await inFlight.current;
    if (blocked.current) return false;
    const sections = present.current;
    if (sections === saved.current) {
      setSaveState('saved');
      return true;
    }
    const run = (async () => {
      setSaveState('saving');
      const p = pageRef.current;
      const body: SavePageRequest = { ...inputOf(p, sections), version: p.version };
      try {
        const next = pageOf(
          await editorFetch<PageDoc | { page: PageDoc }>(PageApi.one(p.id), {
            method: 'PUT',
            json: body,
          }),
        );
        saved.current = sections;
        // Keep our sections (the history's objects); take the server's version and flags.
        setPage({ ...next, sections });
        pageRef.current = { ...next, sections };
        setProblem(null);
        setSaveState(present.current === sections ? 'saved' : 'unsaved');
        return true;
      } catch (err) {
        const pr = problemOf(err);
        // A conflict or a lock stops autosave until the owner reloads; the rest retry on change.
        if (pr.kind === 'conflict' || pr.kind === 'locked') blocked.current = true;
        setProblem(pr);
        setSaveState('unsaved');
        return false;
      }
    })();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      inFlight.current = null;
    }
  }, []);

  // Autosave: ~1 s after the last change.
  useEffect(() => {
    if (hist.present === saved.current) {
      // Undone back to what the server has.
      setSaveState((s) => (s === 'saving' ? s : 'saved'));
      return;
    }
    setSaveState((s) => (s === 'saving' ? s : 'unsaved'));
    if (!canSave) return;
    const t = window.setTimeout(() => void saveNow(), AUTOSAVE_MS);
    return () => window.clearTimeout(t);
  }, [hist.present, saveNow, canSave]);

  const publish = useCallback(async () => {
    setPublishing(true);
    try {
      if (!(await saveNow())) return;
      const p = pageRef.current;
      const next = pageOf(
        await editorFetch<PageDoc | { page: PageDoc }>(PageApi.publish(p.id), {
          method: 'POST',
          json: { version: p.version },
        }),
      );
      setPage({ ...next, sections: present.current });
      pageRef.current = { ...next, sections: present.current };
      setProblem(null);
    } catch (err) {
      const pr = problemOf(err);
      if (pr.kind === 'conflict' || pr.kind === 'locked') blocked.current = true;
      setProblem(pr);
    } finally {
      setPublishing(false);
    }
  }, [saveNow]);

  const replace = useCallback((next: PageDoc) => {
    saved.current = next.sections;
    blocked.current = false;
    setPage(next);
    setHist(reset(next.sections));
    setProblem(null);
    setSaveState('saved');
  }, []);

  return {
    page,
    sections: hist.present,
    canUndo: hist.past.length > 0,
    canRedo: hist.future.length > 0,
    saveState,
    problem,
    publishing,
    change: useCallback((edit, key) => setHist((h) => record(h, edit(h.present), key)), []),
    undo: useCallback(() => setHist(undo), []),
    redo: useCallback(() => setHist(redo), []),
    saveNow,
    publish,
    replace,
  };
}
