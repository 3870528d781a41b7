/**
 * The table for a language code ('ja', 'ja-JP', 'ja_JP', 'JA'…), chosen by its primary subtag;
 * `fallback` for any language without a table (or none). Own properties only, so a code such as
 * 'constructor' cannot pick something off Object.prototype. Storefront texts, theme texts and
 * shopper mail all choose their language this way.
 */
export function byLanguage<T>(
  tables: Readonly<Record<string, T>>,
  language: string | null | undefined,
  fallback: T,
): T {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/, 1)[0] ?? '';
  return Object.hasOwn(tables, primary) ? tables[primary]! : fallback;
}
