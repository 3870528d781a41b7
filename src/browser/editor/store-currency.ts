import { editorFetch } from './editor-fetch.js';

/** What the editor needs to know of the store it edits, from the storefront's context. */
export interface StoreBasics {
  /** Amounts are edited in it. */
  currency: string;
  /** `website.language` ('ja-JP'): a new product's default texts are in it. */
  language: string;
}

/** The store's currency and the website's language, as the storefront's context names them. */
export async function loadStoreBasics(signal: AbortSignal): Promise<StoreBasics> {
  const ctx = await editorFetch<{
    website?: { language?: string };
    websiteSettings?: { storeSettings?: { currencyCode?: string } };
  }>('/?format=json', { signal }).catch(() => undefined);
  return {
    currency: ctx?.websiteSettings?.storeSettings?.currencyCode ?? 'USD',
    language: ctx?.website?.language ?? 'en-US',
  };
}

/** The store's currency (amounts are edited in it). */
export async function loadStoreCurrency(signal: AbortSignal): Promise<string> {
  return (await loadStoreBasics(signal)).currency;
}
