import { editorFetch } from './editor-fetch.js';

/** The store's currency, which the storefront's context names (amounts are edited in it). */
export async function loadStoreCurrency(signal: AbortSignal): Promise<string> {
  const ctx = await editorFetch<{
    websiteSettings?: { storeSettings?: { currencyCode?: string } };
  }>('/?format=json', { signal }).catch(() => undefined);
  return ctx?.websiteSettings?.storeSettings?.currencyCode ?? 'USD';
}
