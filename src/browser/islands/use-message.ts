import { useEffect, useState } from 'react';
import { hasTexts } from '../../shared/i18n/text-packs.js';
import { localizeMessage } from '../../shared/i18n/messages.js';
import { hasLoadableTexts, loadTexts, pageLanguage } from './language-texts.js';

/**
 * A registry text (an error the server or a shared rule gave in English) in the page's language.
 * Messages are shown rarely, so their table is fetched the first time one is shown; until it is
 * there nothing is shown (not the English), and if it cannot be fetched the English is.
 */
export function useMessage(text: string | null | undefined): string {
  const language = pageLanguage();
  const waiting = !!text && hasLoadableTexts(language) && !hasTexts(language, 'messages');
  const [failed, setFailed] = useState(false);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    loadTexts(language, ['messages']).then(
      () => live && setLoaded((n) => n + 1),
      (err: unknown) => {
        console.warn('texts: could not load the messages', err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [waiting, language]);
  if (!text) return '';
  if (waiting) return failed ? text : '';
  return localizeMessage(language, text);
}

/** A registry text in the page's language, as a component (`<Message text={error} />`). */
export function Message({ text }: { text: string | null | undefined }) {
  return useMessage(text);
}
