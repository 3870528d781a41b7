import { useCallback, useEffect, useRef, useState } from 'react';
import type { RestockSendJson } from '../../shared/restock/types.js';
import { RESTOCK_PATHS } from './editor-constants.js';
import { editorFetch } from './editor-fetch.js';
import { actionFailureText } from './messages.js';
import { combinedProgress } from './send-requests.js';

/** How often a running send is asked for its progress. */
export const POLL_MS = 1000;

export interface TrackedSend {
  /** Set once the first progress arrives. */
  progress: ReturnType<typeof combinedProgress> | null;
  /** Starting or polling failed: SPEC 8.7 text. */
  error: string | null;
  done: boolean;
}

/**
 * Starts restock sends and follows their progress (`GET …/sends/{id}` every second) until none is
 * running, keyed by what the owner clicked ('all' or a variant id). `onSettled` runs when a key's
 * sends finish, so the screen can reload its counts. Polling stops when the screen unmounts.
 */
export function useSendTracker(onSettled: () => void) {
  const [sends, setSends] = useState<Record<string, TrackedSend>>({});
  const alive = useRef(true);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const update = (key: string, s: TrackedSend) => {
    if (alive.current) setSends((all) => ({ ...all, [key]: s }));
  };

  const track = useCallback(async (key: string, start: () => Promise<(string | null)[]>) => {
    update(key, { progress: null, error: null, done: false });
    let ids: string[];
    try {
      // A null id means nobody was waiting for that variant: nothing to follow.
      ids = (await start()).filter((id): id is string => typeof id === 'string');
    } catch (err) {
      update(key, { progress: null, error: actionFailureText(err), done: true });
      return;
    }
    for (;;) {
      if (!alive.current) return;
      let progress: ReturnType<typeof combinedProgress>;
      try {
        const all = await Promise.all(
          ids.map((id) =>
            editorFetch<RestockSendJson>(`${RESTOCK_PATHS.sends}/${encodeURIComponent(id)}`),
          ),
        );
        progress = combinedProgress(all);
      } catch (err) {
        update(key, { progress: null, error: actionFailureText(err), done: true });
        settled.current();
        return;
      }
      update(key, { progress, error: null, done: !progress.running });
      if (!progress.running) {
        settled.current();
        return;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }, []);

  return { sends, track };
}
