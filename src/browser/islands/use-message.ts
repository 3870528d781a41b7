import { useEffect, useRef, useState } from 'react';
import { ensureTexts, foreignPage, pageLanguage } from './page-texts.js';

type Localize = (language: string, text: string) => string;

let localize: Localize | undefined;
let loading: Promise<void> | undefined;

/**
 * Fetches what shows registry texts in the page's language: the mapping (`i18n/messages.ts`) and
 * the language's `messages` table. Nothing on an English page. A failed fetch is forgotten.
 */
export function prepareMessages(): Promise<void> {
  if (!foreignPage() || localize) return Promise.resolve();
  loading ??= Promise.all([
    import('../../shared/i18n/messages.js'),
    ensureTexts(['messages']),
  ]).then(
    ([m]) => {
      localize = m.localizeMessage;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** `useMessages`: registry texts in the page's language, for an island that shows many. */
export interface PageMessages {
  /** The text in the page's language; '' while its table is being fetched. */
  say: (text: string) => string;
  /** Whether the last render showed a text still waiting for its table (focus it later). */
  waiting: () => boolean;
}

/**
 * Registry texts (errors the server or a shared rule gave in English) in the page's language.
 * Messages are shown rarely, so their table is fetched the first time `say` is asked for one on
 * a foreign page; until it is there `say` gives '' (not the English) and the island renders
 * again when it comes; if it cannot be fetched the English is shown.
 */
export function useMessages(): PageMessages {
  const language = pageLanguage();
  const foreign = foreignPage(language);
  const [failed, setFailed] = useState(false);
  const [, setLoaded] = useState(0);
  const asked = useRef(false);
  asked.current = false;
  // After every render: fetch the table when this render wanted a text of it.
  useEffect(() => {
    if (!asked.current) return;
    let live = true;
    prepareMessages().then(
      () => live && setLoaded((n) => n + 1),
      (err: unknown) => {
        console.warn('texts: could not load the messages', err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  });
  return {
    say: (text) => {
      if (!text || !foreign) return text;
      if (localize) return localize(language, text);
      if (failed) return text;
      asked.current = true;
      return '';
    },
    waiting: () => asked.current,
  };
}

/** A registry text in the page's language ('' while its table loads; see `useMessages`). */
export function useMessage(text: string | null | undefined): string {
  return useMessages().say(text ?? '');
}

/** A registry text in the page's language, as a component (`<Message text={error} />`). */
export function Message({ text }: { text: string | null | undefined }) {
  return useMessage(text);
}
