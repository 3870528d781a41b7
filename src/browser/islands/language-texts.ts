import {
  hasTexts,
  primaryLanguage,
  registerTexts,
  type TextArea,
} from '../../shared/i18n/text-packs.js';

/**
 * Where each language's text areas come from in the browser: one chunk per language and area
 * (`src/shared/i18n/{language}/{area}.ts`), so an English page loads none and a Japanese page only
 * what its islands draw. English is built in (the default of every table).
 */
const LOADERS: Readonly<
  Record<string, Readonly<Record<TextArea, () => Promise<{ default: unknown }>>>>
> = {
  ja: {
    storefront: () => import('../../shared/i18n/ja/storefront.js'),
    forms: () => import('../../shared/i18n/ja/forms.js'),
    checkout: () => import('../../shared/i18n/ja/checkout.js'),
    comments: () => import('../../shared/i18n/ja/comments.js'),
    messages: () => import('../../shared/i18n/ja/messages.js'),
    subscriptions: () => import('../../shared/i18n/ja/subscriptions.js'),
  },
};

const loading = new Map<string, Promise<void>>();

/** Loads and registers `language`'s tables of these areas (once each); nothing for English. */
export function loadTexts(language: string, areas: readonly TextArea[]): Promise<void> {
  const primary = primaryLanguage(language);
  if (!Object.hasOwn(LOADERS, primary)) return Promise.resolve();
  const loaders = LOADERS[primary]!;
  return Promise.all(
    areas
      .filter((area) => !hasTexts(primary, area))
      .map((area) => {
        const key = `${primary}/${area}`;
        let p = loading.get(key);
        if (!p) {
          p = loaders[area]().then(
            (m) => registerTexts(primary, area, m.default),
            (err: unknown) => {
              loading.delete(key); // a later attempt may succeed
              throw err;
            },
          );
          loading.set(key, p);
        }
        return p;
      }),
  ).then(() => undefined);
}
