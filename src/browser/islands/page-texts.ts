/**
 * The page's language tables, fetched only where the page is not in English: an English page
 * never loads the loaders (`language-texts.ts`) nor the message mapping (`i18n/messages.ts`).
 */
import type { TextArea } from '../../shared/i18n/text-packs.js';

/** The page's language (the theme's `<html lang>`, the site's language). */
export function pageLanguage(): string {
  return typeof document === 'undefined' ? '' : document.documentElement.lang;
}

/** Whether the page's language may have tables to load (anything but English). */
export function foreignPage(language = pageLanguage()): boolean {
  return !/^(en)?([-_]|$)/i.test(language.trim());
}

/** Loads the page language's tables of these areas (once each); nothing on an English page. */
export function ensureTexts(areas: readonly TextArea[]): Promise<void> {
  const language = pageLanguage();
  if (!foreignPage(language) || areas.length === 0) return Promise.resolve();
  return import('./language-texts.js').then((m) => m.loadTexts(language, areas));
}
