/**
 * Undo and redo over the builder's document. Typing coalesces: changes with the same `key` (one
 * field of one block) within `COALESCE_MS` of the last one replace the newest step instead of
 * adding one, so Ctrl+Z undoes a burst of typing, not one letter.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The key and time of the newest step, for coalescing. */
  lastKey: string | undefined;
  lastAt: number;
}

export const COALESCE_MS = 1000;
/** Steps kept; the oldest are dropped. */
export const HISTORY_MAX = 100;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: undefined, lastAt: 0 };
}

/** Records `next` as the new present; `key` names the edit for coalescing (none: never coalesce). */
export function record<T>(
  h: History<T>,
  next: T,
  key?: string,
  now: number = Date.now(),
): History<T> {
  if (next === h.present) return h;
  if (key !== undefined && key === h.lastKey && now - h.lastAt < COALESCE_MS && h.past.length > 0)
    return { ...h, present: next, future: [], lastAt: now };
  const past = [...h.past, h.present];
  if (past.length > HISTORY_MAX) past.splice(0, past.length - HISTORY_MAX);
  return { past, present: next, future: [], lastKey: key, lastAt: now };
}

export function undo<T>(h: History<T>): History<T> {
  const prev = h.past[h.past.length - 1];
  if (prev === undefined) return h;
  return {
    past: h.past.slice(0, -1),
    present: prev,
    future: [h.present, ...h.future],
    lastKey: undefined,
    lastAt: 0,
  };
}

export function redo<T>(h: History<T>): History<T> {
  const [next, ...future] = h.future;
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future, lastKey: undefined, lastAt: 0 };
}

/** Replaces the present without a step (the server's answer, a restored version). */
export function reset<T>(present: T): History<T> {
  return startHistory(present);
}
