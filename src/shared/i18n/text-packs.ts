/**
 * The non-English tables of the storefront's texts, by language and area. English lives beside
 * the code that uses it (it is every page's default); another language's tables live in
 * `src/shared/i18n/{language}/{area}.ts`, one module per area, so a browser loads only its site's
 * language and only the areas the page's islands draw (`src/browser/islands/language-texts.ts`
 * fetches them before an island hydrates; `messages` when a message is shown, `subscriptions`
 * for a product sold by subscription). The server
 * registers every language at start (`registerAllLanguages`, `all-languages.ts`).
 */
export const TEXT_AREAS = [
  'storefront',
  'forms',
  'checkout',
  'comments',
  'messages',
  'subscriptions',
] as const;
export type TextArea = (typeof TEXT_AREAS)[number];

const packs = new Map<string, Map<TextArea, unknown>>();

/** The primary subtag of a language code ('ja-JP', 'ja_JP', 'JA' → 'ja'). */
export function primaryLanguage(language: string | null | undefined): string {
  return (language ?? '').trim().toLowerCase().split(/[-_]/, 1)[0] ?? '';
}

/** Makes a language's table of one area available to `areaTexts`. */
export function registerTexts(language: string, area: TextArea, table: unknown): void {
  const primary = primaryLanguage(language);
  let pack = packs.get(primary);
  if (!pack) packs.set(primary, (pack = new Map()));
  pack.set(area, table);
}

/** Whether a language's area is registered (the browser loads it once). */
export function hasTexts(language: string | null | undefined, area: TextArea): boolean {
  return packs.get(primaryLanguage(language))?.has(area) ?? false;
}

/** The registered table of a language's area, or undefined (the caller falls back to English). */
export function areaTexts<T>(area: TextArea, language: string | null | undefined): T | undefined {
  return packs.get(primaryLanguage(language))?.get(area) as T | undefined;
}
