import { VISIT_COOKIE_MAX_AGE_MS } from './constants.js';

/** The visitor cookie `uuid|first|previous|current|visitCount` (SPEC 3.12). */
export interface VisitorState {
  id: string;
  /** Time of the first visit (epoch ms). */
  first: number;
  /** Start of the previous visit. */
  previous: number;
  /** Start of the current visit. */
  current: number;
  visitCount: number;
}

const ID_RE = /^[A-Za-z0-9-]{8,64}$/;

function positiveInt(s: string | undefined): number | null {
  if (!s || !/^\d{1,16}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

export function parseVisitorCookie(value: string | null | undefined): VisitorState | null {
  if (!value) return null;
  const parts = value.split('|');
  if (parts.length !== 5 || !ID_RE.test(parts[0]!)) return null;
  const [first, previous, current, visitCount] = parts.slice(1).map(positiveInt);
  if (!first || !previous || !current || !visitCount) return null;
  return { id: parts[0]!, first, previous, current, visitCount };
}

export function formatVisitorCookie(s: VisitorState): string {
  return `${s.id}|${s.first}|${s.previous}|${s.current}|${s.visitCount}`;
}

/** `ss_cvt`: a positive integer timestamp. */
export function parseVisitCookie(value: string | null | undefined): number | null {
  return positiveInt(value ?? undefined);
}

export interface VisitDecision {
  state: VisitorState;
  newVisitor: boolean;
  newVisit: boolean;
}

/**
 * The visitor's state for a hit at `now`: a new visitor gets a fresh id; a returning visitor whose
 * 30-minute visit cookie lapsed (absent, bad, or older than 30 minutes) starts a new visit:
 * visitCount + 1, previous = current, current = now. Otherwise the visit goes on unchanged.
 */
export function nextVisit(
  visitorCookie: string | null | undefined,
  visitCookie: string | null | undefined,
  now: number,
  newId: () => string,
): VisitDecision {
  const prev = parseVisitorCookie(visitorCookie);
  if (!prev) {
    return {
      state: { id: newId(), first: now, previous: now, current: now, visitCount: 1 },
      newVisitor: true,
      newVisit: true,
    };
  }
  const last = parseVisitCookie(visitCookie);
  const lapsed = last === null || now - last >= VISIT_COOKIE_MAX_AGE_MS || last > now + 60_000;
  if (!lapsed) return { state: prev, newVisitor: false, newVisit: false };
  return {
    state: { ...prev, previous: prev.current, current: now, visitCount: prev.visitCount + 1 },
    newVisitor: false,
    newVisit: true,
  };
}

/** A session id for commerce events: one per visit. */
export function sessionIdOf(s: VisitorState): string {
  return `${s.id}.${s.visitCount}`;
}
