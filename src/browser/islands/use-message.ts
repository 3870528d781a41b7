import { useEffect, useState } from 'react';
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

/**
 * A registry text (an error the server or a shared rule gave in English) in the page's language.
 * Messages are shown rarely, so their table is fetched the first time one is shown; until it is
 * there nothing is shown (not the English), and if it cannot be fetched the English is.
 */
export function useMessage(text: string | null | undefined): string {
  const language = pageLanguage();
  const waiting = !!text && foreignPage(language) && !localize;
  const [failed, setFailed] = useState(false);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!waiting) return;
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
  }, [waiting]);
  if (!text) return '';
  if (waiting) return failed ? text : '';
  return localize ? localize(language, text) : text;
}

/** A registry text in the page's language, as a component (`<Message text={error} />`). */
export function Message({ text }: { text: string | null | undefined }) {
  return useMessage(text);
}
